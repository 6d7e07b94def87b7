// One entry of the activity log as a table row: when, who, what, whom, details, the result (with the
// error in the server's words), and its undo actions (activity/UndoArea.tsx). The one place a row is drawn, for the whole log and a part of it alike;
// `rowProps` carries what a virtualized list adds (its measuring ref and row index).
import type { ComponentProps } from 'react';
import type { ActivityEntry } from '../../../shared/ipc';
import { UndoCell } from './UndoArea';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function ActivityRow({ entry, rowProps }: { entry: ActivityEntry; rowProps?: ComponentProps<'tr'> }) {
  return (
    <tr data-result={entry.result} {...rowProps}>
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

/** The table's header row, the same for every view of the log. */
export function ActivityHead() {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col">When</th>
        <th scope="col">Who</th>
        <th scope="col">What</th>
        <th scope="col">Whom</th>
        <th scope="col">Details</th>
        <th scope="col">Result</th>
        <th scope="col">Undo</th>
      </tr>
    </thead>
  );
}
