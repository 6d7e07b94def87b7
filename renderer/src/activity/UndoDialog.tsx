// The review of an undo before it runs, judged by the core against the realm as it is now: what goes
// back to what, what is already as it was, and what is refused and why (someone changed it since, the
// user or channel is gone). What its steps do is stated and confirmed as the same change made anywhere
// else would be (undo-confirmations.tsx): a deactivation in its words and with the danger button, a
// new owner or administrator and a role hazard in a box to tick. Nothing is ticked or chosen for the user.
import { useState } from 'react';
import type { UndoJob, UndoScope, UndoStep } from '../../../shared/ipc';
import { Dialog } from '../components/Dialog';
import { PlanGroup } from '../components/PlanGroup';
import { ProblemText } from '../components/Field';
import { errorWords, wordedByCore } from '../errors/words';
import { useRealmUsers } from '../queries/realm';
import { useUndoAction, useUndoReview } from '../queries/undo';
import { plural } from '../../../shared/domain/plural';
import { allTicked, UndoStatements, useUndoConfirmations } from './undo-confirmations';

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
  const [ticks, setTicks] = useState<Record<string, string>>({});
  const people = useRealmUsers(account).data;
  const confirmations = useUndoConfirmations(review.data, people);
  const confirmed = allTicked(confirmations, ticks);
  const ready = review.data?.steps.filter((step) => step.verdict === 'ready').length ?? 0;
  const failure = start.isError ? wordedByCore(start.error) : null;
  const title = scope.kind === 'job' ? 'Undo a whole job' : 'Undo a change';
  const label = start.isPending ? 'Starting…' : ready === 0 ? 'Nothing to undo' : `Undo ${plural(ready, 'change', 'changes')}`;
  return (
    <Dialog
      title={title}
      wide
      busy={start.isPending}
      onCancel={onClose}
      confirm={{
        label,
        // Deactivating someone, or deleting messages, is a danger button wherever it is asked.
        danger: confirmations.deactivations.length > 0 || confirmations.losses.length > 0,
        // Until the users are known, what the steps do to them cannot be stated, so nothing starts.
        disabled: ready === 0 || people === undefined || !confirmed || start.isPending,
        onClick: () => start.mutate({ kind: 'start', scope, acknowledged: confirmations.acknowledged }),
      }}
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
          <PlanGroup title="Will not go back: refused" items={review.data.steps.filter((step) => step.verdict === 'refused')} tone="refused" keyOf={stepKey} line={stepLine} />
          <PlanGroup title="Already as before: nothing to do" items={review.data.steps.filter((step) => step.verdict === 'unchanged')} tone="same" keyOf={stepKey} line={stepLine} />
          <UndoStatements
            confirmations={confirmations}
            realmName={review.data.realmName}
            ticks={ticks}
            onTick={(id, key) => setTicks((now) => ({ ...now, [id]: key }))}
          />
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

/** A step of the undo: what it acts on, what it does, and why when it cannot. */
function stepLine(step: UndoStep) {
  return (
    <>
      <span className="plan-name">{step.target}</span> <span className="muted">{step.change}</span>
      {step.reason && <p className="role-reason">{step.reason}</p>}
      {step.note && <p className="muted">{step.note}</p>}
    </>
  );
}

const stepKey = (step: UndoStep) => step.key;
