// A bulk deactivation or reactivation, before it starts: the rules first (the last owner, oneself,
// owners, bots), then who will change, the bots that go with their owners, the selected bots apart, who
// already is so, and who cannot change and why (shared/domain/status-rules.ts, the rules the core's job
// applies). Leaving the organization without an administrator is confirmed in words, as a role change
// that does so is. The lists follow the selected users live and say who changed while the dialog was
// open. Every selected user goes to the job, so the results list one outcome per user, refusals and the
// unchanged included.
import { useMemo, useState } from 'react';
import type { User } from '../../../../shared/api/users';
import { botsGoingWith, botsStayingDeactivated, DEACTIVATION_RULES, planStatusChange, reviewDeactivation } from '../../../../shared/domain/status-rules';
import type { Account } from '../../../../shared/ipc';
import { Dialog } from '../../components/Dialog';
import { ProblemText } from '../../components/Field';
import { wordedByCore } from '../../errors/words';
import { useBatchAction, type BatchRef } from '../../queries/users';
import { HazardConfirmation, hazardKey } from '../../user-changes/HazardConfirmation';
import type { Actor } from '../../user-changes/role-options';
import { PlanGroup } from '../../components/PlanGroup';
import { userKey, userLine } from './user-line';
import { plural } from '../../../../shared/domain/plural';
import './bulk.css';

export interface BulkStatusDialogProps {
  account: Account;
  actor: Actor;
  /** Deactivate (false) or reactivate (true). */
  active: boolean;
  /** The selected users, in the table's order, as they are now. */
  users: readonly User[];
  /** The organization's users, live: how many owners are left. */
  people: readonly User[];
  onClose(): void;
  onStarted(batch: BatchRef): void;
}

export function BulkStatusDialog({ account, actor, active, users, people, onClose, onStarted }: BulkStatusDialogProps) {
  const [openedWith] = useState(() => new Map(users.map((user) => [user.user_id, user.is_active])));
  const plan = useMemo(() => planStatusChange(actor, users, active, people), [actor, users, active, people]);
  const review = useMemo(() => (active ? null : reviewDeactivation(people, plan.changes, actor.userId)), [active, people, plan.changes, actor.userId]);
  // Deactivating takes the owners' active bots with them; reactivating restores the owners alone.
  const ownersBots = useMemo(() => (active ? botsStayingDeactivated : botsGoingWith)(people, plan.changes), [active, people, plan.changes]);
  const ownerName = useMemo(() => new Map(plan.changes.map((user) => [user.user_id, user.full_name])), [plan.changes]);
  const hazards = hazardKey(review);
  /** The hazards the box was ticked for: a new one (the plan changed live) unticks it. */
  const [consent, setConsent] = useState<string | null>(null);
  const changedMeanwhile = users.filter((user) => openedWith.has(user.user_id) && openedWith.get(user.user_id) !== user.is_active);
  const start = useBatchAction(account.id, (batch) => {
    onStarted(batch);
    onClose();
  });
  const failure = start.isError ? wordedByCore(start.error) : null;

  const verb = active ? 'Reactivate' : 'Deactivate';
  const done = active ? 'reactivated' : 'deactivated';
  const changingBots = plan.bots.filter((bot) => bot.reason === null).length;
  const changes = plan.changes.length + changingBots;
  const label = start.isPending ? 'Starting…' : changes === 0 ? 'Nothing to change' : `${verb} ${plural(changes, 'user', 'users')}`;
  return (
    <Dialog
      title={`${verb} ${plural(users.length, 'selected user', 'selected users')}`}
      wide
      onCancel={onClose}
      confirm={{
        label,
        danger: !active,
        disabled: changes === 0 || start.isPending || (hazards !== '' && consent !== hazards),
        onClick: () => start.mutate({ kind: 'startStatus', userIds: users.map((user) => user.user_id), active, acknowledged: review?.hazards }),
      }}
    >
      {!active && (
        <section className="notice bulk-rules" aria-label="Rules of deactivation">
          <p>
            <strong>The rules.</strong> A deactivated user can no longer sign in or be sent messages, and the bots they own are deactivated with them; their
            messages stay. Reactivating them later restores the account, not their bots.
          </p>
          <ul>
            {DEACTIVATION_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      )}
      {changedMeanwhile.length > 0 && (
        <p className="notice bulk-meanwhile" data-tone="accent" role="status">
          Changed on the server while this dialog was open:{' '}
          {changedMeanwhile.map((user) => `${user.full_name} (now ${user.is_active ? 'active' : 'deactivated'})`).join(', ')}. The lists below show them as they
          are now.
        </p>
      )}
      <p className="bulk-summary">
        {changes === 0
          ? `Nobody would change: every selected user is already ${active ? 'active' : 'deactivated'} or cannot be.`
          : `${plural(changes, 'user', 'users')} will be ${done}${botsNote(active, ownersBots.length, changes)}.`}
      </p>
      {review && <HazardConfirmation review={review} realmName={account.realmName} confirmed={hazards === '' || consent === hazards} onConfirm={(ticked) => setConsent(ticked ? hazards : null)} />}
      <PlanGroup keyOf={userKey} title={`Will be ${done}`} items={plan.changes.map((user) => ({ user }))} tone={active ? 'change' : 'demotion'} line={userLine} />
      <PlanGroup
        keyOf={userKey}
        title={active ? 'Their bots, which stay deactivated' : 'Their bots, deactivated with them'}
        items={ownersBots.map((user) => ({ user, reason: `Owned by ${ownerName.get(user.bot_owner_id ?? -1) ?? `someone ${done} here`}.` }))}
        tone={active ? 'same' : 'demotion'}
        line={userLine}
      />
      <PlanGroup keyOf={userKey}
        title="Selected bots, listed apart"
        items={plan.bots.map(({ user, reason }) => ({ user, reason: reason ?? `Will be ${done}.` }))}
        tone="same"
        line={userLine}
      />
      <PlanGroup keyOf={userKey} title={`Cannot be ${done}: will be listed as failed`} items={plan.refused} tone="refused" line={userLine} />
      <PlanGroup keyOf={userKey} title={`Already ${active ? 'active' : 'deactivated'}: unchanged`} items={plan.unchanged.map((user) => ({ user }))} tone="same" line={userLine} />
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
    </Dialog>
  );
}

/** ", and 2 bots with their owners" when deactivating; ", and 1 bot of theirs stays deactivated" when reactivating. */
function botsNote(active: boolean, bots: number, owners: number): string {
  if (bots === 0) return '';
  if (!active) return `, and ${plural(bots, 'bot', 'bots')} with ${owners === 1 ? 'them' : 'their owners'}`;
  return `; ${plural(bots, 'bot', 'bots')} of theirs ${bots === 1 ? 'stays' : 'stay'} deactivated`;
}
