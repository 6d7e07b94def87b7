// Adding people to one channel (the channel editor's Subscribers section) against a real sandbox: a
// private channel the owner cannot see into is refused by the server, and the words say why and whom
// to ask, not the advice for creating a channel of a taken name.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { subscribe } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { SubscriberChanges } from './subscriber-changes';

let sandbox: Sandbox;
let olivia: TestConsole;
let adam: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  adam = await directClient(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

test('adding someone to a private channel the owner cannot see into says who can, and nothing changes', async () => {
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  await adam.call(subscribe, { subscriptions: [{ name: 'closed-room' }], invite_only: true });
  await expect.poll(() => [...olivia.state().channels.values()].find((channel) => channel.name === 'closed-room')?.stream_id).toBeTypeOf('number');
  const room = [...olivia.state().channels.values()].find((channel) => channel.name === 'closed-room')?.stream_id as number;
  const changes = new SubscriberChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const refused = await changes.change(olivia.accountId, room, 'add', [mark]).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ConsoleError);
  expect((refused as ConsoleError).message).toMatch(
    /^Could not add people to #closed-room: .*Unable to access channel.* The channel is private and you cannot see into it: the server lets only its subscribers and the people in its “who may add subscribers” or “who may subscribe” groups reach it, not administrators as such\. Ask one of them\.$/,
  );
  expect(olivia.state().subscribers.get(room)?.has(mark) ?? false).toBe(false);
});
