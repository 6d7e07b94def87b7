// The whole activity log with its filters: a virtualized table (only the rows in view are drawn) whose
// entries arrive page by page from the core, which runs the filters and the search over its index of
// the log. 100,000 entries scroll and search like 100. The scrolling box is one tab stop, so the arrow
// and page keys scroll it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { plural } from '../../../shared/domain/plural';
import type { ActivityKind } from '../../../shared/ipc';
import { afterNextPaint, mark } from '../lists/perf-marks';
import { errorWords } from '../errors/words';
import { ProblemText } from '../components/Field';
import { useActivityHead, useActivityPages } from '../queries/activity';
import { ActivityFilterBar } from './ActivityFilterBar';
import { ActivityHead, ActivityRow } from './ActivityRow';
import { isFiltered, NO_FILTERS, toQuery, type FilterForm } from './activity-filters';
import { ACTIVITY_MARKS } from './activity-marks';

const ROW_ESTIMATE = 52;
const count = new Intl.NumberFormat();

/**
 * The same object while its content stays the same: each search's reply brings the filters' choices
 * again (thousands of users, maybe), and an equal list must not redraw every option.
 */
function useSteady<T>(value: T): T {
  const json = JSON.stringify(value) as string | undefined;
  return useMemo(() => (json === undefined ? undefined : JSON.parse(json)) as T, [json]);
}

/** `kind`: the kind of change the log opens filtered to (a screen's own), which the user can widen. */
export function FilteredLog({ account, empty, kind }: { account: string; empty: string; kind?: ActivityKind }) {
  const [form, setForm] = useState<FilterForm>(() => (kind ? { ...NO_FILTERS, kind } : NO_FILTERS));
  const filters = useMemo(() => toQuery(form), [form]);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useActivityHead(account, filters);
  const answered = head.data;
  const total = answered?.total ?? 0;
  const choices = useSteady(answered?.choices);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    initialRect: { width: 960, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const entryAt = useActivityPages(
    account,
    filters,
    items.map((item) => item.index),
  );

  // A new filter shows the newest matches from the top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [filters]);

  // The first paint with entries, and every repaint after a search, for the benchmark's marks.
  const firstPaint = useRef(true);
  useEffect(() => {
    if (!answered || head.isPlaceholderData) return;
    return afterNextPaint(() => {
      if (firstPaint.current && answered.size > 0) {
        mark(ACTIVITY_MARKS.painted, { rows: answered.total });
        firstPaint.current = false;
      }
      mark(ACTIVITY_MARKS.searchPainted, { query: form.search, rows: answered.total });
    });
  }, [answered, head.isPlaceholderData, form.search]);

  const change = (part: Partial<FilterForm>) => setForm((current) => ({ ...current, ...part }));
  const clear = () => setForm(NO_FILTERS);
  const filtered = isFiltered(form);

  if (head.isError && !answered) {
    const words = errorWords(head.error);
    return (
      <div role="alert">
        <ProblemText message={`Could not read the activity log: ${words.message}`} action={words.action} />
        <button type="button" className="button button-small" onClick={() => void head.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (head.isPending) return <p className="muted">Loading the activity log…</p>;
  if (answered?.size === 0) return <p className="empty-state">{empty}</p>;

  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      <ActivityFilterBar form={form} choices={choices} onChange={change} />
      <div className="activity-summary">
        <p className="muted" aria-live="polite">
          {filtered ? `${count.format(total)} of ${count.format(answered?.size ?? 0)} changes match.` : `${plural(total, 'change', 'changes')}.`}
        </p>
        {filtered && total > 0 && (
          <button type="button" className="button button-small" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
      {total === 0 ? (
        <div className="empty-state">
          <p>No changes match these filters.</p>
          <button type="button" className="button" onClick={clear}>
            Clear filters
          </button>
        </div>
      ) : (
        <div ref={scroller} className="panel activity-scroll activity-virtual" tabIndex={0} role="region" aria-label="Activity log entries">
          <table className="activity-table" aria-rowcount={total + 1}>
            <ActivityHead />
            <tbody>
              {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
              {items.map((item) => {
                const entry = entryAt(item.index);
                const rowProps = { ref: virtualizer.measureElement, 'data-index': item.index, 'aria-rowindex': item.index + 2 };
                return entry ? (
                  <ActivityRow key={item.key} entry={entry} rowProps={rowProps} />
                ) : (
                  <tr key={item.key} {...rowProps}>
                    <td colSpan={7} className="muted">
                      Loading…
                    </td>
                  </tr>
                );
              })}
              {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
