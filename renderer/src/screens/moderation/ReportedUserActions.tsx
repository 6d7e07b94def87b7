// What can be done about the reported user: change their role (for example to guest) or deactivate
// them, with the same components as Users & roles (user-changes/): the rules shown before anything is
// sent, who gains or loses rights, hazards confirmed in words, the server's refusal in words, and the
// user followed live.
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { User } from '../../../../shared/api/users';
import { roleWithArticle } from '../../../../shared/domain/role-rules';
import type { Account, Report } from '../../../../shared/ipc';
import { UnsavedEditsContext } from '../../components/unsaved-edits';
import { errorWords } from '../../errors/words';
import { RoleChange } from '../../user-changes/RoleChange';
import { actorOf } from '../../user-changes/role-options';
import { StatusChange } from '../../user-changes/StatusChange';
import { useUnsavedUserEdits } from '../../user-changes/unsaved-user-edits';

export interface ReportedUserActionsProps {
  account: Account;
  person: NonNullable<Report['reportedUser']>;
  users: UseQueryResult<User[]>;
}

export function ReportedUserActions({ account, person, users }: ReportedUserActionsProps) {
  return (
    <section className="user-actions" aria-labelledby="user-actions-title">
      <h3 id="user-actions-title" className="section-label">Act on {person.name}</h3>
      {users.isPending ? (
        <p className="muted">Reading roles…</p>
      ) : users.isError ? (
        <p className="notice inline-error" data-tone="danger" role="alert">
          Could not read the organization’s users, so roles cannot be changed here: {errorWords(users.error).message}
        </p>
      ) : (
        <Actions account={account} people={users.data} person={person} />
      )}
    </section>
  );
}

function Actions({ account, people, person }: { account: Account; people: User[]; person: ReportedUserActionsProps['person'] }) {
  const actor = useMemo(() => actorOf(account, people), [account, people]);
  const target = people.find((user) => user.user_id === person.id);
  const unsaved = useUnsavedUserEdits(target?.full_name ?? null);
  if (!target) return <p className="muted">{person.name} is no longer in this organization’s user list, so there is nothing to change.</p>;
  return (
    <UnsavedEditsContext.Provider value={unsaved}>
      <p className="muted">
        {target.user_id === actor.userId
          ? `${target.full_name} is you, ${roleWithArticle(target.role)}${target.is_active ? '' : ', deactivated'}.`
          : `${target.full_name} is ${roleWithArticle(target.role)}${target.is_active ? '' : ', deactivated'}. You are ${roleWithArticle(actor.role)}.`}
      </p>
      <RoleChange account={account} actor={actor} user={target} people={people} headingLevel={4} />
      <StatusChange account={account} actor={actor} user={target} people={people} headingLevel={4} />
    </UnsavedEditsContext.Provider>
  );
}
