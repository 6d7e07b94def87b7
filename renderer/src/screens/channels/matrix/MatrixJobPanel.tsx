// A bulk change from the permission matrix as it runs and after: progress with counts by outcome and
// the time left (the core's job.progress pushes), then one result per channel (each setting's change in
// words, the reason of a failure or a conflict), "Retry failed", "Apply mine over theirs" for the
// conflicts, and cancel while it runs.
import { useId, useRef } from 'react';
import type { BatchOutcome, ChannelBatchResult } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { useFocusReturnOnClose } from '../../../components/focus-return';
import { JobPanelUnread } from '../../../components/JobPanel';
import { JobProgressLine, jobFigures } from '../../../components/JobProgressLine';
import { JobResults } from '../../../components/JobResults';
import { errorWords } from '../../../errors/words';
import { useChannelBatch, useChannelBatchAction } from '../../../queries/channels';
import { useJobFollowed } from '../../../queries/jobs';
import { plural } from '../../../../../shared/domain/plural';

const count = new Intl.NumberFormat();
const OUTCOMES = ['changed', 'unchanged', 'conflict', 'failed'] as const;
const OUTCOME_WORDS: Record<BatchOutcome, string> = { pending: 'Waiting', changed: 'Changed', unchanged: 'Unchanged', conflict: 'Conflict', failed: 'Failed' };

export function MatrixJobPanel({ account, batchId, onShow }: { account: string; batchId: string; onShow(id: string | null): void }) {
  const batch = useChannelBatch(account, batchId);
  const progress = useJobFollowed(batch, account, batchId);
  const action = useChannelBatchAction(account, (next) => onShow(next.id));
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  if (!batch.data) return <JobPanelUnread title="Bulk change of channels" what="the bulk change" error={batch.error} onClose={() => onShow(null)} />;

  const figures = jobFigures(batch.data, progress, OUTCOMES);
  const running = figures.status === 'running';
  const failure = action.isError ? errorWords(action.error) : null;
  return (
    <section ref={panel} className="panel job-panel matrix-job" aria-labelledby={`${id}-title`} data-status={figures.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>
          {running ? `Changing ${plural(figures.total, 'channel', 'channels')}` : `Bulk change of ${plural(figures.total, 'channel', 'channels')}: ${figures.status === 'cancelled' ? 'cancelled' : 'done'}`}
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
      <JobProgressLine label="Progress of the bulk change" figures={figures} outcomes={OUTCOMES} words={OUTCOME_WORDS} detail={progress?.detail} />
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {batch.data.status !== 'running' && <Results results={batch.data.results} />}
    </section>
  );
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
