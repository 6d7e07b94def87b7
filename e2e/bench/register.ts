// POST /register on a 20,000-user realm (`npx tsx e2e/bench/register.ts`, or `npm run bench`): a
// sandbox with `--seed large` in its own process (as `npm run server` runs it), Olivia Owner signed in,
// and the time from sending the request to having the whole reply body, over real HTTP. It prints
// figures and never fails on them (docs/style.md: benchmarks are not timed tests).
//
// Two requests: the console's own (its event types, every channel's subscribers, its capabilities) and
// every section with every subscriber list. Beside each, its floor: JSON.stringify of the same reply
// object, the least any server must do to send it, measured here on the same machine, and the ratio.
import { performance } from 'node:perf_hooks';
import { registerParams } from '../../electron/core/session/realm-fetch';
import { startSandbox } from '../../electron/core/testing/sandbox';
import { authorizationFor, fmt, formOf, median, percentile, printTable } from './bench-page';

const WARM_UPS = 3;
const RUNS = 15;

const REQUESTS: Record<string, Record<string, unknown>> = {
  "the console's register": registerParams(null) as unknown as Record<string, unknown>,
  'every section, include_subscribers=true': {
    include_subscribers: 'true',
    client_capabilities: { notification_settings_null: true, archived_channels: true, empty_topic_name: true, user_settings_object: true },
  },
};

async function main() {
  let started = performance.now();
  const sandbox = await startSandbox({ seed: 'large' });
  const seedMs = performance.now() - started;
  try {
    const authorization = await authorizationFor(sandbox.url);
    const rows = [['request', 'reply', 'median', 'p95', 'floor (stringify)', 'ratio']];
    for (const [name, params] of Object.entries(REQUESTS)) {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < WARM_UPS + RUNS; i++) {
        started = performance.now();
        const reply = await fetch(`${sandbox.url}/api/v1/register`, { method: 'POST', headers: { authorization }, body: formOf(params) });
        body = await reply.text();
        if (!reply.ok) throw new Error(`POST /register answered ${String(reply.status)}: ${body.slice(0, 200)}`);
        if (i >= WARM_UPS) times.push(performance.now() - started);
      }
      const reply = JSON.parse(body) as unknown;
      const floors: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        JSON.stringify(reply);
        floors.push(performance.now() - started);
      }
      const [mid, floor] = [median(times), median(floors)];
      rows.push([name, `${(body.length / 1e6).toFixed(1)} MB`, fmt(mid), fmt(percentile(times, 95)), fmt(floor), `${(mid / floor).toFixed(1)}×`]);
    }
    console.log(`--seed large sandbox seeded and listening in ${(seedMs / 1000).toFixed(1)} s; ${String(RUNS)} requests each after ${String(WARM_UPS)} to warm up, as Olivia Owner:`);
    printTable(rows);
  } finally {
    await sandbox.close();
  }
}

void main();
