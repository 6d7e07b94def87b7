// Adding people to one channel and removing them (the channel editor's Subscribers section) against a
// real sandbox: a private channel the owner cannot see into is refused by the server, and the words say
// why and whom to ask, not the advice for creating a channel of a taken name; removing a private
// channel's last subscriber is refused unconfirmed before anything is sent.
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

test('removing the last subscriber of a private channel is refused unconfirmed, nothing sent; confirmed, the channel is empty', async () => {
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  await adam.call(subscribe, { subscriptions: [{ name: 'last-one' }], invite_only: true, principals: [mark] });
  await expect.poll(() => [...olivia.state().channels.values()].find((channel) => channel.name === 'last-one')?.stream_id).toBeTypeOf('number');
  const room = [...olivia.state().channels.values()].find((channel) => channel.name === 'last-one')?.stream_id as number;
  await expect.poll(() => olivia.state().subscribers.get(room)?.size).toBe(1);
  const changes = new SubscriberChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const refused = await changes.change(olivia.accountId, room, 'remove', [mark]).catch((error: unknown) => error as ConsoleError);
  expect(refused).toMatchObject({ code: 'CONFIRMATION_NEEDED', message: 'The subscribers were not removed: it leaves #last-one with no subscribers. Nothing was sent: confirm that you understand, then try again.' });
  expect(olivia.requests.filter((request) => request === 'DELETE /api/v1/users/me/subscriptions')).toHaveLength(0);
  expect(await changes.change(olivia.accountId, room, 'remove', [mark], ['leftEmpty'])).toEqual([{ userId: mark, outcome: 'removed', reason: null }]);
  await expect.poll(() => olivia.state().subscribers.get(room)?.size ?? 0).toBe(0);
});

