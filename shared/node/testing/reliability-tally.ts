// The figures of the reliability tests (`npm run reliability`, docs/ARCHITECTURE.md "Tests"): each
// test adds what it did (scenarios run, faults injected, kills, fuzz requests) to a tally file the
// runner names in RELIABILITY_TALLY, one JSON line per report, and the runner prints their sums. Under
// a plain `npm test` nothing is written. RELIABILITY_RUNS raises the random parts' budgets.
import { appendFileSync } from 'node:fs';

export interface ReliabilityFigures {
  scenarios?: number;
  faults?: number;
  kills?: number;
  fuzzRequests?: number;
}

export const FIGURE_NAMES = ['scenarios', 'faults', 'kills', 'fuzzRequests'] as const;

/** Adds `figures` to the run's tally, under `source` (the test file's name). */
export function tally(source: string, figures: ReliabilityFigures): void {
  const file = process.env.RELIABILITY_TALLY;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ source, ...figures })}\n`);
}

/**
 * How many random runs a test makes: `ciDefault` (a budget that keeps `npm test` within minutes),
 * or `perRun × RELIABILITY_RUNS` when it is set (`RELIABILITY_RUNS=1000 npm run reliability`).
 */
export function reliabilityRuns(ciDefault: number, perRun = 1): number {
  const asked = Number(process.env.RELIABILITY_RUNS);
  return Number.isInteger(asked) && asked > 0 ? Math.max(1, Math.round(asked * perRun)) : ciDefault;
}
