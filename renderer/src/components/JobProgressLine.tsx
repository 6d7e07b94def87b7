// A job panel's progress: a bar, "N of M done" with the count of each outcome, and the time left while
// the job runs. The job panels show it above their results (JobResults.tsx): the Users screen's bulk
// changes, the permission matrix's, the bulk subscriber job, a move of channels and an undo from the
// activity log.
import type { JobProgress } from '../../../shared/ipc';
import { timeLeft } from './time-left';
import './job-panel.css';

const count = new Intl.NumberFormat();

export interface JobFigures<O extends string> {
  status: JobProgress['status'];
  done: number;
  total: number;
  counts: Record<O, number>;
  /** Seconds left, as the core estimates them while the job runs. */
  eta: number | null;
}

/**
 * The freshest figures: a push's while the job runs, the results' once they are read after it stops
 * (a push may be older than the record read after the job stopped).
 */
export function jobFigures<O extends string>(
  job: { status: JobProgress['status']; results: readonly { outcome: string }[] },
  progress: JobProgress | undefined,
  outcomes: readonly O[],
): JobFigures<O> {
  if (job.status === 'running' && progress) {
    const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, progress.counts[outcome] ?? 0])) as Record<O, number>;
    return { status: progress.status, done: progress.done, total: progress.total, counts, eta: progress.etaSeconds };
  }
  const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<O, number>;
  let done = 0;
  for (const result of job.results) {
    if (result.outcome === 'pending') continue;
    done += 1;
    if (Object.hasOwn(counts, result.outcome)) counts[result.outcome as O] += 1;
  }
  return { status: job.status, done, total: job.results.length, counts, eta: null };
}

export interface JobProgressLineProps<O extends string> {
  /** The bar's accessible name: "Progress of the bulk change". */
  label: string;
  figures: JobFigures<O>;
  /** The outcomes counted, in their order. */
  outcomes: readonly O[];
  /** Each outcome's word, capitalized as on a chip; the line says it in lower case. */
  words: Record<O, string>;
  /** The core's word on the job as a whole (why it stopped), under the line. */
  detail?: string | null;
  /** Whether the line says the time left while the job runs. Default yes. */
  withTimeLeft?: boolean;
}

export function JobProgressLine<O extends string>({ label, figures, outcomes, words, detail, withTimeLeft = true }: JobProgressLineProps<O>) {
  return (
    <div className="batch-progress">
      <progress max={Math.max(1, figures.total)} value={figures.done} aria-label={label} />
      <p aria-live="polite">
        {count.format(figures.done)} of {count.format(figures.total)} done
        {outcomes.map((outcome) => (
          <span key={outcome} className={`outcome outcome-${outcome}`} data-none={figures.counts[outcome] === 0 || undefined}>
            {' · '}
            {count.format(figures.counts[outcome])} {words[outcome].toLowerCase()}
          </span>
        ))}
        {withTimeLeft && figures.status === 'running' && figures.eta !== null && <span> · {timeLeft(figures.eta)}</span>}
      </p>
      {detail && <p className="muted">{detail}</p>}
    </div>
  );
}
