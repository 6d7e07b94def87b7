// A bulk role change, before it starts. No role is chosen for the user; once they choose one, the
// review says who loses rights (each by name: "Adam Admin: Administrator → Moderator"), who gains them,
// who already has the role, and who cannot change and why (the rules the core's job applies). A change
// that leaves nobody to administer the organization, or takes away the user's own rights, is confirmed
// in words first, and so is making people owners or administrators. The lists follow the selected users live, and say who changed while the dialog was
// open. Every selected user goes to the job, so the results list one outcome per user, refusals included.
import { useId, useMemo, useState } from 'react';
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { countHumanOwners, moveWords, planRoleChange, reviewRoleChange, ROLE_NAMES, ROLES_IN_ORDER } from '../../../../shared/domain/role-rules';
import type { Account } from '../../../../shared/ipc';
import { Dialog } from '../../components/Dialog';
import { ProblemText } from '../../components/Field';
import { wordedByCore } from '../../errors/words';
import { useBatchAction, type BatchRef } from '../../queries/users';
import { ConsentBox } from '../../components/ConsentBox';
import { grantStatement } from '../../user-changes/change-words';
import { HazardConfirmation, hazardKey } from '../../user-changes/HazardConfirmation';
import type { Actor } from '../../user-changes/role-options';
import { PlanGroup } from '../../components/PlanGroup';
import { userKey, userLine } from './user-line';
import { plural } from '../../../../shared/domain/plural';
import './bulk.css';

export interface BulkRoleDialogProps {
  account: Account;
  actor: Actor;
  /** The selected users, in the table's order, as they are now. */
  users: readonly User[];
  /** The organization's users, live: who would still administer it. */
  people: readonly User[];
  onClose(): void;
  onStarted(batch: BatchRef): void;
}

const count = new Intl.NumberFormat();

export function BulkRoleDialog({ account, actor, users, people, onClose, onStarted }: BulkRoleDialogProps) {
  const id = useId();
  const [role, setRole] = useState<Role | null>(null);
  const [consent, setConsent] = useState<string | null>(null);
  const [grantTicked, setGrantTicked] = useState<string | null>(null);
  // The roles as the dialog opened with them, to say who changed meanwhile.
  const [openedWith] = useState(() => new Map(users.map((user) => [user.user_id, user.role])));
  const humanOwners = useMemo(() => countHumanOwners(people), [people]);
  const plan = useMemo(() => (role === null ? null : planRoleChange(actor.role, users, role, humanOwners, actor.userId)), [actor.role, users, role, humanOwners, actor.userId]);
  const review = useMemo(() => (plan && role !== null ? reviewRoleChange(people, plan.changes, role, actor.userId) : null), [plan, people, role, actor.userId]);
  // Making people owners or administrators is stated in a box to tick, as a single change and
  // invitations ask; the tick is for this role and these people, so another choice unticks it.
  const granted = role !== null && role <= 200 ? (review?.promotions ?? []) : [];
  const grant = role === null ? null : grantStatement(granted.map((move) => move.user.full_name), role, account.realmName);
  const grantKey = grant ? `${String(role)}:${granted.map((move) => move.user.user_id).join(',')}` : '';
  const hazards = hazardKey(review);
  const confirmed = (hazards === '' || consent === hazards) && (grant === null || grantTicked === grantKey);
  const changedMeanwhile = users.filter((user) => openedWith.has(user.user_id) && openedWith.get(user.user_id) !== user.role);
  const start = useBatchAction(account.id, (batch) => {
    onStarted(batch);
    onClose();
  });
  const failure = start.isError ? wordedByCore(start.error) : null;

  const changes = plan?.changes.length ?? 0;
  const label =
    role === null
      ? 'Choose a role first'
      : start.isPending
        ? 'Starting…'
        : changes === 0
          ? 'Nothing to change'
          : `Change ${plural(changes, 'role', 'roles')}`;
  const roleName = role === null ? '' : ROLE_NAMES[role].toLowerCase();
  return (
    <Dialog
      title={`Change the role of ${plural(users.length, 'user', 'users')}`}
      wide
      onCancel={onClose}
      confirm={{
        label,
        disabled: role === null || changes === 0 || !confirmed || start.isPending,
        onClick: () => role !== null && start.mutate({ kind: 'start', userIds: users.map((user) => user.user_id), role, acknowledged: review?.hazards }),
      }}
    >
      <fieldset className="bulk-roles">
        <legend>New role</legend>
        {ROLES_IN_ORDER.map((each) => (
          <label key={each} className="chip">
            <input
              type="radio"
              name={`${id}-role`}
              checked={each === role}
              onChange={() => {
                setRole(each);
                setConsent(null);
                setGrantTicked(null);
                start.reset();
              }}
            />
            {ROLE_NAMES[each]}
          </label>
        ))}
      </fieldset>
      {changedMeanwhile.length > 0 && (
        <p className="notice bulk-meanwhile" data-tone="accent" role="status">
          Changed on the server while this dialog was open:{' '}
          {changedMeanwhile.map((user) => `${user.full_name} (${ROLE_NAMES[openedWith.get(user.user_id) as Role]} → ${ROLE_NAMES[user.role]})`).join(', ')}. The
          lists below show the roles as they are now.
        </p>
      )}
      {plan === null || review === null ? (
        <p className="muted">Choose the new role: the users who would change, and how, are listed before anything is sent.</p>
      ) : (
        <>
          <p className="bulk-summary">
            {changes === 0
              ? `Nobody would change: every selected user already has this role or cannot be given it.`
              : `${plural(changes, 'user changes', 'users change')}: ${movesSummary(review.demotions.length, review.promotions.length)}.`}
          </p>
          {/* What must be ticked, then who changes and who cannot, first: the unchanged (often most of a
              selection) last, so nothing that holds the button back is out of sight below them. */}
          {grant && <ConsentBox notice {...grant} checked={grantTicked === grantKey} onChange={(ticked) => setGrantTicked(ticked ? grantKey : null)} />}
          <HazardConfirmation review={review} realmName={account.realmName} confirmed={hazards === '' || consent === hazards} onConfirm={(ticked) => setConsent(ticked ? hazards : null)} />
          <PlanGroup keyOf={userKey} title="Will lose rights" items={review.demotions} tone="demotion" line={moveWords} />
          <PlanGroup keyOf={userKey} title="Will gain rights" items={review.promotions} tone="change" line={moveWords} />
          <PlanGroup keyOf={userKey} title="Cannot change: will be listed as failed" items={plan.refused} tone="refused" line={userLine} />
          <PlanGroup keyOf={userKey} title={`Already ${roleName}: unchanged`} items={plan.unchanged.map((user) => ({ user }))} tone="same" line={userLine} />
        </>
      )}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
    </Dialog>
  );
}

/** "1 loses rights, 17 gain rights", leaving out a side nobody is on. */
function movesSummary(down: number, up: number): string {
  const parts = [];
  if (down > 0) parts.push(`${count.format(down)} ${down === 1 ? 'loses' : 'lose'} rights`);
  if (up > 0) parts.push(`${count.format(up)} ${up === 1 ? 'gains' : 'gain'} rights`);
  return parts.join(', ');
}
