// A bulk subscriber job as it runs and after: progress with counts by outcome and the time left (the
// core's job.progress pushes) and "Cancel the rest" while it runs, then one result per user and channel
// (components/JobResults.tsx), "Retry failed" and the results as CSV.
import { useId, useRef } from 'react';
import { BULK_SUBSCRIBER_OUTCOME_WORDS, type BulkSubscriberResult, type SubscriberJob } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { useFocusReturnOnClose } from '../../../components/focus-return';
import { JobPanelUnread } from '../../../components/JobPanel';
import { JobProgressLine, jobFigures } from '../../../components/JobProgressLine';
import { JobResults } from '../../../components/JobResults';
import { errorWords } from '../../../errors/words';
import { useJobFollowed } from '../../../queries/jobs';
import { useSubscriberJob, useSubscriberJobAction, useSubscriberJobExport } from '../../../queries/subscriber-jobs';
import { downloadText } from '../../../components/download-text';
import './bulk-subscribers.css';

const count = new Intl.NumberFormat();
type Outcome = BulkSubscriberResult['outcome'];
const CHIPS: Record<SubscriberJob['action'], Outcome[]> = {
  add: ['failed', 'refused', 'added', 'alreadySubscribed'],
  remove: ['failed', 'refused', 'removed', 'notSubscribed'],
};

export function SubscriberJobPanel({ account, jobId, onShow }: { account: string; jobId: string; onShow(id: string | null): void }) {
  const job = useSubscriberJob(account, jobId);
  const progress = useJobFollowed(job, account, jobId);
  const action = useSubscriberJobAction(account, (next) => onShow(next.id));
  const exporter = useSubscriberJobExport(account);
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  if (!job.data) return <JobPanelUnread title="Subscribers" what="the subscriber job" error={job.error} onClose={() => onShow(null)} />;

  const data = job.data;
  // "Cancelled" is counted only in a job that was: elsewhere it would always say 0.
  const chips: Outcome[] = data.status === 'cancelled' ? [...CHIPS[data.action], 'cancelled'] : CHIPS[data.action];
  const figures = jobFigures(data, progress, chips);
  const running = figures.status === 'running';
  const failure = action.isError ? errorWords(action.error) : exporter.isError ? errorWords(exporter.error) : null;
  const channels = new Map(data.channels.map((channel) => [channel.channelId, channel.name]));
  const users = new Map(data.users.map((user) => [user.userId, user.fullName]));
  const what = `${count.format(data.users.length)} ${data.users.length === 1 ? 'person' : 'people'} ${data.action === 'add' ? 'to' : 'from'} ${count.format(data.channels.length)} ${data.channels.length === 1 ? 'channel' : 'channels'}`;
  return (
    <section ref={panel} className="panel job-panel" aria-labelledby={`${id}-title`} data-status={figures.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>
          {data.action === 'add' ? 'Adding' : 'Removing'} {what}
          {running ? '' : figures.status === 'cancelled' ? ': cancelled' : ': done'}
        </h2>
        {running && (
          <div className="job-actions">
            <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', jobId })}>
              Cancel the rest
            </button>
          </div>
        )}
        {!running && (
          <div className="job-actions">
            {figures.counts.failed > 0 && (
              <button type="button" className="button button-small button-primary" disabled={action.isPending} onClick={() => action.mutate({ kind: 'retry', jobId })}>
                Retry failed ({count.format(figures.counts.failed)})
              </button>
            )}
            <button
              type="button"
              className="button button-small"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate(jobId, { onSuccess: ({ filename, csv }) => downloadText(filename, csv, 'text/csv;charset=utf-8') })}
            >
              Export results as CSV
            </button>
            <button type="button" className="button button-small" onClick={() => onShow(null)}>
              Close
            </button>
          </div>
        )}
      </div>
      <JobProgressLine label="Progress of the subscriber job" figures={figures} outcomes={chips} words={BULK_SUBSCRIBER_OUTCOME_WORDS} />
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {!running && (
        <JobResults
          results={data.results}
          outcomes={chips}
          words={BULK_SUBSCRIBER_OUTCOME_WORDS}
          label="Results per person and channel"
          rowHeight={34}
          keyOf={(result) => `${result.channelId}:${result.userId}`}
          name={(result) => `${users.get(result.userId) ?? `user ${result.userId}`} · #${channels.get(result.channelId) ?? result.channelId}`}
          reason={(result) => result.reason ?? ''}
        />
      )}
    </section>
  );
}
