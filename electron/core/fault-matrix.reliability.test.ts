// The reliability matrix: every operation that writes (testing/matrix-table.ts) under every fault
// between the console and the server (testing/matrix-faults.ts), against real sandbox processes behind
// the fault proxy. Each scenario checks what a user would: the console told the truth about what was
// done (the server agrees, item by item), nothing took effect twice, a retry of what failed finishes
// it exactly once, and the console's live state ends equal to a fresh register.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tally } from '../../shared/node/testing/reliability-tally';
import { faultConsole, type FaultConsole } from './testing/fault-harness';
import { faultTarget, MATRIX_FAULTS } from './testing/matrix-faults';
import { MATRIX_ROWS } from './testing/matrix-table';
import { until } from './testing/matrix-row';

describe.each(MATRIX_ROWS.map((operation) => [operation.name, operation] as const))('%s', (_name, operation) => {
  let h: FaultConsole;

  beforeAll(async () => {
    h = await faultConsole();
    await operation.setup?.(h);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  test.each(MATRIX_FAULTS.map((column, index) => [column.name, column, index] as const))('under %s', async (_fault, column, index) => {
    const realm = operation.target(h);
    const subject = await operation.prepare(h, index);
    await realm.watch.drain();
    const since = realm.watch.mark();
    const fault = realm.proxy.inject({ match: faultTarget(column, operation.writes), fault: column.fault, ...(column.times ? { times: column.times } : {}) });
    let told;
    try {
      told = await operation.run(h, subject);
      // The operation's own events end the long-poll in flight; the next one meets the fault, though
      // on a slow machine perhaps only after the operation has ended.
      if (column.on === 'long-poll') await until(async () => fault.hits > 0, 'a long-poll to meet the fault');
    } finally {
      fault.remove();
    }
    // The fault was really injected: a scenario it missed would prove nothing.
    expect(fault.hits).toBeGreaterThan(0);
    await realm.watch.drain();
    await operation.truthful(h, subject, told, since);

    // The user retries what failed; then all of it is done, once.
    if (!told.ok) await h.converged(realm);
    const final = told.ok ? told : await operation.retry(h, subject, told);
    expect(final).toEqual({ ok: true, said: [] });
    await realm.watch.drain();
    await operation.done(h, subject, since);
    for (const each of h.realms) await h.converged(each);
    tally('fault matrix', { scenarios: 1, faults: fault.hits });
  }, 90_000);
});
