// A person's effective access against a real sandbox: groups directly and through system subgroups,
// channels resolved from group settings the test sets over the API (a named group inside an anonymous
// group, a system role group), and the answer following the changes.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { updateChannel, updateUser } from '../../../shared/api';
import { CHANNEL_NAMES, contract, type UserAccess } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { userHandlers, type UsersContext } from '../handlers/users';
import { createRouter, type Handlers, type Router } from '../router';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from './testing/console-harness';

let sandbox: Sandbox;
let olivia: TestConsole;
let asOlivia: ApiClient;
let router: Router;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  asOlivia = await directClient(sandbox.url, 'olivia@sandbox.test');
  const notServed = Object.fromEntries(CHANNEL_NAMES.map((name) => [name, () => Promise.reject(new Error(`${name} is not served here`))])) as unknown as Handlers<UsersContext>;
  const ctx: UsersContext = { userChanges: olivia.userChanges, roleBatches: olivia.roleBatches, statusBatches: olivia.statusBatches, sessions: olivia.sessions };
  router = createRouter(contract, { ...notServed, ...userHandlers }, ctx);
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

async function accessOf(userId: number): Promise<UserAccess> {
  const reply = await router.handle('users.access', { account: olivia.accountId, userId }, { origin: 'test', trusted: true });
  if (!reply.ok) throw new Error(reply.error.msg);
  return reply.value as UserAccess;
}

const channelId = (name: string) => [...olivia.state().channels.values()].find((channel) => channel.name === name)?.stream_id as number;
const groupId = (name: string) => [...olivia.state().groups.values()].find((group) => group.name === name)?.id as number;

test("Mark's access: his groups directly and through subgroups, and each channel's settings resolved", async () => {
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  const design = channelId('design');
  // Set up over the API: engineers (Mark's group) inside an anonymous group administers #design, and
  // posting there is for moderators only.
  await asOlivia.call(updateChannel, {
    stream_id: design,
    can_administer_channel_group: { new: { direct_members: [], direct_subgroups: [groupId('engineers')] } },
    can_send_message_group: { new: groupId('role:moderators') },
  });
  await eventually(() => {
    const channel = olivia.state().channels.get(design) as { can_send_message_group?: unknown } | undefined;
    return channel?.can_send_message_group === groupId('role:moderators');
  }, 'the channel change in the state');

  const access = await accessOf(mark);
  expect(access.role).toBe(400);
  expect(access.groups).toContainEqual({ id: groupId('engineers'), name: 'engineers', system: false, via: null });
  expect(access.groups).toContainEqual({ id: groupId('role:fullmembers'), name: 'Full members', system: true, via: null });
  // The system groups nest: role:members holds role:fullmembers, role:everyone holds role:members.
  expect(access.groups).toContainEqual({ id: groupId('role:members'), name: 'Members', system: true, via: 'Full members' });
  expect(access.groups).toContainEqual({ id: groupId('role:everyone'), name: 'Everyone, guests included', system: true, via: 'Members' });
  expect(access.groups.map((group) => group.name)).not.toContain('Moderators');
  const designAccess = access.channels.find((channel) => channel.channelId === design);
  expect(designAccess).toMatchObject({ administer: true, post: false });
  // #leadership is private and Mark is not subscribed: the organization's "add subscribers" holders
  // count for public channels only, and posting needs access to its messages.
  expect(access.channels.find((channel) => channel.channelId === channelId('leadership'))).toMatchObject({ administer: false, addSubscribers: false, post: false });

  // Made a moderator, he may post there: the answer follows the role.
  await asOlivia.call(updateUser, { user_id: mark, role: 300 });
  await eventually(() => olivia.state().users.get(mark)?.role === 300, 'the role change in the state');
  const after = await accessOf(mark);
  expect(after.channels.find((channel) => channel.channelId === design)).toMatchObject({ administer: true, post: true });
  expect(after.groups.find((group) => group.name === 'Moderators')).toMatchObject({ via: null });
  expect(after.groups.find((group) => group.name === 'Members')?.via).not.toBeNull();

  const adam = await accessOf(userIdOf(olivia.state(), 'adam@sandbox.test'));
  expect(adam.channels.every((channel) => channel.administer)).toBe(true);
  expect(adam.organization.map((permission) => permission.setting)).toContain('can_create_public_channel_group');
});
