// `npm run bench`: every benchmark, one after another. They print figures and never fail on them;
// speed and memory are measured here, not by timed tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..', '..');

const BENCHES = [
  { name: 'POST /register on a 20,000-user realm, beside its floor', script: 'e2e/bench/register.ts' },
  { name: 'Realm-state reducer on a 20,000-user realm', script: 'electron/core/session/testing/reducer-bench.ts' },
  { name: 'Parse, dedupe and check 10,000 invitation addresses', script: 'e2e/bench/invitee-checks.ts' },
  { name: 'Event fan-out to 1,000 and 10,000 waiting long-polls, beside a bare node:http server', script: 'e2e/bench/event-fanout.ts' },
  { name: "A 10,000-address invitation campaign: the console's time per batch against the server's", script: 'e2e/bench/campaign-throughput.ts' },
  { name: 'Users table at 20,000 users, in Chromium', script: 'e2e/bench/users-table.ts' },
  { name: 'Users table by realm size (1k, 20k, 50k; 100k with BENCH_HUGE=1), beside its floors', script: 'e2e/bench/users-scaling.ts' },
  { name: 'A role change in one console shown in another (20k; 100k with BENCH_HUGE=1)', script: 'e2e/bench/live-latency.ts' },
  { name: 'Channel list at 2,000 channels, in Chromium', script: 'e2e/bench/channels-list.ts' },
  { name: 'Permission matrix at 2,000 channels, in Chromium', script: 'e2e/bench/channels-matrix.ts' },
  { name: 'Activity log at 100,000 entries, in the core and in Chromium', script: 'e2e/bench/activity-log.ts' },
];

let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n=== ${bench.name} (${bench.script})`);
  if (!existsSync(path.join(repo, bench.script))) {
    console.log('(not present)');
    continue;
  }
  const run = spawnSync(process.execPath, ['--import', 'tsx', bench.script], { cwd: repo, stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`(the benchmark itself failed with exit code ${String(run.status)})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
