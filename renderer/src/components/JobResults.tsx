// A finished job's results, one line per item (a user, a channel, a user in a channel): chips that
// filter by outcome with their counts, and a virtualized list (thousands of lines scroll like forty),
// what needs attention first. Every job panel shows its results with it: the Users screen's bulk
// changes, the permission matrix's, the bulk subscriber job and an undo from the activity log.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import './job-panel.css';

const count = new Intl.NumberFormat();

export interface JobResultsProps<R extends { outcome: string }> {
  results: readonly R[];
  /** The chips after "All", in their order. */
  outcomes: readonly R['outcome'][];
  /** The list's order by outcome (what needs attention first); `outcomes` when left out. */
  order?: readonly R['outcome'][];
  words: Record<R['outcome'], string>;
  /** "Results per user". */
  label: string;
  /** Each line's estimated height in pixels (measured once shown). */
  rowHeight: number;
  /** A class beside `batch-result` on each line, for a job whose lines lay out their own columns. */
  rowClass?: string;
  keyOf(result: R): string | number;
  name(result: R): ReactNode;
  reason(result: R): string;
}

export function JobResults<R extends { outcome: string }>({ results, outcomes, order = outcomes, words, label, rowHeight, rowClass, keyOf, name, reason }: JobResultsProps<R>) {
  type O = R['outcome'];
  const [shown, setShown] = useState<O | 'all'>('all');
  const group = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const ordered = useMemo(() => {
    const rank = (outcome: O) => {
      const at = order.indexOf(outcome);
      return at === -1 ? order.length : at;
    };
    return results.filter((result) => shown === 'all' || result.outcome === shown).sort((a, b) => rank(a.outcome) - rank(b.outcome));
  }, [results, shown, order]);
  const tallies = useMemo(() => {
    const counts = new Map<string, number>();
    for (const result of results) counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
    return counts;
  }, [results]);
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render on purpose, as in UsersTable
  const virtualizer = useVirtualizer({
    count: ordered.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    initialRect: { width: 800, height: 240 },
  });
  return (
    <div className="batch-results">
      <div className="chips" role="radiogroup" aria-label="Show results">
        {(['all', ...outcomes] as const).map((outcome) => (
          <label key={outcome} className="chip">
            <input type="radio" name={group} checked={shown === outcome} onChange={() => setShown(outcome)} />
            {outcome === 'all' ? 'All' : words[outcome]}
            <span className="chip-count">{count.format(outcome === 'all' ? results.length : (tallies.get(outcome) ?? 0))}</span>
          </label>
        ))}
      </div>
      <div ref={scroller} className="batch-list" role="list" aria-label={label}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const result = ordered[item.index];
            if (!result) return null;
            return (
              <div
                key={keyOf(result)}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="listitem"
                className={rowClass ? `batch-result ${rowClass}` : 'batch-result'}
                data-outcome={result.outcome}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <span className="result-name">{name(result)}</span>
                <span className={`outcome outcome-${result.outcome}`}>{words[result.outcome as O]}</span>
                <span className="result-reason">{reason(result)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
