// The records realm.changed pushes carry: from the state after the batch, bounded, and over a real
// sandbox, the user a role change touched and the channel a change touched ride on the push itself.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { updateChannel, updateUser } from '../../shared/api';
import { MAX_PUSHED_RECORDS, Push } from '../../shared/ipc';
import { changedRecords } from './changed-records';
import { DEMO, demoState } from './session/testing/demo-snapshot';
import { startSandbox, type Sandbox } from './testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from './users/testing/console-harness';

test('records are the changed users and channels as the state has them; a subscription change gives its channel', () => {
  const state = demoState();
  const records = changedRecords(state, [
    { collection: 'users', ids: [DEMO.users.mark, DEMO.users.gina] },
    { collection: 'subscriptions', ids: [DEMO.channels.design] },
    { collection: 'groups', ids: [DEMO.groups.engineers] },
  ]);
  expect(records?.users).toEqual([state.users.get(DEMO.users.mark), state.users.get(DEMO.users.gina)]);
  expect(records?.channels?.map((entry) => entry.channel.stream_id)).toEqual([DEMO.channels.design]);
});

test('an ID gone from the state has no record (the renderer drops it); other collections carry none', () => {
  expect(changedRecords(demoState(), [{ collection: 'users', ids: [999_999] }])).toEqual({ users: [] });
  expect(changedRecords(demoState(), [{ collection: 'groups', ids: [DEMO.groups.engineers] }, { collection: 'realm', ids: [] }])).toBeUndefined();
});

test('a whole-collection change or a batch over the bound names IDs only', () => {
  expect(changedRecords(demoState(), [{ collection: 'users', ids: [] }])).toBeUndefined();
  const many = Array.from({ length: MAX_PUSHED_RECORDS + 1 }, (_, i) => i + 1);
  expect(changedRecords(demoState(), [{ collection: 'users', ids: many }, { collection: 'channels', ids: [DEMO.channels.general] }])).toEqual({
    channels: [expect.objectContaining({ channel: expect.objectContaining({ stream_id: DEMO.channels.general }) })],
  });
  const atBound = Array.from({ length: MAX_PUSHED_RECORDS }, (_, i) => i + 1);
  expect(changedRecords(demoState(), [{ collection: 'users', ids: atBound }])?.users).toBeDefined();
});

let sandbox: Sandbox;
let olivia: TestConsole;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

test('a role change made elsewhere is pushed with the user as the console now has it', async () => {
  const adam = await directClient(sandbox.url, 'adam@sandbox.test');
  const kemi = userIdOf(olivia.state(), 'kemi.varga@sandbox.test');
  await adam.call(updateUser, { user_id: kemi, role: 300 });
  const push = await eventually(
    () => olivia.pushes.find((p) => p.kind === 'realm.changed' && p.records?.users?.some((user) => user.user_id === kemi && user.role === 300)),
    "Kemi's new role on a push",
  );
  // What the core pushes is what the contract allows (the renderer's bridge passes it on as is).
  expect(Push.parse(push)).toEqual(push);
  expect(push.kind === 'realm.changed' && push.changes).toContainEqual({ collection: 'users', ids: [kemi] });
});

test('a channel change made elsewhere is pushed with the channel entry', async () => {
  const adam = await directClient(sandbox.url, 'adam@sandbox.test');
  await adam.call(updateChannel, { stream_id: DEMO.channels.design, description: 'Pixels, pushed.' });
  const push = await eventually(
    () => olivia.pushes.find((p) => p.kind === 'realm.changed' && p.records?.channels?.some((entry) => entry.channel.description === 'Pixels, pushed.')),
    'the new description on a push',
  );
  expect(push.kind === 'realm.changed' && push.records?.channels?.[0]).toMatchObject({ channel: { stream_id: DEMO.channels.design }, isDefault: expect.any(Boolean) });
});
