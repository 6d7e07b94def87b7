// Every administration mutation reaches a real long-polling client as upstream's event, to the right
// people, shaped by each client's capabilities.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseEvent } from '../../shared/api';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { startTestServer, type ApiClient, type TestServer } from '../testing/harness';

let server: TestServer;
let olivia: ApiClient;
let adam: ApiClient;
let mark: ApiClient;
let gina: ApiClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  olivia = await server.as('olivia@sandbox.test');
  adam = await server.as('adam@sandbox.test');
  mark = await server.as('mark@sandbox.test');
  gina = await server.as('gina@sandbox.test');
  for (const user of (await adam.get('/users')).body.members as { user_id: number; email: string }[]) ids[user.email.split('@')[0] ?? ''] = user.user_id;
  for (const stream of (await adam.get('/streams', { exclude_archived: false })).body.streams as { stream_id: number; name: string }[]) ids[`#${stream.name}`] = stream.stream_id;
});
afterAll(async () => {
  await server.close();
});

/** Each event as the spec's schema reads it: a known kind parses strictly. */
function expectParses(events: QueueEvent[]): void {
  for (const event of events) expect(parseEvent(event), JSON.stringify(event)).toMatchObject({ success: true, data: { kind: 'known' } });
}

describe('realm_user', () => {
  test('a role change reaches everyone as realm_user update with the new role', async () => {
    const queue = await registerQueue(mark, { event_types: ['realm_user'] });
    await olivia.patch(`/users/${ids.mona}`, { role: 400 });
    const events = await queue.drain();
    expectParses(events);
    expect(events).toEqual([expect.objectContaining({ type: 'realm_user', op: 'update', person: { user_id: ids.mona, role: 400 } })]);
    await olivia.patch(`/users/${ids.mona}`, { role: 300 });
  });

  test('a rename and a deactivation arrive as their own person forms', async () => {
    const queue = await registerQueue(gina, { event_types: ['realm_user'] });
    await adam.patch(`/users/${ids.mark}`, { full_name: 'Mark M. Member' });
    await adam.delete(`/users/${ids.derek ?? 0}`);
    const member = ((await adam.get('/users')).body.members as { user_id: number; email: string; is_bot: boolean }[]).find((u) => /^\w+\.\w+@/.test(u.email) && !u.is_bot);
    await adam.delete(`/users/${member?.user_id ?? 0}`);
    const events = await queue.drain();
    expectParses(events);
    expect(events.map((event) => event.person)).toEqual([
      { user_id: ids.mark, full_name: 'Mark M. Member' },
      { user_id: member?.user_id, is_active: false },
    ]);
    await adam.post(`/users/${member?.user_id ?? 0}/reactivate`);
  });

  test('a new account arrives as realm_user add; a guest with user_list_incomplete is not told', async () => {
    const everyone = await registerQueue(mark, { event_types: ['realm_user'] });
    const guestFull = await registerQueue(gina, { event_types: ['realm_user'] });
    const guestIncomplete = await registerQueue(gina, { event_types: ['realm_user'], client_capabilities: { user_list_incomplete: true } });
    const created = await adam.post('/users', { email: 'fresh.start@sandbox.test', password: 'pw', full_name: 'Fresh Start' });
    const [event] = await everyone.drain();
    expectParses([event as QueueEvent]);
    expect(event).toMatchObject({ op: 'add', person: { user_id: created.body.user_id, full_name: 'Fresh Start', role: 400, is_active: true } });
    expect(await guestFull.drain()).toHaveLength(1);
    expect(await guestIncomplete.drain()).toEqual([]);
  });
});

