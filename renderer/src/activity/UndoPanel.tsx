// An undo as it runs and after: a progress bar with counts by outcome (from the core's job.progress
// pushes), then one result per step, refusals first with their reasons, filterable by outcome. Once it
// stops, the log is read again: each step it made is an entry of its own.
import { useEffect, useId, useRef } from 'react';
import type { UndoOutcome } from '../../../shared/ipc';
import { ProblemText } from '../components/Field';
import { useFocusReturnOnClose } from '../components/focus-return';
import { JobPanelUnread } from '../components/JobPanel';
import { JobProgressLine, jobFigures } from '../components/JobProgressLine';
import { JobResults } from '../components/JobResults';
import { errorWords } from '../errors/words';
import { useJobFollowed } from '../queries/jobs';
import { useLogReread, useUndoAction, useUndoJob } from '../queries/undo';
import '../components/job-panel.css';

const count = new Intl.NumberFormat();
type Outcome = UndoOutcome['outcome'];
const OUTCOMES = ['undone', 'unchanged', 'refused', 'failed'] as const;
const OUTCOME_WORDS: Record<Outcome, string> = { pending: 'Waiting', undone: 'Undone', unchanged: 'Already back', refused: 'Refused', failed: 'Failed' };

export function UndoPanel({ account, undoId, onClose }: { account: string; undoId: string; onClose(): void }) {
  const job = useUndoJob(account, undoId);
  const progress = useJobFollowed(job, account, undoId);
  const action = useUndoAction(account);
  const reread = useLogReread(account);
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  const stopped = job.data !== undefined && job.data.status !== 'running';
  useEffect(() => {
    if (stopped) void reread();
  }, [stopped, reread]);

  if (!job.data) return <JobPanelUnread title="Undo" what="the undo" error={job.error} onClose={onClose} />;
  const results = job.data.results;
  const figures = jobFigures(job.data, progress, OUTCOMES);
  const running = job.data.status === 'running';
  const failure = action.isError ? errorWords(action.error) : null;
  const title = running ? `Undoing ${count.format(results.length)} ${results.length === 1 ? 'change' : 'changes'}` : `Undo: ${job.data.status === 'cancelled' ? 'cancelled' : 'done'}`;
  return (
    <section ref={panel} className="panel job-panel undo-panel" aria-labelledby={`${id}-title`} data-status={job.data.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <div className="job-actions">
          {running ? (
            <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', undoId })}>
              Cancel the rest
            </button>
          ) : (
            <button type="button" className="button button-small" onClick={onClose}>
              Close
            </button>
          )}
        </div>
      </div>
      <JobProgressLine label="Progress of the undo" figures={figures} outcomes={OUTCOMES} words={OUTCOME_WORDS} detail={progress?.detail} withTimeLeft={false} />
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {!running && <UndoResults results={results} />}
    </section>
  );
}

/** Refusals and failures first (they are what needs attention). */
const ORDER = ['failed', 'refused', 'pending', 'undone', 'unchanged'] as const;

/** One line per step. */
function UndoResults({ results }: { results: UndoOutcome[] }) {
  return (
    <JobResults
      results={results}
      outcomes={OUTCOMES}
      order={ORDER}
      words={OUTCOME_WORDS}
      label="Results per change"
      rowHeight={34}
      rowClass="undo-result"
      keyOf={(result) => result.key}
      name={(result) => (
        <>
          {result.target}
          <span className="muted undo-change">{result.change}</span>
        </>
      )}
      reason={(result) => result.reason ?? ''}
    />
  );
}
