// What an undo states, and has confirmed, before it starts: the same as the change its steps make
// would, made from anywhere else (docs/style.md, "Dangerous actions"). An undo is a change like any
// other: a step that deactivates someone says what the deactivation does, in the words of their panel
// (the bots that go with them included); a step that makes someone an owner or an administrator is
// stated in a box to tick, as the bulk role dialog asks; a step that leaves no administrator, or takes
// away the user's own rights, is confirmed in words as the role rules ask (and so is a deactivation
// that leaves no administrator), and a step putting back a shorter retention (older messages deleted
// for good) in a danger box to tick, as the channel editor and the matrix ask. A whole job may have
// steps of every kind: each is stated. Nothing is ticked for the user, and a tick is keyed to what it
// confirmed, so a change of plan (the realm moved while the dialog was open) unticks it.
import { useId, useMemo } from 'react';
import type { Role } from '../../../shared/api/common';
import type { User } from '../../../shared/api/users';
import { listWords } from '../../../shared/domain/list-words';
import { plural } from '../../../shared/domain/plural';
import { reviewRoleChange, type RoleReview } from '../../../shared/domain/role-rules';
import { botsGoingWith, reviewDeactivation } from '../../../shared/domain/status-rules';
import type { UndoHazard, UndoReview } from '../../../shared/ipc';
import { ConsentBox } from '../components/ConsentBox';
import { deactivationWords, grantStatement } from '../user-changes/change-words';
import { HazardConfirmation, hazardKey } from '../user-changes/HazardConfirmation';

/** Deactivations stated one by one; the rest are counted (a whole job can be the whole realm). */
const LISTED = 50;
const count = new Intl.NumberFormat();

export interface UndoConfirmations {
  /** The ready role steps, per role they go back to, as the role rules review them. */
  roles: { role: Role; review: RoleReview<User> }[];
  /** Boxes to tick: `id` names the box, `key` what a tick of it confirms. */
  boxes: { id: string; key: string }[];
  /** The people the undo deactivates, and the bots deactivated with each. */
  deactivations: { user: User; bots: string[] }[];
  /** What those deactivations leave of who administers the realm (confirmed like a role step's hazards). */
  deactivationReview: RoleReview<User> | null;
  /** The ready steps that put back a shorter retention: the channel and what is deleted, in words. */
  losses: { key: string; target: string; words: string }[];
  /** Every hazard the boxes confirm, for the core (which refuses an undo without them). */
  acknowledged: UndoHazard[];
}

const NONE: UndoConfirmations = { roles: [], boxes: [], deactivations: [], deactivationReview: null, losses: [], acknowledged: [] };
const RETENTION_LOSS = 'hazard:retention';
const DEACTIVATION_HAZARD = 'hazard:deactivate';

/** What the review's ready steps must state, against the organization's users as they are now. */
export function useUndoConfirmations(review: UndoReview | undefined, people: readonly User[] | undefined): UndoConfirmations {
  return useMemo(() => {
    if (!review || !people) return NONE;
    const byId = new Map(people.map((person) => [person.user_id, person]));
    const byRole = new Map<Role, User[]>();
    const deactivations: UndoConfirmations['deactivations'] = [];
    for (const step of review.steps) {
      const user = byId.get(step.role?.userId ?? step.status?.userId ?? -1);
      if (!user) continue;
      if (step.role) byRole.set(step.role.to, [...(byRole.get(step.role.to) ?? []), user]);
      if (step.status?.active === false) deactivations.push({ user, bots: botsGoingWith(people, [user]).map((bot) => bot.full_name) });
    }
    const roles = [...byRole].map(([role, changing]) => ({ role, review: reviewRoleChange(people, changing, role, review.ownUserId) }));
    const deactivationReview = deactivations.length > 0 ? reviewDeactivation(people, deactivations.map(({ user }) => user), review.ownUserId) : null;
    const boxes = roles.flatMap(({ role, review: each }) => {
      const granted = grantedBy(role, each);
      return [
        ...(granted.length > 0 ? [{ id: `grant:${role}`, key: granted.map((user) => user.user_id).join(',') }] : []),
        ...(each.hazards.length > 0 ? [{ id: `hazard:${role}`, key: hazardKey(each) }] : []),
      ];
    });
    if (deactivationReview && deactivationReview.hazards.length > 0) boxes.push({ id: DEACTIVATION_HAZARD, key: hazardKey(deactivationReview) });
    const losses = review.steps.flatMap((step) => (step.verdict === 'ready' && step.deletesMessages ? [{ key: step.key, target: step.target, words: step.note ?? '' }] : []));
    if (losses.length > 0) boxes.push({ id: RETENTION_LOSS, key: losses.map((loss) => loss.key).join(',') });
    const acknowledged: UndoHazard[] = [
      ...new Set([...roles.flatMap(({ review: each }) => each.hazards), ...(deactivationReview?.hazards ?? []), ...(losses.length > 0 ? (['retentionLoss'] as const) : [])]),
    ];
    return { roles, boxes, deactivations, deactivationReview, losses, acknowledged };
  }, [review, people]);
}

