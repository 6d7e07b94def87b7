// The activity log: every change made from this console to the realm, newest first (who, what, when,
// and the result), and the whole log as a CSV file. Shown by Users & roles, Channels and Default
// settings; the Channels screen passes its own intro and a channel filter as children, which then take
// the place of the whole log's entries (ActivityEntries shows any part of the log).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../shared/ipc';
import { ProblemText } from './Field';
import { UndoArea, UndoCell } from '../activity/UndoArea';
import { errorWords } from '../errors/words';
import { ACTIVITY_LIMIT, useActivity, useExportActivity } from '../queries/activity';
import { toast } from '../stores/toasts';
import './activity.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const count = new Intl.NumberFormat();

interface ActivityLogProps {
  account: string;
  realmName: string;
  /** What this view of the log holds, under its title. */
  intro?: string;
  /** Shown instead of the whole log's entries (a filter and a part of the log). */
  children?: ReactNode;
}

export function ActivityLog({ account, realmName, intro, children }: ActivityLogProps) {
  const exporter = useExportActivity(account);
  const exportFailure = exporter.isError ? errorWords(exporter.error) : null;

  return (
    <section className="activity" aria-labelledby="activity-title">
      <div className="section-head">
        <div>
          <h2 id="activity-title">Activity log</h2>
          <p className="muted">{intro ?? `Every change made from this console to ${realmName}, kept on this computer. Newest first.`}</p>
        </div>
        <button
          type="button"
          className="button"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate(undefined, { onSuccess: (filename) => toast({ kind: 'success', title: `Saved the activity log as ${filename}.` }) })}
        >
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exportFailure && (
        <div role="alert">
          <ProblemText message={`Could not export the activity log: ${exportFailure.message}`} action={exportFailure.action ?? 'Try again.'} />
        </div>
      )}
      <UndoArea account={account}>{children ?? <WholeLog account={account} />}</UndoArea>
    </section>
  );
}

function WholeLog({ account }: { account: string }) {
  return <ActivityEntries log={useActivity(account)} />;
}

const NOTHING_YET = 'Nothing yet. Role changes, renames, deactivations, bulk changes and changes to channels and default settings made from this console are listed here.';

/** The log's entries as a table (or why there are none); `entries` may be a part of the log, with its own `empty` words. */
export function ActivityEntries({ log, entries, empty = NOTHING_YET }: { log: UseQueryResult<ActivityEntry[]>; entries?: ActivityEntry[]; empty?: string }) {
  if (log.isPending) return <p className="muted">Loading the activity log…</p>;
  if (log.isError) {
    const words = errorWords(log.error);
    return (
      <div role="alert">
        <ProblemText message={`Could not read the activity log: ${words.message}`} action={words.action} />
        <button type="button" className="button button-small" onClick={() => void log.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const shown = entries ?? log.data;
  if (shown.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      {log.data.length >= ACTIVITY_LIMIT && (
        <p className="muted">The latest {count.format(ACTIVITY_LIMIT)} changes are shown; Export CSV saves all of them.</p>
      )}
      <div className="panel activity-scroll">
        <table className="activity-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Whom</th>
              <th scope="col">Details</th>
              <th scope="col">Result</th>
              <th scope="col">Undo</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry, index) => (
              <Entry key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Entry({ entry }: { entry: ActivityEntry }) {
  return (
    <tr data-result={entry.result}>
      <td className="activity-when">
        <time dateTime={new Date(entry.at).toISOString()}>{when.format(entry.at)}</time>
      </td>
      <td>{entry.actor}</td>
      <td className="activity-what">{entry.action}</td>
      <td>{entry.target}</td>
      <td>{entry.details}</td>
      <td>
        {entry.result === 'ok' ? (
          <span className="outcome outcome-changed">Done</span>
        ) : (
          <>
            <span className="outcome outcome-failed">Failed</span>
            {entry.error && <span className="activity-error">{entry.error}</span>}
          </>
        )}
      </td>
      <td>
        <UndoCell entry={entry} />
      </td>
    </tr>
  );
}
