// Deactivating or reactivating one user behind a confirmation, the same on every screen. The rules
// (the only owner, owners for owners, not oneself, not bots) are said before the button is pressed.
// The section follows the user live: a confirmation opened for a state the user left meanwhile (say,
// deactivated elsewhere while "Deactivate?" was open) closes and says so, rather than offering the
// opposite in its place.
import { useId, useMemo, useState } from 'react';
import type { User } from '../../../shared/api/users';
import { countHumanOwners } from '../../../shared/domain/role-rules';
import { botsGoingWith, botsStayingDeactivated, reviewDeactivation } from '../../../shared/domain/status-rules';
import type { Account } from '../../../shared/ipc';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ProblemText } from '../components/Field';
import { wordedByCore } from '../errors/words';
import { useUserChange } from '../queries/users';
import { changeDone, deactivationWords, reactivationWords } from './change-words';
import { HazardConfirmation, hazardKey } from './HazardConfirmation';
import { statusVerdict, type Actor } from './role-options';
import './user-changes.css';

export interface StatusChangeProps {
  account: Account;
  actor: Actor;
  user: User;
  /** The organization's users, live (the only-owner rule counts them). */
  people: readonly User[];
  headingLevel?: 3 | 4;
}

type Kind = 'deactivate' | 'reactivate';

export function StatusChange({ account, actor, user, people, headingLevel = 3 }: StatusChangeProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const id = useId();
  const [confirming, setConfirming] = useState<Kind | null>(null);
  /** What happened, shown while the user stays in the state it left them in (`until`: the next step). */
  const [note, setNote] = useState<{ words: string; until: Kind } | null>(null);
  const change = useUserChange();
  const humanOwners = useMemo(() => countHumanOwners(people), [people]);
  // The server deactivates a user's active bots with them, and reactivates the user alone: named before.
  const ownedBots = useMemo(() => (user.is_active ? botsGoingWith(people, [user]) : botsStayingDeactivated(people, [user])).map((bot) => bot.full_name), [people, user]);
  // Deactivating the last administrator is confirmed in words, as demoting them is.
  const review = useMemo(() => (user.is_active ? reviewDeactivation(people, [user], actor.userId) : null), [people, user, actor.userId]);
  const hazards = hazardKey(review);
  /** The hazards the box was ticked for: a new one unticks it. */
  const [consent, setConsent] = useState<string | null>(null);
  const kind: Kind = user.is_active ? 'deactivate' : 'reactivate';
  const verdict = statusVerdict(actor, user, humanOwners);
  const failure = change.isError && change.variables?.kind === kind ? wordedByCore(change.error) : null;

  if (confirming !== null && confirming !== kind) {
    // Done elsewhere while the question was open: nothing is left to confirm.
    setConfirming(null);
    setNote({ words: `${user.full_name} was ${confirming === 'deactivate' ? 'deactivated' : 'reactivated'} on the server meanwhile. Nothing was sent from here.`, until: kind });
  }

  const confirm = () => {
    setConfirming(null);
    const next: Kind = kind === 'deactivate' ? 'reactivate' : 'deactivate';
    const onSuccess = (updated: User) => setNote({ words: changeDone(kind, updated), until: next });
    if (kind === 'deactivate') change.mutate({ kind, account: account.id, userId: user.user_id, acknowledged: review?.hazards }, { onSuccess });
    else change.mutate({ kind, account: account.id, userId: user.user_id }, { onSuccess });
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="section-label">{user.is_active ? 'Deactivate' : 'Reactivate'}</Heading>
      <p className="muted">
        {user.is_active
          ? 'A deactivated user cannot sign in or receive messages; their messages stay. You can reactivate them later.'
          : `${user.full_name} is deactivated. Reactivating lets them sign in again with the same role.`}
      </p>
      <div className="change-actions">
        <button
          type="button"
          className={user.is_active ? 'button button-danger' : 'button'}
          disabled={!verdict.allowed || change.isPending}
          aria-describedby={verdict.allowed ? undefined : `${id}-why`}
          onClick={() => {
            change.reset();
            setNote(null);
            setConsent(null);
            setConfirming(kind);
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
      {note?.until === kind && !change.isPending && (
        <p className="change-done" role="status">
          {note.words}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={user.is_active ? `Deactivate ${user.full_name}?` : `Reactivate ${user.full_name}?`}
        confirmLabel={user.is_active ? 'Deactivate' : 'Reactivate'}
        danger={user.is_active}
        confirmDisabled={hazards !== '' && consent !== hazards}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        {user.is_active ? (
          <>
            <p>{deactivationWords(user, ownedBots)}</p>
            {review && <HazardConfirmation review={review} realmName={account.realmName} confirmed={hazards === '' || consent === hazards} onConfirm={(ticked) => setConsent(ticked ? hazards : null)} />}
          </>
        ) : (
          <p>{reactivationWords(user, ownedBots)}</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