/** Those a role step makes owners or administrators: only these roles are stated and ticked. */
function grantedBy(role: Role, review: RoleReview<User>): User[] {
  return role <= 200 ? review.promotions.map((move) => move.user) : [];
}

/** Whether every box is ticked for what it states now. */
export function allTicked(confirmations: UndoConfirmations, ticks: Readonly<Record<string, string>>): boolean {
  return confirmations.boxes.every(({ id, key }) => ticks[id] === key);
}

export interface UndoStatementsProps {
  confirmations: UndoConfirmations;
  realmName: string;
  ticks: Readonly<Record<string, string>>;
  onTick(id: string, key: string): void;
}

/** The deactivations stated, then per role the grant and the hazards to tick. */
export function UndoStatements({ confirmations, realmName, ticks, onTick }: UndoStatementsProps) {
  const keyOf = (id: string) => confirmations.boxes.find((box) => box.id === id)?.key ?? '';
  const tick = (id: string) => (ticked: boolean) => onTick(id, ticked ? keyOf(id) : '');
  const losses = confirmations.losses;
  return (
    <>
      {losses.length > 0 && (
        <ConsentBox
          notice
          tone="danger"
          title={`Messages would be deleted in ${listWords([...new Set(losses.map((loss) => loss.target))])}`}
          words={losses.map((loss) => `${loss.target}: ${loss.words}`).join(' ')}
          consent={`I understand that older messages in ${listWords([...new Set(losses.map((loss) => loss.target))])} will be deleted for good`}
          checked={ticks[RETENTION_LOSS] === keyOf(RETENTION_LOSS)}
          onChange={tick(RETENTION_LOSS)}
        />
      )}
      <Deactivations deactivations={confirmations.deactivations} />
      {confirmations.deactivationReview && (
        <HazardConfirmation
          review={confirmations.deactivationReview}
          realmName={realmName}
          confirmed={ticks[DEACTIVATION_HAZARD] === keyOf(DEACTIVATION_HAZARD)}
          onConfirm={tick(DEACTIVATION_HAZARD)}
        />
      )}
      {confirmations.roles.map(({ role, review }) => {
        const grant = grantStatement(grantedBy(role, review).map((user) => user.full_name), role, realmName);
        const hazard = `hazard:${role}`;
        return (
          <div key={role}>
            {grant && <ConsentBox notice {...grant} checked={ticks[`grant:${role}`] === keyOf(`grant:${role}`)} onChange={tick(`grant:${role}`)} />}
            <HazardConfirmation review={review} realmName={realmName} confirmed={ticks[hazard] === keyOf(hazard)} onConfirm={tick(hazard)} />
          </div>
        );
      })}
    </>
  );
}

/** What deactivating each person does, in the words their panel's Deactivate says it. */
function Deactivations({ deactivations }: { deactivations: UndoConfirmations['deactivations'] }) {
  const id = useId();
  if (deactivations.length === 0) return null;
  const only = deactivations.length === 1 ? deactivations[0] : undefined;
  return (
    <section className="notice" data-tone="danger" aria-labelledby={id}>
      <p id={id}>
        <strong>{only ? `${only.user.full_name} will be deactivated` : `${plural(deactivations.length, 'user', 'users')} will be deactivated`}</strong>
      </p>
      {deactivations.slice(0, LISTED).map(({ user, bots }) => (
        <p key={user.user_id}>{deactivationWords(user, bots)}</p>
      ))}
      {deactivations.length > LISTED && <p>And {count.format(deactivations.length - LISTED)} more, each the same way.</p>}
    </section>
  );
}