describe('stream', () => {
  test('a description change reaches a member with the rendered description', async () => {
    const queue = await registerQueue(mark, { event_types: ['stream'] });
    await adam.patch(`/streams/${ids['#general']}`, { description: 'Say **hello**' });
    const events = await queue.drain();
    expectParses(events);
    expect(events[0]).toMatchObject({ op: 'update', property: 'description', value: 'Say **hello**', rendered_description: '<p>Say <strong>hello</strong></p>', stream_id: ids['#general'], name: 'general' });
  });

  test('a group setting and a folder change arrive with upstream values', async () => {
    const queue = await registerQueue(adam, { event_types: ['stream'] });
    await adam.patch(`/streams/${ids['#design']}`, { can_remove_subscribers_group: { new: { direct_members: [ids.mark], direct_subgroups: [3] } }, folder_id: null });
    const events = await queue.drain();
    expectParses(events);
    expect(events.map(({ property, value }) => ({ property, value }))).toEqual(
      expect.arrayContaining([
        { property: 'can_remove_subscribers_group', value: { direct_members: [ids.mark], direct_subgroups: [3] } },
        { property: 'folder_id', value: null },
      ]),
    );
  });

  test('news of a private channel does not reach members outside it', async () => {
    const queue = await registerQueue(mark, { event_types: ['stream'] });
    await olivia.patch(`/streams/${ids['#leadership']}`, { description: 'Secret plans' });
    expect(await queue.drain()).toEqual([]);
  });
});

describe('archived channels', () => {
  test('news of an archived channel reaches only clients with archived_channels; unarchiving looks like creation to the others', async () => {
    const modern = await registerQueue(olivia, { event_types: ['stream'], client_capabilities: { archived_channels: true } });
    const old = await registerQueue(olivia, { event_types: ['stream'] });
    await olivia.patch(`/streams/${ids['#old-projects']}`, { description: 'Kept for reference' });
    expect((await modern.drain()).map((event) => event.property)).toEqual(['description']);
    expect(await old.drain()).toEqual([]);
    await olivia.patch(`/streams/${ids['#old-projects']}`, { is_archived: false });
    const [update] = await modern.drain();
    expect(update).toMatchObject({ op: 'update', property: 'is_archived', value: false });
    const [created] = await old.drain();
    expectParses([created as QueueEvent]);
    expect(created).toMatchObject({ op: 'create', streams: [{ stream_id: ids['#old-projects'], name: 'old-projects' }] });
    expect(created).not.toHaveProperty('for_unarchiving');
  });
});

describe('channel_folder', () => {
  test('add, update and reorder reach every user', async () => {
    const queue = await registerQueue(gina, { event_types: ['channel_folder'] });
    const created = await adam.post('/channel_folders/create', { name: 'Projects', description: 'Ongoing work' });
    const id = Number(created.body.channel_folder_id);
    await adam.patch(`/channel_folders/${id}`, { name: 'Active projects' });
    const folders = (await adam.get('/channel_folders', { include_archived: true })).body.channel_folders as { id: number }[];
    await adam.patch('/channel_folders', { order: folders.map((folder) => folder.id).reverse() });
    const events = await queue.drain();
    expectParses(events);
    expect(events.map((event) => event.op)).toEqual(['add', 'update', 'reorder']);
    expect(events[1]).toMatchObject({ channel_folder_id: id, data: { name: 'Active projects' } });
  });
});

describe('realm_user_settings_defaults', () => {
  test('each changed default is one update event to every user', async () => {
    const queue = await registerQueue(mark, { event_types: ['realm_user_settings_defaults'] });
    await adam.patch('/realm/user_settings_defaults', { color_scheme: 2, enter_sends: true });
    const events = await queue.drain();
    expectParses(events);
    expect(events.map(({ property, value }) => [property, value])).toEqual(expect.arrayContaining([['color_scheme', 2], ['enter_sends', true]]));
  });
});

describe('invites_changed', () => {
  test('reaches administrators and the inviter, not other members', async () => {
    const admins = await registerQueue(olivia, { event_types: ['invites_changed'] });
    const inviter = await registerQueue(mark, { event_types: ['invites_changed'] });
    const other = await registerQueue(await server.as('mona@sandbox.test'), { event_types: ['invites_changed'] });
    await mark.post('/invites', { invitee_emails: 'invited.by.mark@example.com', stream_ids: [] });
    expect(await admins.drain()).toEqual([{ type: 'invites_changed', id: 0 }]);
    expect(await inviter.drain()).toHaveLength(1);
    expect(await other.drain()).toEqual([]);
  });
});

