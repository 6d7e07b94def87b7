// A bulk job of the Users screen (a role change, a deactivation or a reactivation) as it runs and after:
// a progress bar with counts by outcome and the time left (from the core's job.progress pushes), then
// one result per user, "Retry failed" and the results as CSV.
import { useId, useRef } from 'react';
import type { RoleChangeOutcome } from '../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import { ProblemText } from '../../components/Field';
import { useFocusReturnOnClose } from '../../components/focus-return';
import { JobPanelUnread } from '../../components/JobPanel';
import { JobProgressLine, jobFigures } from '../../components/JobProgressLine';
import { JobResults } from '../../components/JobResults';
import { downloadText } from '../../components/download-text';
import { errorWords } from '../../errors/words';
import { useJobFollowed } from '../../queries/jobs';
import { useBatchAction, useUserBatch, type BatchRef, type UserBatch } from '../../queries/users';
import { BATCH_OUTCOME_WORDS, batchCsv } from './batch-csv';
import type { UserLookup } from './users-by-id';
import './bulk.css';

const count = new Intl.NumberFormat();
const COUNTED = ['changed', 'unchanged', 'failed'] as const;

export interface BatchPanelProps {
  account: string;
  batch: BatchRef;
  /** The realm's users, for the emails in the exported results. */
  users: UserLookup;
  onShowBatch(batch: BatchRef | null): void;
}

/** The panel's words for each kind of job. */
function titles(batch: UserBatch, total: number, cancelled: boolean) {
  const users = `${count.format(total)} ${total === 1 ? 'user' : 'users'}`;
  const end = cancelled ? 'cancelled' : 'done';
  if ('role' in batch) {
    const roleName = ROLE_NAMES[batch.role].toLowerCase();
    return { running: `Changing ${users} to ${roleName}`, finished: `Bulk change to ${roleName}: ${end}` };
  }
  return batch.active
    ? { running: `Reactivating ${users}`, finished: `Bulk reactivation: ${end}` }
    : { running: `Deactivating ${users}`, finished: `Bulk deactivation: ${end}` };
}

export function BatchPanel({ account, batch: ref, users, onShowBatch }: BatchPanelProps) {
  const batch = useUserBatch(account, ref);
  const progress = useJobFollowed(batch, account, ref.id);
  const action = useBatchAction(account, onShowBatch);
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);

  if (!batch.data) return <JobPanelUnread title="Bulk change" what="the bulk change" error={batch.error} onClose={() => onShowBatch(null)} />;

  const data = batch.data;
  const figures = jobFigures(data, progress, COUNTED);
  const running = figures.status === 'running';
  const title = titles(data, figures.total, figures.status === 'cancelled');
  const failure = action.isError ? errorWords(action.error) : null;
  return (
    <section ref={panel} className="panel job-panel" aria-labelledby={`${id}-title`} data-status={figures.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>
          {running ? title.running : title.finished}
        </h2>
        <div className="job-actions">
          {running ? (
            <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', batch: ref })}>
              Cancel the rest
            </button>
          ) : (
            <>
              {figures.counts.failed > 0 && (
                <button type="button" className="button button-small button-primary" disabled={action.isPending} onClick={() => action.mutate({ kind: 'retryFailed', batch: ref })}>
                  Retry failed ({count.format(figures.counts.failed)})
                </button>
              )}
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  const { filename, csv } = batchCsv(data, users);
                  downloadText(filename, csv, 'text/csv;charset=utf-8');
                }}
              >
                Export results as CSV
              </button>
              <button type="button" className="button button-small" onClick={() => onShowBatch(null)}>
                Close
              </button>
            </>
          )}
        </div>
      </div>
      <JobProgressLine label="Progress of the bulk change" figures={figures} outcomes={COUNTED} words={BATCH_OUTCOME_WORDS} detail={progress?.detail} />
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {data.status !== 'running' && <BatchResults results={data.results} />}
    </section>
  );
}

const SHOWN = ['failed', 'changed', 'unchanged'] as const;
/** Failures first (they are what needs attention). */
const ORDER = ['failed', 'pending', 'changed', 'unchanged'] as const;

function BatchResults({ results }: { results: RoleChangeOutcome[] }) {
  return (
    <JobResults
      results={results}
      outcomes={SHOWN}
      order={ORDER}
      words={BATCH_OUTCOME_WORDS}
      label="Results per user"
      rowHeight={34}
      keyOf={(result) => result.userId}
      name={(result) => result.fullName}
      reason={(result) => result.reason ?? ''}
    />
  );
}
