// The activity log: every change made from this console to the realm, newest first (who, what, when,
// and the result), and the whole log as a CSV file. Shown by Users & roles, Channels and Default
// settings; the whole log comes with its filters and search (activity/FilteredLog.tsx). The Channels
// screen passes its own intro and a channel filter as children, which then take the place of the whole
// log's entries (ActivityEntries shows any part of the log).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ActivityEntry, ActivityKind } from '../../../shared/ipc';
import { ProblemText } from './Field';
import { UndoArea } from '../activity/UndoArea';
import { errorWords } from '../errors/words';
import { ACTIVITY_LIMIT, useExportActivity } from '../queries/activity';
import { downloadText } from './download-text';
import { toast } from '../stores/toasts';
import { ActivityHead, ActivityRow } from '../activity/ActivityRow';
import { FilteredLog } from '../activity/FilteredLog';
import './activity.css';

const count = new Intl.NumberFormat();

interface ActivityLogProps {
  account: string;
  realmName: string;
  /** What this view of the log holds, under its title. */
  intro?: string;
  /** Shown instead of the whole log's entries (a filter and a part of the log). */
  children?: ReactNode;
  /** The kind of change the whole log opens filtered to (the screen's own). */
  kind?: ActivityKind;
}

export function ActivityLog({ account, realmName, intro, children, kind }: ActivityLogProps) {
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
          onClick={() =>
            exporter.mutate(undefined, {
              onSuccess: ({ filename, csv }) => {
                downloadText(filename, csv, 'text/csv;charset=utf-8');
                toast({ kind: 'success', title: `Saved the activity log as ${filename}.` });
              },
            })
          }
        >
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exportFailure && (
        <div role="alert">
          <ProblemText message={`Could not export the activity log: ${exportFailure.message}`} action={exportFailure.action ?? 'Try again.'} />
        </div>
      )}
      <UndoArea account={account}>{children ?? <FilteredLog account={account} empty={NOTHING_YET} kind={kind} />}</UndoArea>
    </section>
  );
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
          <ActivityHead />
          <tbody>
            {shown.map((entry, index) => (
              <ActivityRow key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
