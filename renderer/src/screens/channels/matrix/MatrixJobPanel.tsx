// A bulk change from the permission matrix as it runs and after: progress with counts by outcome and
// the time left (the core's job.progress pushes), then one result per channel (each setting's change in
// words, the reason of a failure or a conflict), "Retry failed", "Apply mine over theirs" for the
// conflicts, and cancel while it runs.
import { useId } from 'react';
import type { BatchOutcome, ChannelBatch, ChannelBatchResult, JobProgress } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { JobPanelUnread } from '../../../components/JobPanel';
import { JobResults } from '../../../components/JobResults';
import { errorWords } from '../../../errors/words';
import { useChannelBatch, useChannelBatchAction } from '../../../queries/channels';
import { useJobFollowed } from '../../../queries/jobs';
import { timeLeft } from '../../../components/time-left';
import '../../users/bulk.css';

const count = new Intl.NumberFormat();
const OUTCOMES = ['changed', 'unchanged', 'conflict', 'failed'] as const;
type Done = (typeof OUTCOMES)[number];
const OUTCOME_WORDS: Record<BatchOutcome, string> = { pending: 'Waiting', changed: 'Changed', unchanged: 'Unchanged', conflict: 'Conflict', failed: 'Failed' };

export function MatrixJobPanel({ account, batchId, onShow }: { account: string; batchId: string; onShow(id: string | null): void }) {
  const batch = useChannelBatch(account, batchId);
  const progress = useJobFollowed(batch, account, batchId);
  const action = useChannelBatchAction(account, (next) => onShow(next.id));
  const id = useId();
  if (!batch.data) return <JobPanelUnread title="Bulk change of channels" what="the bulk change" error={batch.error} onClose={() => onShow(null)} />;

  const figures = summarize(batch.data, progress);
  const running = figures.status === 'running';
  const failure = action.isError ? errorWords(action.error) : null;
  return (
    <section className="panel job-panel matrix-job" aria-labelledby={`${id}-title`} data-status={figures.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>
          {running ? `Changing ${count.format(figures.total)} channels` : `Bulk change of ${count.format(figures.total)} channels: ${figures.status === 'cancelled' ? 'cancelled' : 'done'}`}
        </h2>
        <div className="job-actions">
          {running ? (
            <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', batchId })}>
              Cancel the rest
            </button>
          ) : (
            <>
              {figures.counts.failed > 0 && (
                <button type="button" className="button button-small button-primary" disabled={action.isPending} onClick={() => action.mutate({ kind: 'retry', batchId, which: 'failed' })}>
                  Retry failed ({count.format(figures.counts.failed)})
                </button>
              )}
              {figures.counts.conflict > 0 && (
                <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'retry', batchId, which: 'conflicts' })}>
                  Apply mine over theirs ({count.format(figures.counts.conflict)})
                </button>
              )}
              <button type="button" className="button button-small" onClick={() => onShow(null)}>
                Close
              </button>
            </>
          )}
        </div>
      </div>
      <div className="batch-progress">
        <progress max={Math.max(1, figures.total)} value={figures.done} aria-label="Progress of the bulk change" />
        <p aria-live="polite">
          {count.format(figures.done)} of {count.format(figures.total)} done
          {OUTCOMES.map((outcome) => (
            <span key={outcome} className={`outcome outcome-${outcome}`} data-none={figures.counts[outcome] === 0 || undefined}>
              {' · '}
              {count.format(figures.counts[outcome])} {OUTCOME_WORDS[outcome].toLowerCase()}
            </span>
          ))}
          {running && figures.eta !== null && <span> · {timeLeft(figures.eta)}</span>}
        </p>
        {progress?.detail && <p className="muted">{progress.detail}</p>}
      </div>
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {batch.data.status !== 'running' && <Results results={batch.data.results} />}
    </section>
  );
}

interface Figures {
  status: ChannelBatch['status'] | JobProgress['status'];
  done: number;
  total: number;
  counts: Record<Done, number>;
  eta: number | null;
}

/** A push's figures while the job runs, the results' once they are read after it stops. */
function summarize(batch: ChannelBatch, progress: JobProgress | undefined): Figures {
  if (batch.status === 'running' && progress) {
    const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, progress.counts[outcome] ?? 0])) as Record<Done, number>;
    return { status: progress.status, done: progress.done, total: progress.total, counts, eta: progress.etaSeconds };
  }
  const counts: Record<Done, number> = { changed: 0, unchanged: 0, conflict: 0, failed: 0 };
  for (const result of batch.results) if (result.outcome !== 'pending') counts[result.outcome] += 1;
  return { status: batch.status, done: OUTCOMES.reduce((sum, outcome) => sum + counts[outcome], 0), total: batch.results.length, counts, eta: null };
}

/** Failures and conflicts first (what needs attention). */
const ORDER = ['failed', 'conflict', 'pending', 'changed', 'unchanged'] as const;

function Results({ results }: { results: ChannelBatchResult[] }) {
  return (
    <JobResults
      results={results}
      outcomes={OUTCOMES}
      order={ORDER}
      words={OUTCOME_WORDS}
      label="Results per channel"
      rowHeight={38}
      keyOf={(result) => result.channelId}
      name={(result) => `#${result.channelName}`}
      reason={(result) => result.reason ?? result.parts.map((part) => part.words).join('; ')}
    />
  );
}
