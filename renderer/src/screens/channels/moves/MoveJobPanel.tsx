// A move of channels between folders as it runs and after: progress with counts by outcome (the core's
// job.progress pushes), then one result per channel, failures first with the server's words, and
// "Retry failed".
import { useId, useRef } from 'react';
import type { ChannelMoveResult } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { useFocusReturnOnClose } from '../../../components/focus-return';
import { JobPanelUnread } from '../../../components/JobPanel';
import { JobProgressLine, jobFigures } from '../../../components/JobProgressLine';
import { wordedByCore } from '../../../errors/words';
import { useChannelMove, useMoveAction } from '../../../queries/channel-moves';
import { useJobFollowed } from '../../../queries/jobs';
import { plural } from '../../../../../shared/domain/plural';

const count = new Intl.NumberFormat();
type Outcome = ChannelMoveResult['outcome'];
const OUTCOME_WORDS: Record<Outcome, string> = { pending: 'Waiting', moved: 'Moved', unchanged: 'Already there', failed: 'Failed' };
const COUNTED = ['moved', 'unchanged', 'failed'] as const;

export function MoveJobPanel({ account, jobId, onShowJob }: { account: string; jobId: string; onShowJob(id: string | null): void }) {
  const job = useChannelMove(account, jobId);
  const progress = useJobFollowed(job, account, jobId);
  const retry = useMoveAction(account, (next) => onShowJob(next.id));
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  if (!job.data) return <JobPanelUnread title="Move of channels" what="the move" error={job.error} onClose={() => onShowJob(null)} />;

  const data = job.data;
  const figures = jobFigures(data, progress, COUNTED);
  const running = data.status === 'running';
  const where = data.folderId === null ? 'out of every folder' : `into “${data.folderName}”`;
  const failure = retry.isError ? wordedByCore(retry.error) : null;
  const ordered = [...data.results].sort((a, b) => rank(a.outcome) - rank(b.outcome));
  return (
    <section ref={panel} className="panel job-panel" aria-labelledby={`${id}-title`} data-status={data.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>{running ? `Moving ${plural(data.results.length, 'channel', 'channels')} ${where}` : `Move ${where}: done`}</h2>
        {!running && (
          <div className="job-actions">
            {figures.counts.failed > 0 && (
              <button type="button" className="button button-small button-primary" disabled={retry.isPending} onClick={() => retry.mutate({ kind: 'retry', jobId })}>
                Retry failed ({count.format(figures.counts.failed)})
              </button>
            )}
            <button type="button" className="button button-small" onClick={() => onShowJob(null)}>
              Close
            </button>
          </div>
        )}
      </div>
      <JobProgressLine label="Progress of the move" figures={figures} outcomes={COUNTED} words={OUTCOME_WORDS} withTimeLeft={false} />
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {!running && (
        <ul className="move-results" aria-label="Results of the move">
          {ordered.map((result) => (
            <li key={result.channelId} data-outcome={result.outcome}>
              <strong>#{result.name}</strong>: {OUTCOME_WORDS[result.outcome]}
              {result.reason && <span className="muted"> — {result.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const rank = (outcome: Outcome) => ({ failed: 0, pending: 1, moved: 2, unchanged: 3 })[outcome];
