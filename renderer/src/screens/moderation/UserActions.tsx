// What can be done about the reported user: change their role (for example to guest) or deactivate
// them. The role rules (shared/domain/role-rules.ts) are shown before anything is sent, each change
// asks for confirmation, and the server's refusal is shown in words with what to do.
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { checkDeactivation, checkRoleChange, ROLE_NAMES, ROLES_IN_ORDER } from '../../../../shared/domain/role-rules';
import type { Account, Report } from '../../../../shared/ipc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorWords } from '../../errors/words';
import { useChangeRole, useDeactivate } from '../../queries/moderation';

/** What each role means for the person given it, said in the confirmation. */
const ROLE_MEANING: Record<Role, string> = {
  100: 'Owners can do everything in the organization, including managing other owners.',
  200: 'Administrators manage the organization’s settings, users and channels.',
  300: 'Moderators can moderate messages and channels, and read reports if they can read the moderation channel.',
  400: 'Members take part in every public channel and the private channels they are added to.',
  600: 'Guests see only the channels they are added to: they cannot browse or join other channels.',
};

const article = (role: Role) => (role === 200 || role === 100 ? 'an' : 'a');
const roleWord = (role: Role) => ROLE_NAMES[role].toLowerCase();

type Outcome = { kind: 'success'; text: string } | { kind: 'error'; text: string; action: string };

export function UserActions({ account, person, users }: { account: Account; person: NonNullable<Report['reportedUser']>; users: UseQueryResult<User[]> }) {
  return (
    <section className="user-actions" aria-labelledby="user-actions-title">
      <h3 id="user-actions-title">Act on {person.name}</h3>
      {users.isPending ? (
        <p className="muted">Reading roles…</p>
      ) : users.isError ? (
        <p className="inline-error" role="alert">
          Could not read the organization’s users, so roles cannot be changed here: {errorWords(users.error).message}
        </p>
      ) : (
        <Actions account={account} users={users.data} person={person} />
      )}
    </section>
  );
}

function Actions({ account, users, person }: { account: Account; users: User[]; person: NonNullable<Report['reportedUser']> }) {
  const target = users.find((user) => user.user_id === person.id);
  const actorRole = users.find((user) => user.user_id === account.userId)?.role ?? account.role;
  const humanOwners = users.filter((user) => user.is_active && !user.is_bot && user.role === 100).length;
  const changeRole = useChangeRole(account.id);
  const deactivate = useDeactivate(account.id);
  const [newRole, setNewRole] = useState<Role>(() => (target?.role === 600 ? 400 : 600));
  const [confirming, setConfirming] = useState<'role' | 'deactivate' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (!target) return <p className="muted">{person.name} is no longer in this organization’s user list, so there is nothing to change.</p>;
  const name = target.full_name;
  if (!target.is_active) {
    return <p className="muted">{name} is deactivated: they cannot sign in or send messages. They can be reactivated from Users &amp; roles.</p>;
  }

  const facts = { actorRole, targetRole: target.role, humanOwners, targetIsBot: target.is_bot, targetName: name };
  const roleVerdict = checkRoleChange({ ...facts, newRole });
  const sameRole = newRole === target.role;
  const deactivateVerdict = target.user_id === account.userId
    ? { allowed: false as const, reason: 'This is you: you cannot deactivate yourself here.' }
    : checkDeactivation(facts);
  const busy = changeRole.isPending || deactivate.isPending;

  const failed = (what: string) => (error: unknown) => {
    const words = errorWords(error);
    setOutcome({ kind: 'error', text: `${what}: ${words.message}`, action: words.action ?? 'Check the rule shown above, or try again; nothing was changed.' });
  };

  const confirmRole = () => {
    setConfirming(null);
    setOutcome(null);
    const role = newRole;
    changeRole.mutate(
      { userId: target.user_id, role },
      {
        onSuccess: (user) => {
          setOutcome({ kind: 'success', text: `${user.full_name} is now ${article(user.role)} ${roleWord(user.role)}.` });
          setNewRole(user.role === 600 ? 400 : 600);
        },
        onError: failed(`${name} could not be made ${article(role)} ${roleWord(role)}`),
      },
    );
  };

  const confirmDeactivate = () => {
    setConfirming(null);
    setOutcome(null);
    deactivate.mutate(
      { userId: target.user_id },
      {
        onSuccess: (user) => setOutcome({ kind: 'success', text: `${user.full_name} is deactivated.` }),
        onError: failed(`${name} could not be deactivated`),
      },
    );
  };

  return (
    <>
      <p className="muted">
        {name} is {article(target.role)} {roleWord(target.role)}. You are {article(actorRole)} {roleWord(actorRole)}.
      </p>
      <div className="action-row">
        <label className="filter">
          <span>New role</span>
          <select value={newRole} onChange={(event) => setNewRole(Number(event.target.value) as Role)} disabled={busy}>
            {ROLES_IN_ORDER.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
                {role === target.role ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={busy || sameRole || !roleVerdict.allowed} onClick={() => setConfirming('role')}>
          {changeRole.isPending ? 'Changing the role…' : 'Change role…'}
        </button>
      </div>
      {sameRole ? (
        <p className="rule muted">{name} already has this role.</p>
      ) : (
        !roleVerdict.allowed && <p className="rule">{roleVerdict.reason}</p>
      )}
      <div className="action-row">
        <button type="button" className="button button-danger-outline" disabled={busy || !deactivateVerdict.allowed} onClick={() => setConfirming('deactivate')}>
          {deactivate.isPending ? 'Deactivating…' : `Deactivate ${name}…`}
        </button>
      </div>
      {!deactivateVerdict.allowed && <p className="rule">{deactivateVerdict.reason}</p>}

      {outcome && (
        <div className={outcome.kind === 'error' ? 'inline-error' : 'inline-success'} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          <p>{outcome.text}</p>
          {outcome.kind === 'error' && <p className="muted">{outcome.action}</p>}
        </div>
      )}

      <ConfirmDialog
        open={confirming === 'role'}
        title={`Make ${name} ${article(newRole)} ${roleWord(newRole)}?`}
        confirmLabel={`Make ${roleWord(newRole)}`}
        danger={newRole > target.role}
        onConfirm={confirmRole}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {name} is {article(target.role)} {roleWord(target.role)} now. {ROLE_MEANING[newRole]}
        </p>
        <p>The change takes effect at once. You can change it back here or in Users &amp; roles.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'deactivate'}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        danger
        onConfirm={confirmDeactivate}
        onCancel={() => setConfirming(null)}
      >
        <p>{name} is signed out everywhere at once and can no longer sign in, send messages or be messaged. Their messages stay.</p>
        <p>An administrator can reactivate them later from Users &amp; roles.</p>
      </ConfirmDialog>
    </>
  );
}
