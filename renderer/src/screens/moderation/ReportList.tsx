// The list of reports, flat or grouped by reported user, driven by the keyboard: j/k or the arrow keys
// move the cursor, Enter opens the report under it, r marks it reviewed (or new again). The list is a
// listbox with an active descendant, so focus stays on one element while the cursor moves.
import { useEffect, type KeyboardEvent } from 'react';
import type { Report } from '../../../../shared/ipc';
import type { ReportGroup } from './inbox-filters';
import { firstLine, listTime, reportTypeLabel, whereWords } from './report-words';

export interface ReportListProps {
  /** The reports in the order shown (grouped: group by group). */
  rows: readonly Report[];
  /** Null in the flat view. */
  groups: readonly ReportGroup[] | null;
  cursor: number;
  openedId: number | null;
  /** How many rows are drawn; the rest wait behind "Show more" (a channel can hold thousands). */
  limit: number;
  nowSeconds: number;
  onCursor(index: number): void;
  onOpen(report: Report): void;
  onToggleReviewed(report: Report): void;
  onShowMore(): void;
}

export const rowId = (report: Report) => `report-row-${report.id}`;

export function ReportList({ rows, groups, cursor, openedId, limit, nowSeconds, onCursor, onOpen, onToggleReviewed, onShowMore }: ReportListProps) {
  const current = rows[cursor];

  useEffect(() => {
    if (current) document.getElementById(rowId(current))?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const last = rows.length - 1;
    const move = { j: cursor + 1, ArrowDown: cursor + 1, k: cursor - 1, ArrowUp: cursor - 1, Home: 0, End: last }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      onCursor(Math.max(0, Math.min(last, move)));
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      onOpen(current);
    } else if (event.key === 'r' && current) {
      event.preventDefault();
      onToggleReviewed(current);
    }
  };

  const row = (report: Report, index: number) => (
    <ReportRow
      key={report.id}
      report={report}
      grouped={groups !== null}
      active={index === cursor}
      opened={report.id === openedId}
      nowSeconds={nowSeconds}
      onClick={() => {
        onCursor(index);
        onOpen(report);
      }}
    />
  );

  let drawn = 0;
  return (
    <>
      <div
        className="panel report-list"
        role="listbox"
        tabIndex={0}
        aria-label="Reports"
        aria-activedescendant={current ? rowId(current) : undefined}
        onKeyDown={onKeyDown}
      >
        {groups
          ? groups.map((group) => {
              if (drawn >= limit) return null;
              const start = drawn;
              const shown = group.reports.slice(0, limit - drawn);
              drawn += shown.length;
              const headerId = `report-group-${group.userId ?? 'none'}`;
              return (
                <div key={group.userId ?? 'none'} role="group" aria-labelledby={headerId} className="report-group">
                  <div id={headerId} className="report-group-header">
                    <span className="report-group-name">{group.name}</span>
                    <span className="report-group-count">
                      {countWords(group.reports.length, group.totalCount)}
                      {group.newCount > 0 && <span className="new-count">{group.newCount} new</span>}
                    </span>
                  </div>
                  {shown.map((report, offset) => row(report, start + offset))}
                </div>
              );
            })
          : rows.slice(0, limit).map(row)}
      </div>
      {rows.length > limit && (
        <button type="button" className="button button-small show-more" onClick={onShowMore}>
          Show more ({rows.length - limit} not shown yet)
        </button>
      )}
    </>
  );
}

/** "3 reports", or "2 of 5 reports" when filters hide some of this user's reports. */
function countWords(shown: number, total: number): string {
  const noun = total === 1 ? 'report' : 'reports';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}

interface ReportRowProps {
  report: Report;
  /** Under a group header that already names the reported user: the row names the reporter. */
  grouped: boolean;
  active: boolean;
  opened: boolean;
  nowSeconds: number;
  onClick(): void;
}

function ReportRow({ report, grouped, active, opened, nowSeconds, onClick }: ReportRowProps) {
  const isNew = report.status === 'new';
  const who = !report.parsed ? 'Unrecognised report' : grouped ? `from ${report.reporter?.name ?? 'someone'}` : (report.reportedUser?.name ?? 'Unknown user');
  const detail = !report.parsed
    ? firstLine(report.raw)
    : grouped
      ? whereWords(report.where, report)
      : `by ${report.reporter?.name ?? 'someone'} · ${whereWords(report.where, report)}`;
  return (
    <div
      id={rowId(report)}
      role="option"
      aria-selected={active}
      aria-current={opened ? 'true' : undefined}
      className="report-row"
      data-status={report.status}
      data-parsed={report.parsed}
      onClick={onClick}
    >
      <span className="report-row-status" aria-hidden="true" />
      <span className="report-row-main">
        <span className="report-row-title">
          <span className="report-row-who">{who}</span>
          <span className="tag type-badge" data-type={report.parsed ? (report.reportType ?? 'unknown') : 'unparsed'}>
            {reportTypeLabel(report)}
          </span>
        </span>
        <span className="report-row-detail">{detail}</span>
      </span>
      <span className="report-row-side">
        <time dateTime={new Date(report.time * 1000).toISOString()}>{listTime(report.time, nowSeconds)}</time>
        <span className={isNew ? 'status-word status-new' : 'status-word'}>{isNew ? 'New' : 'Reviewed'}</span>
      </span>
    </div>
  );
}