describe('message', () => {
  test('a narrow keeps only matching messages', async () => {
    const narrowed = await registerQueue(mark, { event_types: ['message'], narrow: [['channel', 'engineering']] });
    await adam.post('/messages', { type: 'stream', to: 'general', topic: 'x', content: 'to general' });
    await adam.post('/messages', { type: 'stream', to: 'engineering', topic: 'x', content: 'to engineering' });
    const events = await narrowed.drain();
    expectParses(events);
    expect(events.map((event) => (event.message as { content: string }).content)).toEqual(['to engineering']);
  });

  test('all_public_streams brings public channel messages from channels the user is not in, once', async () => {
    const everything = await registerQueue(gina, { event_types: ['message'] });
    const adamAll = await registerQueue(olivia, { event_types: ['message'], all_public_streams: true });
    await adam.post('/messages', { type: 'stream', to: 'engineering', topic: 'public', content: 'for all public streams' });
    expect(await adamAll.drain()).toHaveLength(1);
    expect(await everything.drain()).toEqual([]);
  });

  test('clients without empty_topic_name see the empty topic by its display name', async () => {
    const old = await registerQueue(mark, { event_types: ['message'] });
    const modern = await registerQueue(mark, { event_types: ['message'], client_capabilities: { empty_topic_name: true } });
    await adam.post('/messages', { type: 'stream', to: 'general', topic: '', content: 'no topic' });
    expect((await old.drain())[0]?.message).toMatchObject({ subject: 'general chat' });
    expect((await modern.drain())[0]?.message).toMatchObject({ subject: '' });
  });
});

describe('delete_message', () => {
  test('bulk for clients with bulk_message_deletion, one event per message for the others', async () => {
    const bulk = await registerQueue(mark, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
    const single = await registerQueue(mark, { event_types: ['delete_message'] });
    const sent = await adam.post('/messages', { type: 'stream', to: 'general', topic: 'oops', content: 'delete me' });
    await adam.delete(`/messages/${String(sent.body.id)}`);
    const [bulkEvent] = await bulk.drain();
    const [singleEvent] = await single.drain();
    expectParses([bulkEvent as QueueEvent, singleEvent as QueueEvent]);
    expect(bulkEvent).toMatchObject({ message_ids: [sent.body.id], message_type: 'stream', stream_id: ids['#general'], topic: 'oops' });
    expect(singleEvent).toMatchObject({ message_id: sent.body.id });
    expect(singleEvent).not.toHaveProperty('message_ids');
  });

  test("deleting a channel's first message tells its readers where the channel's history now starts; a later one does not", async () => {
    const created = await adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'fresh-start' }], principals: [ids.adam, ids.mark] });
    expect(created.status).toBe(200);
    const first = await adam.post('/messages', { type: 'stream', to: 'fresh-start', topic: 't', content: 'first' });
    const second = await adam.post('/messages', { type: 'stream', to: 'fresh-start', topic: 't', content: 'second' });
    const third = await adam.post('/messages', { type: 'stream', to: 'fresh-start', topic: 't', content: 'third' });
    const queue = await registerQueue(mark, { event_types: ['stream', 'delete_message'], client_capabilities: { bulk_message_deletion: true } });
    await adam.delete(`/messages/${String(third.body.id)}`);
    await adam.delete(`/messages/${String(first.body.id)}`);
    const events = await queue.drain();
    expectParses(events);
    expect(events.map((event) => event.type)).toEqual(['delete_message', 'delete_message', 'stream']);
    expect(events[2]).toMatchObject({ op: 'update', property: 'first_message_id', value: second.body.id, stream_id: expect.any(Number), name: 'fresh-start' });
    const channel = (await mark.get('/streams')).body.streams as { name: string; first_message_id: number | null }[];
    expect(channel.find((stream) => stream.name === 'fresh-start')?.first_message_id).toBe(second.body.id);
  });

  test("only administrators and the sender may delete a message", async () => {
    const sent = await adam.post('/messages', { type: 'stream', to: 'general', topic: 'keep', content: 'mine' });
    expect((await mark.delete(`/messages/${String(sent.body.id)}`)).body).toMatchObject({ code: 'BAD_REQUEST', msg: "You don't have permission to delete this message" });
  });
});
