// Renaming a user. The field follows the user live (a rename made elsewhere shows at once); under an
// unsent edit, the new name is said with "Keep my edit" and "Take theirs" (user-changes/use-live-draft.ts).
import { useId, useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/api/users';
import type { Account } from '../../../../shared/ipc';
import { ProblemText } from '../../components/Field';
import { wordedByCore } from '../../errors/words';
import { useUserChange } from '../../queries/users';
import { ChangedMeanwhile } from '../../user-changes/ChangedMeanwhile';
import { changeDone } from '../../user-changes/change-words';
import type { Actor } from '../../user-changes/role-options';
import { useUnsavedEdit } from '../../components/unsaved-edits';
import { useLiveDraft } from '../../user-changes/use-live-draft';

export interface NameSectionProps {
  account: Account;
  actor: Actor;
  user: User;
}

const MAX_NAME = 100;

export function NameSection({ account, actor, user }: NameSectionProps) {
  const draft = useLiveDraft(user.full_name);
  const [done, setDone] = useState<string | null>(null);
  const change = useUserChange();
  const id = useId();
  const name = draft.value;
  const trimmed = name.trim();
  const problem = trimmed.length === 0 ? 'Enter a name.' : trimmed.length > MAX_NAME ? `A name has at most ${MAX_NAME} characters.` : null;
  const mayRename = actor.role <= 200;
  const failure = change.isError ? wordedByCore(change.error) : null;
  useUnsavedEdit('name', mayRename && trimmed !== user.full_name);
  const canSend = mayRename && problem === null && trimmed !== user.full_name && draft.theirs === null && !change.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    change.mutate(
      { kind: 'rename', account: account.id, userId: user.user_id, fullName: trimmed },
      {
        onSuccess: (updated) => {
          // As the server stored it (trimmed), so the field matches the live name again.
          draft.reset(updated.full_name);
          setDone(updated.full_name);
        },
      },
    );
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Full name</h3>
      <form className="rename-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          Full name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={MAX_NAME + 20}
          disabled={!mayRename}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : !mayRename ? `${id}-why` : undefined}
          onChange={(event) => {
            draft.set(event.target.value);
            setDone(null);
            change.reset();
          }}
        />
        <button type="submit" className="button" disabled={!canSend}>
          {change.isPending ? 'Renaming…' : 'Rename'}
        </button>
      </form>
      {!mayRename && (
        <p id={`${id}-why`} className="role-reason">
          {user.user_id === actor.userId
            ? 'Only organization administrators and owners can rename users here; change your own name in your personal settings.'
            : 'Only organization administrators and owners can change other users’ names.'}
        </p>
      )}
      {draft.theirs !== null && <ChangedMeanwhile theirs={draft.theirs} mine={name} what="edit" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      {problem && <ProblemText id={`${id}-problem`} message={problem} />}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      {done === user.full_name && (
        <p className="change-done" role="status">
          {changeDone('rename', user)}
        </p>
      )}
    </section>
  );
}
