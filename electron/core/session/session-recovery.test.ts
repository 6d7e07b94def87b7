// A session recovering from what happens to real connections: a queue the server garbage-collected,
// a server restart, a server that is gone for a while, and an event the session cannot read.
import { afterEach, expect, test } from 'vitest';
import { updateUser } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { realmStateFromRegister } from './realm-state';
import { clientFor, comparable, eventually, freshRegister, holdableFetch, recordedSession, silentPollFetch, type Recorded } from './testing/session-harness';

let sandbox: Sandbox | null = null;
let recorded: Recorded | null = null;

afterEach(async () => {
  await recorded?.session.stop();
  await sandbox?.close();
  recorded = null;
  sandbox = null;
});

const MARK = 5;
const states = (r: Recorded) => r.statuses.map((status) => status.state);

test('a queue the server garbage-collected: reconnecting, then live with a state that matches a fresh register', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--queue-idle-ms', '1500', '--heartbeat-ms', '300'] });
  const network = holdableFetch();
  const olivia = recordedSession(await clientFor(sandbox.url, 'olivia@sandbox.test', { fetch: network.fetch }));
  recorded = olivia;
  olivia.session.start();
  await olivia.session.whenReady();
  const firstQueue = olivia.session.queueId;

  // The console stops polling (a laptop asleep) while someone changes a role; the server collects the queue.
  network.hold();
  await new Promise((resolve) => setTimeout(resolve, 400));
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  await adam.call(updateUser, { user_id: MARK, role: 300 });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  network.release();

  await eventually(() => olivia.resyncs === 1 && olivia.session.status.state === 'live', 'the resync');
  expect(states(olivia)).toEqual(['live', 'reconnecting', 'live']);
  expect(olivia.statuses[1]?.detail).toMatch(/dropped this console's event queue/);
  expect(olivia.session.queueId).not.toBe(firstQueue);
  expect(olivia.session.state?.users.get(MARK)?.role).toBe(300);
  const fresh = realmStateFromRegister(await freshRegister(await clientFor(sandbox.url, 'olivia@sandbox.test'), 'moderation'));
  expect(comparable(olivia.session.state ?? fresh)).toEqual(comparable(fresh));
  expect(olivia.session.state?.reportIds?.size).toBe(3);
}, 30_000);

test('a long-poll that never answers counts as dead after the server’s timeout: reconnecting, then live on a fresh poll', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  // The server says its long-poll timeout is 1 s and heartbeats every 0.3 s, so a poll silent for
  // that second plus a 1 s grace has outlived any heartbeat: the connection is dead, not just quiet.
  const network = silentPollFetch(1);
  const olivia = recordedSession(await clientFor(sandbox.url, 'olivia@sandbox.test', { fetch: network.fetch }), { longpollGraceMs: 1_000 });
  recorded = olivia;
  olivia.session.start();
  await olivia.session.whenReady();
  const queue = olivia.session.queueId;

  network.silence();
  await eventually(() => states(olivia).at(-1) === 'live' && states(olivia).length > 1, 'the session to give up on the silent poll and be live again');
  // Reconnecting (the next try planned 1 s on), then that try under way, then live.
  expect(states(olivia)).toEqual(['live', 'reconnecting', 'reconnecting', 'live']);
  const [, lost, trying] = olivia.statuses;
  expect(lost).toEqual({ state: 'reconnecting', detail: expect.stringMatching(/^Lost the connection to http:\/\/127\.0\.0\.1:\d+\.$/), retryAt: expect.any(Number), lastLiveAt: expect.any(Number) });
  expect((lost?.retryAt ?? 0) - (lost?.lastLiveAt ?? 0)).toBeGreaterThanOrEqual(1_000);
  expect(trying).toEqual({ ...lost, retryAt: expect.any(Number) });
  expect(olivia.statuses.at(-1)).toEqual({ state: 'live', detail: null, retryAt: null, lastLiveAt: null });
  // The queue itself was fine: a new poll of it was answered, and nothing had to be loaded again.
  expect(network.silencedQueue()).toBe(queue);
  expect(network.answeredAfterSilence).toContain(queue);
  expect(olivia.session.queueId).toBe(queue);
  expect(olivia.resyncs).toBe(0);
}, 30_000);

test('a server restart: reconnecting, then live by itself, with the state right afterwards', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  const olivia = recordedSession(await clientFor(sandbox.url, 'olivia@sandbox.test'));
  recorded = olivia;
  olivia.session.start();
  await olivia.session.whenReady();

  await sandbox.restart();
  await eventually(() => olivia.resyncs === 1 && olivia.session.status.state === 'live', 'the session to come back', 20_000);
  expect(states(olivia)).toContain('reconnecting');
  expect(olivia.statuses.find((status) => status.state === 'reconnecting')?.detail).toMatch(/^Lost the connection to http:\/\/127\.0\.0\.1:\d+\.$/);

  // Live again for real: a change made now arrives.
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  await adam.call(updateUser, { user_id: MARK, full_name: 'Mark After Restart' });
  await eventually(() => olivia.session.state?.users.get(MARK)?.full_name === 'Mark After Restart', 'the change after the restart');
  const fresh = realmStateFromRegister(await freshRegister(adam, null));
  expect(comparable(olivia.session.state ?? fresh).users).toEqual(comparable(fresh).users);
}, 40_000);

