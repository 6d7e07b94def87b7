// The review of an undo before it runs, judged by the core against the realm as it is now: what goes
// back to what, what is already as it was, and what is refused and why (someone changed it since, the
// user or channel is gone). Role steps follow the role rules: one that leaves nobody to administer the
// organization, or takes away the user's own rights, is confirmed in words first. Nothing is ticked
// or chosen for the user.
import { useMemo, useState } from 'react';
import type { Role } from '../../../shared/api/common';
import { reviewRoleChange, type RoleHazard } from '../../../shared/domain/role-rules';
import type { UndoJob, UndoReview, UndoScope, UndoStep } from '../../../shared/ipc';
import { Dialog } from '../components/Dialog';
import { PlanGroup } from '../components/PlanGroup';
import { ProblemText } from '../components/Field';
import { errorWords, wordedByCore } from '../errors/words';
import { useRealmUsers } from '../queries/realm';
import { useUndoAction, useUndoReview } from '../queries/undo';
import { HazardConfirmation, hazardKey } from '../user-changes/HazardConfirmation';
import { plural } from '../../../shared/domain/plural';

const count = new Intl.NumberFormat();

export interface UndoDialogProps {
  account: string;
  scope: UndoScope;
  onClose(): void;
  onStarted(job: UndoJob): void;
}

export function UndoDialog({ account, scope, onClose, onStarted }: UndoDialogProps) {
  const review = useUndoReview(account, scope);
  const start = useUndoAction(account, onStarted);
  const [consent, setConsent] = useState<Record<number, string>>({});
  const hazards = useRoleHazards(account, review.data);
  const confirmed = hazards.every(({ role, key }) => key === '' || consent[role] === key);
  const ready = review.data?.steps.filter((step) => step.verdict === 'ready').length ?? 0;
  const failure = start.isError ? wordedByCore(start.error) : null;
  const title = scope.kind === 'job' ? 'Undo a whole job' : 'Undo a change';
  const label = start.isPending ? 'Starting…' : ready === 0 ? 'Nothing to undo' : `Undo ${plural(ready, 'change', 'changes')}`;
  const acknowledged = [...new Set(hazards.flatMap(({ review: each }) => each.hazards))] as RoleHazard[];
  return (
    <Dialog
      title={title}
      wide
      busy={start.isPending}
      onCancel={onClose}
      confirm={{ label, disabled: ready === 0 || !confirmed || start.isPending, onClick: () => start.mutate({ kind: 'start', scope, acknowledged }) }}
    >
      {review.isPending && <p className="muted">Checking each change against the organization as it is now…</p>}
      {review.isError && (
        <div role="alert">
          <ProblemText message={`Could not review the undo: ${errorWords(review.error).message}`} action={errorWords(review.error).action ?? 'Close this and try again.'} />
        </div>
      )}
      {review.data && (
        <>
          <p className="bulk-summary">
            {ready === 0
              ? 'Nothing would change: every step is already as it was, or is refused below.'
              : ready === 1
                ? 'This change goes back to what it was. It is checked again just before it is sent.'
                : `${count.format(ready)} changes go back to what they were. Each is checked again just before it is sent.`}
          </p>
          <PlanGroup title="Will go back" items={review.data.steps.filter((step) => step.verdict === 'ready')} tone="change" keyOf={stepKey} line={stepLine} />
          <PlanGroup title="Refused: will be listed as refused" items={review.data.steps.filter((step) => step.verdict === 'refused')} tone="refused" keyOf={stepKey} line={stepLine} />
          <PlanGroup title="Already as before: nothing to do" items={review.data.steps.filter((step) => step.verdict === 'unchanged')} tone="same" keyOf={stepKey} line={stepLine} />
          {hazards.map(({ role, review: each, key }) => (
            <HazardConfirmation
              key={role}
              review={each}
              realmName={review.data.realmName}
              confirmed={key === '' || consent[role] === key}
              onConfirm={(ticked) => setConsent((now) => ({ ...now, [role]: ticked ? key : '' }))}
            />
          ))}
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

/** The role rules' review of the ready role steps, per role they go back to (as the bulk role dialog reviews a change). */
function useRoleHazards(account: string, review: UndoReview | undefined) {
  const people = useRealmUsers(account).data;
  return useMemo(() => {
    if (!review || !people) return [];
    const byRole = new Map<Role, number[]>();
    for (const step of review.steps) if (step.role) byRole.set(step.role.to, [...(byRole.get(step.role.to) ?? []), step.role.userId]);
    return [...byRole].flatMap(([role, ids]) => {
      const changing = people.filter((person) => ids.includes(person.user_id));
      const each = reviewRoleChange(people, changing, role, review.ownUserId);
      return each.hazards.length > 0 ? [{ role, review: each, key: hazardKey(each) }] : [];
    });
  }, [review, people]);
}

/** A step of the undo: what it acts on, what it does, and why when it cannot. */
function stepLine(step: UndoStep) {
  return (
    <>
      <span className="plan-name">{step.target}</span> <span className="muted">{step.change}</span>
      {step.reason && <p className="role-reason">{step.reason}</p>}
    </>
  );
}

const stepKey = (step: UndoStep) => step.key;
