// Renaming a user, and deactivating or reactivating one behind a confirmation. The last-owner rule
// is shown before the button is pressed, not after the server refuses.
import { useId, useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/api/users';
import type { Account } from '../../../../shared/ipc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProblemText } from '../../components/Field';
import { useUserChange } from '../../queries/users';
import { toast } from '../../stores/toasts';
import { changeDone, changeFailed, roleWithArticle } from './change-words';
import { deactivationVerdict, type Actor } from './role-options';

interface ActionProps {
  account: Account;
  actor: Actor;
  user: User;
}

const MAX_NAME = 100;

export function NameSection({ account, actor, user }: ActionProps) {
  const [name, setName] = useState(user.full_name);
  const change = useUserChange();
  const id = useId();
  const trimmed = name.trim();
  const problem = trimmed.length === 0 ? 'Enter a name.' : trimmed.length > MAX_NAME ? `A name has at most ${MAX_NAME} characters.` : null;
  const mayRename = actor.role <= 200;
  const failure = change.isError ? changeFailed('rename', user, change.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || trimmed === user.full_name) return;
    change.mutate(
      { kind: 'rename', account: account.id, userId: user.user_id, fullName: trimmed },
      { onSuccess: (updated) => toast({ kind: 'success', title: changeDone('rename', updated) }) },
    );
  };

  return (
    <section className="detail-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Full name</h3>
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
            setName(event.target.value);
            change.reset();
          }}
        />
        <button type="submit" className="button" disabled={!mayRename || problem !== null || trimmed === user.full_name || change.isPending}>
          {change.isPending ? 'Renaming…' : 'Rename'}
        </button>
      </form>
      {!mayRename && (
        <p id={`${id}-why`} className="role-reason">
          Only organization administrators and owners can change other users’ names.
        </p>
      )}
      {problem && <ProblemText id={`${id}-problem`} message={problem} />}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
    </section>
  );
}

export function StatusSection({ account, actor, user, humanOwners }: ActionProps & { humanOwners: number }) {
  const [confirming, setConfirming] = useState(false);
  const change = useUserChange();
  const id = useId();
  const kind = user.is_active ? 'deactivate' : 'reactivate';
  const self = user.user_id === actor.userId;
  const rule = deactivationVerdict(actor, user, humanOwners);
  const verdict = user.is_active
    ? rule.allowed && self
      ? { allowed: false as const, reason: 'You cannot deactivate yourself from the console: you would lose access to this organization.' }
      : rule.allowed && user.is_bot
        ? // upstream's DELETE /users/{id} refuses bots ("No such user"): bots have their own endpoints.
          { allowed: false as const, reason: 'Bots are deactivated from their owner’s bot settings, not from the users list.' }
        : rule
    : actor.role <= 200
      ? { allowed: true as const }
      : { allowed: false as const, reason: 'Only organization administrators and owners can reactivate users.' };
  const failure = change.isError && change.variables?.kind === kind ? changeFailed(kind, user, change.error) : null;

  const confirm = () => {
    setConfirming(false);
    change.mutate({ kind, account: account.id, userId: user.user_id }, { onSuccess: (updated) => toast({ kind: 'success', title: changeDone(kind, updated) }) });
  };

  return (
    <section className="detail-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{user.is_active ? 'Deactivate' : 'Reactivate'}</h3>
      <p className="muted">
        {user.is_active
          ? 'A deactivated user cannot sign in or receive messages; their messages stay. You can reactivate them later.'
          : `${user.full_name} is deactivated. Reactivating lets them sign in again with the same role.`}
      </p>
      <div className="detail-actions">
        <button
          type="button"
          className={user.is_active ? 'button button-danger' : 'button'}
          disabled={!verdict.allowed || change.isPending}
          aria-describedby={verdict.allowed ? undefined : `${id}-why`}
          onClick={() => {
            change.reset();
            setConfirming(true);
          }}
        >
          {change.isPending ? (user.is_active ? 'Deactivating…' : 'Reactivating…') : user.is_active ? `Deactivate ${user.full_name}…` : `Reactivate ${user.full_name}…`}
        </button>
      </div>
      {!verdict.allowed && (
        <p id={`${id}-why`} className="role-reason">
          {verdict.reason}
        </p>
      )}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={user.is_active ? `Deactivate ${user.full_name}?` : `Reactivate ${user.full_name}?`}
        confirmLabel={user.is_active ? 'Deactivate' : 'Reactivate'}
        danger={user.is_active}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        {user.is_active ? (
          <p>
            {user.full_name} ({user.delivery_email ?? user.email}) will be signed out everywhere and will not be able to sign in. Their messages and
            channels stay. You can reactivate them later.
          </p>
        ) : (
          <p>
            {user.full_name} ({user.delivery_email ?? user.email}) will be able to sign in again, as {roleWithArticle(user.role)}.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