test('a server down from the start: reads fail at once saying when the next try comes, offline after 30 s, live when it returns', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  const client = await clientFor(sandbox.url, 'olivia@sandbox.test');
  await sandbox.stop();
  // Virtual time: every backoff wait moves the clock on by the wait, so 30 seconds pass at once.
  let clock = 0;
  const olivia = recordedSession(client, {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
  recorded = olivia;
  olivia.session.start();
  // A read waits for the first try only, not through the backoff: it fails as soon as that try does.
  await expect(olivia.session.whenReady()).rejects.toMatchObject({ code: 'NOT_CONNECTED', extra: { retryAt: 1_000 } });
  const url = sandbox.url.replaceAll('.', '\\.');
  expect(olivia.statuses[0]).toEqual({ state: 'connecting', detail: expect.stringMatching(new RegExp(`^Could not reach ${url}\\.$`)), retryAt: 1_000, lastLiveAt: null });
  // A read made later fails at once too, in words.
  await expect(olivia.session.whenReady()).rejects.toThrow(new RegExp(`^Not connected to ${url} yet, so nothing is loaded from it\\. Could not reach`));

  await eventually(() => olivia.session.status.state === 'offline', 'the session to be offline after 30 s');
  expect(olivia.session.status).toEqual({
    state: 'offline',
    detail: expect.stringMatching(/^No connection to .* for \d+ seconds\.$/),
    retryAt: expect.any(Number),
    lastLiveAt: null,
  });

  await sandbox.start();
  await eventually(() => olivia.session.status.state === 'live', 'the session to connect', 20_000);
  expect((await olivia.session.whenReady()).realmName).toBe('Sandbox Org');
  expect(olivia.session.status).toEqual({ state: 'live', detail: null, retryAt: null, lastLiveAt: null });
}, 40_000);

test('a server stopped while live: reads answer from the last state, the status says since when and when the next try comes', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  const olivia = recordedSession(await clientFor(sandbox.url, 'olivia@sandbox.test'));
  recorded = olivia;
  olivia.session.start();
  const before = await olivia.session.whenReady();
  const stoppedAt = Date.now();
  await sandbox.stop();
  await eventually(() => olivia.session.status.state === 'reconnecting', 'the session to notice');
  const status = olivia.session.status;
  expect(status.lastLiveAt).toBeGreaterThanOrEqual(stoppedAt);
  expect(status.retryAt).toBeGreaterThan(status.lastLiveAt ?? Infinity);
  // The last state, at once, although the server is gone.
  expect(await olivia.session.whenReady()).toBe(before);

  await sandbox.start();
  await eventually(() => olivia.session.status.state === 'live', 'the session to come back', 20_000);
  expect(olivia.session.status.lastLiveAt).toBeNull();
}, 40_000);

test('reconnectNow() skips the wait before the next attempt, and the status says the try is under way', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  const client = await clientFor(sandbox.url, 'olivia@sandbox.test');
  await sandbox.stop();
  let clock = 0;
  const olivia = recordedSession(client, { now: () => clock, sleep: () => new Promise(() => undefined) });
  recorded = olivia;
  olivia.session.start();
  await eventually(() => olivia.statuses.length > 0, 'the first failure');
  expect(olivia.statuses[0]).toMatchObject({ state: 'connecting', retryAt: 1_000 });
  await sandbox.start();
  clock = 400;
  olivia.session.reconnectNow();
  await eventually(() => olivia.session.status.state === 'live', 'the session to connect');
  expect(olivia.statuses[1]).toMatchObject({ state: 'connecting', retryAt: 400 });
}, 30_000);

test('a malformed event is logged and skipped; the events around it still apply', async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  // The network corrupts one role change on its way: role 250 is not a role.
  let corrupted = false;
  const corrupting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (corrupted || !String(input).includes('/api/v1/events')) return response;
    const text = await response.text();
    const body = JSON.parse(text) as { events?: { type: string; person?: { role?: number } }[] };
    const victim = body.events?.find((event) => event.type === 'realm_user' && event.person?.role === 300);
    if (victim?.person) {
      victim.person.role = 250;
      corrupted = true;
    }
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
  const olivia = recordedSession(await clientFor(sandbox.url, 'olivia@sandbox.test', { fetch: corrupting }));
  recorded = olivia;
  olivia.session.start();
  await olivia.session.whenReady();
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  await adam.call(updateUser, { user_id: MARK, role: 300 });
  await adam.call(updateUser, { user_id: MARK, full_name: 'Mark Renamed' });
  await eventually(() => olivia.session.state?.users.get(MARK)?.full_name === 'Mark Renamed', 'the rename after the bad event');
  expect(corrupted).toBe(true);
  expect(olivia.session.state?.users.get(MARK)?.role).toBe(400);
  expect(olivia.logs).toContainEqual(expect.stringMatching(/^skipped a malformed realm_user event \(id \d+\): person\.role/));
  expect(olivia.session.status.state).toBe('live');
}, 30_000);
