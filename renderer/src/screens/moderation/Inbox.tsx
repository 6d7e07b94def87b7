// The inbox: filters, the count of what they show, the list, and the opened report beside it.
import { useEffect, useMemo, useState } from 'react';
import type { Account, ModerationInbox, Report } from '../../../../shared/ipc';
import { plural } from '../../../../shared/domain/plural';
import { errorWords } from '../../errors/words';
import { useMarkReviewed } from '../../queries/moderation';
import { toast } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { filterReports, filtersHiding, groupByReportedUser, withoutHiding, type InboxFilters as Filters } from './inbox-filters';
import { BulkMarkNote, type BulkMark } from './BulkMarkNote';
import { InboxFilters } from './InboxFilters';
import { InboxHiddenNotice } from './InboxHiddenNotice';
import { useModerationUi } from './moderation-ui';
import { ReportDetail } from './ReportDetail';
import { ReportList } from './ReportList';

/** Rows drawn at first, and added by each "Show more" (or by the cursor reaching the end). */
const PAGE = 200;

/** The current time in seconds, moving on every minute, for "last 24 hours" and "today". */
function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function Inbox({ account, inbox }: { account: Account; inbox: ModerationInbox }) {
  const filters = useModerationUi((state) => state.filters);
  const view = useModerationUi((state) => state.view);
  const clearFilters = useModerationUi((state) => state.clearFilters);
  const setFilters = useModerationUi((state) => state.setFilters);
  const nowSeconds = useNowSeconds();
  const markReviewed = useMarkReviewed(account.id);

  const filtered = useMemo(() => filterReports(inbox.reports, filters, nowSeconds), [inbox.reports, filters, nowSeconds]);
  const groups = useMemo(() => (view === 'grouped' ? groupByReportedUser(filtered, inbox.reports) : null), [view, filtered, inbox.reports]);
  const rows = useMemo(() => (groups ? groups.flatMap((group) => group.reports) : filtered), [groups, filtered]);

  // The cursor follows its report; when that report leaves the list (marked reviewed under "New"),
  // it stays at the same place, on the report that moved up into it.
  const [cursorAt, setCursorAt] = useState<{ id: number | null; index: number }>({ id: null, index: 0 });
  const [openedId, setOpened] = useState<number | null>(null);
  const leaveThen = useUi((state) => state.leaveThen);
  /** Another report, or none: a change chosen for the open report's user and not applied is asked about first. */
  const setOpenedId = (id: number | null) => {
    if (id !== openedId) leaveThen(() => setOpened(id));
  };
  const [limit, setLimit] = useState(PAGE);
  const found = cursorAt.id === null ? -1 : rows.findIndex((report) => report.id === cursorAt.id);
  const cursor = found >= 0 ? found : Math.min(cursorAt.index, rows.length - 1);

  const moveCursor = (index: number) => {
    setCursorAt({ id: rows[index]?.id ?? null, index });
    if (index >= limit - 1) setLimit((current) => current + PAGE);
  };

  const toggleReviewed = (report: Report) => {
    const reviewed = report.status === 'new';
    markReviewed.mutate(
      { reportIds: [report.id], reviewed },
      {
        onError: (error) => {
          const words = errorWords(error);
          toast({
            kind: 'error',
            title: `Could not mark the report ${reviewed ? 'reviewed' : 'as new'}: ${words.message}`,
            action: words.action ?? 'Its status is as it was. Try again in a moment.',
          });
        },
      },
    );
  };

  /**
   * `r` in the list. Marked reviewed under "New", a report leaves the list and the cursor lands on the
   * one that moves up into its place; if it was the open report, the panel goes with the cursor, so the
   * next `r` acts on the report shown (it once marked the next report while the panel still showed this one).
   */
  const toggleFromList = (report: Report) => {
    toggleReviewed(report);
    const toggled: Report = { ...report, status: report.status === 'new' ? 'reviewed' : 'new' };
    if (report.id !== openedId || filterReports([toggled], filters, nowSeconds).length > 0) return;
    const index = rows.findIndex((row) => row.id === report.id);
    setOpenedId(rows[index + 1]?.id ?? rows[index - 1]?.id ?? null);
  };

  const shownNew = filtered.filter((report) => report.status === 'new');
  /** The last "Mark all shown as reviewed", said until dismissed or the next one. */
  const [bulkMark, setBulkMark] = useState<BulkMark | null>(null);
  const markAll = (reportIds: number[], reviewed: boolean) => {
    markReviewed.mutate(
      { reportIds, reviewed },
      {
        onSuccess: () => setBulkMark({ reportIds, undone: !reviewed }),
        onError: (error) => {
          const words = errorWords(error);
          toast({
            kind: 'error',
            title: `Could not mark ${plural(reportIds.length, 'report', 'reports')} ${reviewed ? 'reviewed' : 'new'}: ${words.message}`,
            action: words.action ?? `${reportIds.length === 1 ? 'Its' : 'Their'} status is as it was. Try again in a moment.`,
          });
        },
      },
    );
  };

  const opened = openedId === null ? null : (inbox.reports.find((report) => report.id === openedId) ?? null);
  // The open report stays open when the filters leave it out (marked reviewed under "New"), so it can
  // still be acted on; a notice above it says so.
  const hiding = opened ? filtersHiding(opened, filters, nowSeconds) : [];
  const filtering = filtered.length !== inbox.reports.length;
  const newTotal = inbox.reports.filter((report) => report.status === 'new').length;

  return (
    <div className="inbox">
      <p className="inbox-source muted">
        Reports from #{inbox.channel?.name}, newest first. New reports appear as they arrive.
      </p>
      <InboxFilters />
      <div className="inbox-summary">
        <p aria-live="polite">
          {filtering ? `${filtered.length} of ${inbox.reports.length} reports shown` : plural(inbox.reports.length, 'report', 'reports')}
          {' · '}
          {newTotal} new
        </p>
        {/* With nothing left, the empty list offers it instead: once is enough. */}
        {filtering && rows.length > 0 && (
          <button type="button" className="link-button" onClick={clearFilters}>
            Clear filters
          </button>
        )}
        {shownNew.length > 0 && (
          <button
            type="button"
            className="button button-small"
            onClick={() => markAll(shownNew.map((report) => report.id), true)}
            disabled={markReviewed.isPending}
          >
            Mark all shown as reviewed ({shownNew.length})
          </button>
        )}
        {bulkMark && <BulkMarkNote mark={bulkMark} busy={markReviewed.isPending} onUndo={() => markAll(bulkMark.reportIds, false)} onDismiss={() => setBulkMark(null)} />}
      </div>
      <div className="inbox-panes">
        <div className="inbox-list-pane">
          {inbox.reports.length === 0 ? (
            <p className="empty-state">No reports. Members can report a message from its menu; reports appear here as they arrive.</p>
          ) : rows.length === 0 ? (
            <div className="empty-state">
              <p>{emptyWords(filters, inbox.reports.length)}</p>
              <button type="button" className="button button-small" onClick={clearFilters}>
                Clear filters
              </button>
            </div>
          ) : (
            <ReportList
              rows={rows}
              groups={groups}
              cursor={cursor}
              openedId={openedId}
              limit={limit}
              nowSeconds={nowSeconds}
              onCursor={moveCursor}
              onOpen={(report) => setOpenedId(report.id)}
              onToggleReviewed={toggleFromList}
              onShowMore={() => setLimit((current) => current + PAGE)}
            />
          )}
          {rows.length > 0 && (
            <p className="key-help">
              <span>
                <kbd>j</kbd> <kbd>k</kbd> or <kbd>↑</kbd> <kbd>↓</kbd> move
              </span>{' '}
              · <span>
                <kbd>Enter</kbd> opens
              </span>{' '}
              · <span>
                <kbd>r</kbd> marks reviewed or new
              </span>
            </p>
          )}
        </div>
        <div className="inbox-detail-pane">
          {opened && hiding.length > 0 && (
            <InboxHiddenNotice
              report={opened}
              filters={filters}
              hiding={hiding}
              onShow={() => {
                setFilters(withoutHiding(filters, hiding));
                setCursorAt({ id: opened.id, index: 0 });
              }}
              onClose={() => setOpenedId(null)}
            />
          )}
          {opened ? (
            <ReportDetail
              key={opened.id}
              account={account}
              report={opened}
              allReports={inbox.reports}
              onToggleReviewed={toggleReviewed}
              onClose={() => setOpenedId(null)}
              onOpen={(report) => {
                setOpenedId(report.id);
                const index = rows.findIndex((row) => row.id === report.id);
                if (index >= 0) moveCursor(index);
              }}
            />
          ) : openedId !== null ? (
            <p className="empty-state">This report is no longer in the moderation channel: its message was deleted or moved.</p>
          ) : (
            inbox.reports.length > 0 && <p className="empty-state">Open a report to see who reported whom, the message in its conversation, and what you can do.</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Why the filtered list is empty, most often "no new reports" once everything is reviewed. */
function emptyWords(filters: Filters, total: number): string {
  const onlyStatus = filters.type === 'all' && filters.date === 'all';
  if (onlyStatus && filters.status === 'new') return `No new reports: ${total === 1 ? 'the one report is' : `all ${total} reports are`} reviewed.`;
  if (onlyStatus && filters.status === 'reviewed') return 'No reviewed reports yet: every report is new.';
  return 'No reports match these filters.';
}
