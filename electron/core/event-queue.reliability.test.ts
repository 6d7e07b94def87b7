// The event queue under faults, the matrix's other half (fault-matrix.reliability.test.ts holds the
// writes): its heartbeat lost (long-polls black-holed until the console's own timeout ends them), its
// queue garbage-collected by the server, and the server restarted on the same data. Each time another
// administrator changes the realm meanwhile; the console must end live, with that change, its state
// equal to a fresh register's, and must have said it was not live while it was not (a restart).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deleteEventQueue, updateUser } from '../../shared/api';
import type { Push } from '../../shared/ipc';
import { tally } from '../../shared/node/testing/reliability-tally';
import { faultConsole, type FaultConsole } from './testing/fault-harness';
import { until } from './testing/matrix-row';

let h: FaultConsole;
/** Mark Member, whose name the other administrator changes. */
let MARK = 0;

beforeAll(async () => {
  // A short heartbeat, and a register whose long-poll timeout is 2 s (edited on the way, as a server
  // configured so would answer): a lost heartbeat is noticed in seconds, not minutes.
  h = await faultConsole({ args: ['--heartbeat-ms', '1000'] });
  MARK = [...h.state().users.values()].find((user) => user.email === 'mark@sandbox.test')?.user_id ?? 0;
  h.main.proxy.inject({ match: { method: 'POST', path: '/api/v1/register' }, fault: { kind: 'edit-json', edit: (body) => ({ ...body, event_queue_longpoll_timeout_seconds: 2 }) } });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const session = () => h.sessions.get(h.main.accountId);

/** Another administrator renames a member; the console shows it, and its state equals a fresh register. */
async function expectLiveWith(name: string): Promise<void> {
  await h.main.direct.call(updateUser, { user_id: MARK, full_name: name });
  await until(async () => h.state().users.get(MARK)?.full_name === name, `the console to show "${name}"`);
  await h.converged();
}

test('the queue garbage-collected by the server: the console registers again and misses nothing', async () => {
  const before = session().queueId;
  expect(before).not.toBeNull();
  // What the server does to a queue nobody fetched from for too long.
  await h.main.self.call(deleteEventQueue, { queue_id: before as string });
  await h.main.direct.call(updateUser, { user_id: MARK, full_name: 'Mark While Collected' });
  await until(async () => session().queueId !== before && session().queueId, 'a new queue');
  await until(async () => h.state().users.get(MARK)?.full_name === 'Mark While Collected', 'the change made while the queue was gone');
  await expectLiveWith('Mark After Collected');
  tally('event queue', { scenarios: 1, faults: 1 });
}, 60_000);

test('the heartbeat lost: long-polls black-holed until the console gives up on them, then live again', async () => {
  // The register above took effect: the console waits 2 s (plus its grace) for a heartbeat.
  expect(h.state().longpollTimeoutSeconds).toBe(2);
  const lost = h.main.proxy.inject({ match: { longPoll: true }, fault: { kind: 'blackhole', forward: false }, times: 1 });
  await until(async () => lost.hits === 1 && h.main.proxy.requests({ longPoll: true }).length, 'a black-holed long-poll');
  await h.main.direct.call(updateUser, { user_id: MARK, full_name: 'Mark While Silent' });
  await until(async () => h.state().users.get(MARK)?.full_name === 'Mark While Silent', 'the change made while the heartbeat was lost', 60_000);
  await expectLiveWith('Mark After Silent');
  tally('event queue', { scenarios: 1, faults: lost.hits });
}, 90_000);

test('the server restarted on the same data: the console says it is not live, then registers again and misses nothing', async () => {
  const from = h.pushes.length;
  await h.main.sandbox.stop();
  await until(async () => h.pushes.slice(from).some((push: Push) => push.kind === 'session.state' && push.account === h.main.accountId && push.state !== 'live'), 'the console to say it is not live');
  const said = h.pushes.slice(from).find((push: Push) => push.kind === 'session.state' && push.state !== 'live');
  expect(said && 'detail' in said ? said.detail : null).toMatch(/\w{10,}/);
  await h.main.sandbox.start();
  // The server's queues went with it: the other administrator's change comes through a new register.
  await h.main.direct.call(updateUser, { user_id: MARK, full_name: 'Mark After Restart' });
  await until(async () => h.state().users.get(MARK)?.full_name === 'Mark After Restart', 'the change made after the restart', 60_000);
  await h.converged();
  tally('event queue', { scenarios: 1, faults: 1 });
}, 90_000);
