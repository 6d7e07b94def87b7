// `npm run reliability`: runs every reliability test (`*.reliability.test.ts`: the fault matrix, the
// random kills, the server fuzzing, the damaged files) and prints one table of what they did, per
// test file and in total: scenarios run, faults injected, kills, fuzz requests, failures. The tests
// add their figures to a tally file this runner names (reliability-tally.ts); failures come from
// Vitest's JSON report. RELIABILITY_RUNS=n raises the random parts (n runs of each property, n × 20
// fuzz requests per endpoint). Arguments are passed on to Vitest (`-- -t "bulk role job"`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FIGURE_NAMES, type ReliabilityFigures } from './reliability-tally';

const root = path.resolve(import.meta.dirname, '../../..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const tallyFile = path.join(results, 'reliability-tally.jsonl');
const reportFile = path.join(results, 'reliability.json');
rmSync(tallyFile, { force: true });
rmSync(reportFile, { force: true });

const started = Date.now();
const vitest = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'node', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, '.reliability.test.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, RELIABILITY_TALLY: tallyFile } },
);

type Row = Required<ReliabilityFigures> & { failures: number };
const rows = new Map<string, Row>();
const rowOf = (source: string): Row => {
  const existing = rows.get(source);
  if (existing) return existing;
  const row: Row = { scenarios: 0, faults: 0, kills: 0, fuzzRequests: 0, failures: 0 };
  rows.set(source, row);
  return row;
};
for (const line of readLines(tallyFile)) {
  const { source, ...figures } = JSON.parse(line) as ReliabilityFigures & { source: string };
  const row = rowOf(source);
  for (const name of FIGURE_NAMES) row[name] += figures[name] ?? 0;
}
const report = readReport(reportFile);
for (const file of report?.testResults ?? []) {
  const failed = file.assertionResults.filter((result) => result.status === 'failed').length + (file.status === 'failed' && file.assertionResults.length === 0 ? 1 : 0);
  if (failed > 0) rowOf(path.relative(root, file.name)).failures += failed;
}

const total: Row = { scenarios: 0, faults: 0, kills: 0, fuzzRequests: 0, failures: 0 };
for (const row of rows.values()) for (const name of [...FIGURE_NAMES, 'failures'] as const) total[name] += row[name];
const header = ['', 'scenarios', 'faults injected', 'kills', 'fuzz requests', 'failures'];
const lines = [...[...rows].map(([source, row]) => [source, ...figuresOf(row)]), ['total', ...figuresOf(total)]];
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
console.log(`\nReliability, in ${Math.round((Date.now() - started) / 1000)} s${process.env.RELIABILITY_RUNS ? ` (RELIABILITY_RUNS=${process.env.RELIABILITY_RUNS})` : ''}:\n`);
console.log(format(header));
for (const line of lines) console.log(format(line));
if (!report) console.log('\nVitest wrote no report: every test counts as not run.');
process.exit(vitest.status ?? 1);

function figuresOf(row: Row): string[] {
  return [row.scenarios, row.faults, row.kills, row.fuzzRequests, row.failures].map((figure) => figure.toLocaleString('en-US'));
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

interface VitestReport {
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}

function readReport(file: string): VitestReport | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  } catch {
    return null;
  }
}
