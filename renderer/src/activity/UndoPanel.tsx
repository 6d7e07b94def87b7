// An undo as it runs and after: a progress bar with counts by outcome (from the core's job.progress
// pushes), then one result per step, refusals first with their reasons, filterable by outcome. Once it
// stops, the log is read again: each step it made is an entry of its own.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { UndoOutcome } from '../../../shared/ipc';
import { ProblemText } from '../components/Field';
import { JobPanelUnread } from '../components/JobPanel';
import { errorWords } from '../errors/words';
import { useJobFollowed } from '../queries/jobs';
import { useLogReread, useUndoAction, useUndoJob } from '../queries/undo';
import '../components/job-panel.css';

const count = new Intl.NumberFormat();
type Outcome = UndoOutcome['outcome'];
const OUTCOMES = ['undone', 'unchanged', 'refused', 'failed'] as const;
const OUTCOME_WORDS: Record<Outcome, string> = { pending: 'Waiting', undone: 'Undone', unchanged: 'Already so', refused: 'Refused', failed: 'Failed' };

export function UndoPanel({ account, undoId, onClose }: { account: string; undoId: string; onClose(): void }) {
  const job = useUndoJob(account, undoId);
  const progress = useJobFollowed(job, account, undoId);
  const action = useUndoAction(account);
  const reread = useLogReread(account);
  const id = useId();
  const stopped = job.data !== undefined && job.data.status !== 'running';
  useEffect(() => {
    if (stopped) void reread();
  }, [stopped, reread]);

  if (!job.data) return <JobPanelUnread title="Undo" what="the undo" error={job.error} onClose={onClose} />;
  const results = job.data.results;
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, results.filter((result) => result.outcome === outcome).length])) as Record<(typeof OUTCOMES)[number], number>;
  const running = job.data.status === 'running';
  const live = running && progress ? progress : null;
  const done = live ? live.done : results.length - results.filter((result) => result.outcome === 'pending').length;
  const shownCounts = live ? Object.fromEntries(OUTCOMES.map((outcome) => [outcome, live.counts[outcome] ?? 0])) : counts;
  const failure = action.isError ? errorWords(action.error) : null;
  const title = running ? `Undoing ${count.format(results.length)} ${results.length === 1 ? 'change' : 'changes'}` : `Undo: ${job.data.status === 'cancelled' ? 'cancelled' : 'done'}`;
  return (
    <section className="panel job-panel undo-panel" aria-labelledby={`${id}-title`} data-status={job.data.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <div className="job-actions">
          {running ? (
            <button type="button" className="button button-small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', undoId })}>
              Cancel the rest
            </button>
          ) : (
            <button type="button" className="button button-small" onClick={onClose}>
              Close
            </button>
          )}
        </div>
      </div>
      <div className="batch-progress">
        <progress max={Math.max(1, results.length)} value={done} aria-label="Progress of the undo" />
        <p aria-live="polite">
          {count.format(done)} of {count.format(results.length)} done
          {OUTCOMES.map((outcome) => (
            <span key={outcome} className={`outcome outcome-${outcome}`} data-none={shownCounts[outcome] === 0 || undefined}>
              {' · '}
              {count.format(shownCounts[outcome] ?? 0)} {OUTCOME_WORDS[outcome].toLowerCase()}
            </span>
          ))}
        </p>
        {progress?.detail && <p className="muted">{progress.detail}</p>}
      </div>
      {failure && <ProblemText message={failure.message} action={failure.action} />}
      {!running && <UndoResults results={results} />}
    </section>
  );
}

const RESULT_HEIGHT = 34;

/** One line per step, refusals and failures first (they are what needs attention). */
function UndoResults({ results }: { results: UndoOutcome[] }) {
  const [shown, setShown] = useState<Outcome | 'all'>('all');
  const scroller = useRef<HTMLDivElement>(null);
  const ordered = useMemo(() => {
    const rank: Record<Outcome, number> = { failed: 0, refused: 1, pending: 2, undone: 3, unchanged: 4 };
    return results.filter((result) => shown === 'all' || result.outcome === shown).sort((a, b) => rank[a.outcome] - rank[b.outcome]);
  }, [results, shown]);
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render on purpose, as in UsersTable
  const virtualizer = useVirtualizer({
    count: ordered.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => RESULT_HEIGHT,
    overscan: 10,
    initialRect: { width: 800, height: 240 },
  });
  const group = useId();
  return (
    <div className="batch-results">
      <div className="chips" role="radiogroup" aria-label="Show results">
        {(['all', ...OUTCOMES] as const).map((outcome) => (
          <label key={outcome} className="chip">
            <input type="radio" name={group} checked={shown === outcome} onChange={() => setShown(outcome)} />
            {outcome === 'all' ? 'All' : OUTCOME_WORDS[outcome]}
            <span className="chip-count">{count.format(outcome === 'all' ? results.length : results.filter((result) => result.outcome === outcome).length)}</span>
          </label>
        ))}
      </div>
      <div ref={scroller} className="batch-list" role="list" aria-label="Results per change">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const result = ordered[item.index];
            if (!result) return null;
            return (
              <div
                key={result.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="listitem"
                className="batch-result undo-result"
                data-outcome={result.outcome}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <span className="result-name">
                  {result.target}
                  <span className="muted undo-change">{result.change}</span>
                </span>
                <span className={`outcome outcome-${result.outcome}`}>{OUTCOME_WORDS[result.outcome]}</span>
                <span className="result-reason">{result.reason ?? ''}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
