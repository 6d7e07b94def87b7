// Every event kind the sandbox sends, caused over real HTTP on the demo organization and received by
// real queues registered for every event type, validated whole against the schema upstream's OpenAPI
// description (feature level 247) gives its type and op in GET /events
// (https://zulip.com/api/get-events; shared/node/testing/upstream-schema.ts). Each action is heard by two
// queues: the console's client capabilities (with channel typing) and none at all, the oldest format.
// The only differences allowed are those server/testing/upstream-differences.ts lists with their reason,
// and kinds upstream added after 247 (LATER_KINDS there); each must still be seen.
import { describe, expect, test } from 'vitest';
import { skipReason, upstreamOpenApi } from '../../shared/node/testing/upstream-openapi';
import { upstreamValidator } from '../../shared/node/testing/upstream-schema';
import { CLIENT_CAPABILITIES } from '../../shared/api/console-register';
import { seconds } from '../lib/clock';
import { withDb } from '../testing/database-file';
import { registerQueue, type EventClient, type QueueEvent } from '../testing/event-client';
import { differenceKeys, LATER_KINDS, unexplained } from '../testing/upstream-differences';
import { demoServerForFile, type DemoPerson } from '../testing/server-per-file';

if (skipReason) console.warn(skipReason);
const doc = upstreamOpenApi();

/** The console's capabilities, with channel typing on. */
const MODERN = { ...CLIENT_CAPABILITIES, stream_typing_notifications: true };

/** Every type/op the tests below must have received and validated. */
const EXPECTED_KINDS = [
  'realm_user/add', 'realm_user/update', 'stream/create', 'stream/delete', 'stream/update', 'default_streams',
  'subscription/add', 'subscription/remove', 'subscription/peer_add', 'subscription/peer_remove', 'realm/update_dict',
  'user_group/add', 'user_group/update', 'user_group/add_members', 'user_group/remove_members', 'user_group/add_subgroups',
  'user_group/remove_subgroups', 'realm_user_settings_defaults/update', 'invites_changed', 'message', 'delete_message',
  'update_message_flags/add', 'typing/start', 'typing/stop', 'typing_edit_message/start', 'user_settings/update',
  'update_display_settings', 'update_global_notifications', 'user_status', 'presence', 'drafts/add', 'drafts/update',
  'drafts/remove', 'scheduled_messages/add', 'scheduled_messages/update', 'scheduled_messages/remove', 'saved_snippets/add',
  'saved_snippets/update', 'saved_snippets/remove', 'realm_linkifiers', 'channel_folder/add', 'channel_folder/update',
  'channel_folder/reorder', 'heartbeat',
];

/** The channel group settings of PATCH /streams/{stream_id} (https://zulip.com/api/update-stream). */
const GROUP_SETTINGS = [
  'can_add_subscribers_group', 'can_remove_subscribers_group', 'can_administer_channel_group', 'can_delete_any_message_group',
  'can_delete_own_message_group', 'can_send_message_group', 'can_subscribe_group', 'can_move_messages_within_channel_group',
  'can_move_messages_out_of_channel_group', 'can_resolve_topics_group',
];

const kindOf = (event: QueueEvent) => (typeof event.op === 'string' ? `${event.type}/${event.op}` : event.type);

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason` above says where it was looked for.
describe.skipIf(!doc)("events against upstream's OpenAPI file (feature level 247)", () => {
  const { server, clients, ids } = demoServerForFile();
  const validator = doc ? upstreamValidator(doc) : null;
  const seen = new Set<string>();
  const kinds = new Set<string>();

  /** The problems of one event the tables do not explain; an undocumented kind must be a later one. */
  function problemsOf(event: QueueEvent): string[] {
    kinds.add(kindOf(event));
    const problems = validator?.event(event);
    if (problems === undefined) {
      const later = [kindOf(event), event.type].find((kind) => kind in LATER_KINDS);
      if (later) seen.add(`kind ${later}`);
      return later ? [] : [`${kindOf(event)} is not in upstream's file`];
    }
    const subject = `event ${kindOf(event)}${typeof event.property === 'string' ? ` ${event.property}` : ''}`;
    return unexplained(subject, problems, seen).map((problem) => `${subject}: ${problem} in ${JSON.stringify(event)}`);
  }

  /** Two queues of every event type for each person (the console's capabilities, and none). */
  async function listen(people: readonly DemoPerson[], extra: Record<string, unknown> = {}): Promise<EventClient[]> {
    const queues = people.flatMap((person) => [
      registerQueue(clients[person], { client_capabilities: MODERN, ...extra }),
      registerQueue(clients[person], extra),
    ]);
    return Promise.all(queues);
  }

  /** Runs `act` with the people listening, checks every event they got, and returns the events. */
  async function heard(people: readonly DemoPerson[], act: () => Promise<unknown>, extra: Record<string, unknown> = {}): Promise<QueueEvent[]> {
    const queues = await listen(people, extra);
    await act();
    const events = (await Promise.all(queues.map((queue) => queue.drain()))).flat();
    await Promise.all(queues.map((queue) => queue.close()));
    expect(events.flatMap(problemsOf)).toEqual([]);
    return events;
  }

  const kindsIn = (events: QueueEvent[]) => [...new Set(events.map(kindOf))].sort();
  const channelId = async (name: string) =>
    ((await clients.olivia.get('/streams', { include_all: true, exclude_archived: false })).body.streams as { name: string; stream_id: number }[]).find((stream) => stream.name === name)?.stream_id ?? 0;

  describe('users', () => {
    test('a role change: realm_user update, and the role groups\' members', async () => {
      const events = await heard(['mark'], async () => {
        await clients.olivia.patch(`/users/${String(ids.person.mona)}`, { role: 400 });
        await clients.olivia.patch(`/users/${String(ids.person.mona)}`, { role: 300 });
      });
      expect(kindsIn(events)).toContain('realm_user/update');
    });

    test('a name, a profile field and an address: realm_user update', async () => {
      withDb(server, (db) => db.prepare("UPDATE users SET can_change_user_emails = 1 WHERE email = 'olivia@sandbox.test'").run());
      const fields = (await clients.olivia.post('/register', { fetch_event_types: ['custom_profile_fields'] })).body.custom_profile_fields as { id: number }[];
      const events = await heard(['mark', 'adam'], async () => {
        await clients.olivia.patch(`/users/${String(ids.person.mona)}`, { full_name: 'Mona M. Moderator', profile_data: fields.map((field) => ({ id: field.id, value: 'she/her' })) });
        await clients.olivia.patch(`/users/${String(ids.person.derek)}`, { new_email: 'derek.moved@sandbox.test' });
      });
      expect(events.filter((event) => event.type === 'realm_user').map((event) => Object.keys(event.person as object).sort().join())).toEqual(
        expect.arrayContaining(['full_name,user_id', 'custom_profile_field,user_id', 'new_email,user_id', 'delivery_email,user_id', 'avatar_source,avatar_url,avatar_url_medium,avatar_version,user_id']),
      );
    });

    test('a new account, deactivated and reactivated: realm_user add and update, peer and group events', async () => {
      const events = await heard(['mark'], async () => {
        const created = await clients.olivia.post('/users', { email: 'openapi.events@sandbox.test', password: 'pw', full_name: 'OpenAPI Events' });
        await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'general' }], principals: [created.body.user_id] });
        await clients.olivia.delete(`/users/${String(created.body.user_id)}`);
        await clients.olivia.post(`/users/${String(created.body.user_id)}/reactivate`);
      });
      expect(kindsIn(events)).toEqual(expect.arrayContaining(['realm_user/add', 'realm_user/update', 'subscription/peer_add', 'subscription/peer_remove', 'user_group/add_members']));
    });
  });

  describe('channels', () => {
    test('every property of a channel: stream update, default_streams', async () => {
      const folder = Number((await clients.olivia.post('/channel_folders/create', { name: 'OpenAPI', description: '' })).body.channel_folder_id);
      await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'openapi-properties' }] });
      const id = await channelId('openapi-properties');
      const events = await heard(['mark'], async () => {
        const changes: Record<string, unknown>[] = [
          { description: 'Say **hello**' },
          { new_name: 'openapi-renamed' },
          { message_retention_days: 30 },
          { message_retention_days: 'realm_default' },
          { topics_policy: 'allow_empty_topic' },
          { folder_id: folder },
          { folder_id: null },
          { is_default_stream: true },
          { is_default_stream: false },
        ];
        for (const setting of GROUP_SETTINGS) {
          changes.push({ [setting]: { new: ids.group['role:administrators'] } }, { [setting]: { new: { direct_members: [ids.person.adam], direct_subgroups: [] } } });
        }
        for (const change of changes) expect((await clients.olivia.patch(`/streams/${String(id)}`, change)).status).toBe(200);
      });
      expect(kindsIn(events)).toEqual(['default_streams', 'stream/update']);
      const properties = new Set(events.map((event) => event.property));
      expect([...GROUP_SETTINGS, 'description', 'name', 'message_retention_days', 'topics_policy', 'folder_id'].filter((property) => !properties.has(property))).toEqual([]);
    });

    test('a new channel, made private and public again: stream create, update and delete, peer_add', async () => {
      const events = await heard(['mark', 'olivia'], async () => {
        await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'openapi-events' }] });
        const id = await channelId('openapi-events');
        await clients.olivia.patch(`/streams/${String(id)}`, { is_private: true, history_public_to_subscribers: false });
        await clients.olivia.patch(`/streams/${String(id)}`, { history_public_to_subscribers: true });
        await clients.olivia.patch(`/streams/${String(id)}`, { is_private: false });
      });
      expect(kindsIn(events)).toEqual(expect.arrayContaining(['stream/create', 'stream/update', 'stream/delete', 'subscription/add', 'subscription/peer_add']));
    });

    test('archiving and unarchiving, the moderation channel too: stream update, delete and create, realm update_dict', async () => {
      const events = await heard(['adam'], async () => {
        const id = await channelId('openapi-events');
        await clients.olivia.delete(`/streams/${String(id)}`);
        await clients.olivia.patch(`/streams/${String(id)}`, { is_archived: false });
        await clients.olivia.delete(`/streams/${String(ids.channel.moderation)}`);
      });
      expect(kindsIn(events)).toEqual(expect.arrayContaining(['stream/update', 'stream/delete', 'stream/create', 'realm/update_dict']));
    });

    test('subscribing and unsubscribing others, a private channel too: subscription add, remove, peer events, stream create and delete', async () => {
      const events = await heard(['mark', 'adam'], async () => {
        await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'openapi-events' }, { name: 'leadership' }], principals: [ids.person.mark] });
        await clients.olivia.delete('/users/me/subscriptions', { subscriptions: ['openapi-events', 'leadership'], principals: [ids.person.mark] });
      });
      expect(kindsIn(events)).toEqual(expect.arrayContaining(['stream/delete', 'subscription/add', 'subscription/peer_add', 'subscription/peer_remove', 'subscription/remove']));
    });
  });

  test('a user group created and changed: user_group add, update, members and subgroups', async () => {
    const events = await heard(['mark'], async () => {
      const group = Number((await clients.olivia.post('/user_groups/create', { name: 'OpenAPI events', description: '', members: [ids.person.mark] })).body.group_id);
      await clients.olivia.patch(`/user_groups/${String(group)}`, { name: 'OpenAPI events 2', description: 'Checked' });
      for (const setting of ['can_manage_group', 'can_join_group', 'can_leave_group', 'can_add_members_group', 'can_remove_members_group', 'can_mention_group']) {
        await clients.olivia.patch(`/user_groups/${String(group)}`, { [setting]: { new: ids.group['role:moderators'] } });
        await clients.olivia.patch(`/user_groups/${String(group)}`, { [setting]: { new: { direct_members: [ids.person.adam], direct_subgroups: [] } } });
      }
      await clients.olivia.post(`/user_groups/${String(group)}/members`, { add: [ids.person.adam], delete: [ids.person.mark] });
      await clients.olivia.post(`/user_groups/${String(group)}/subgroups`, { add: [ids.group.engineers] });
      await clients.olivia.post(`/user_groups/${String(group)}/subgroups`, { delete: [ids.group.engineers] });
    });
    expect(kindsIn(events)).toEqual(['user_group/add', 'user_group/add_members', 'user_group/add_subgroups', 'user_group/remove_members', 'user_group/remove_subgroups', 'user_group/update']);
  });

  test("the organization's default settings: realm_user_settings_defaults update", async () => {
    const events = await heard(['mark'], () => clients.olivia.patch('/realm/user_settings_defaults', { enter_sends: true, emojiset: 'text', web_channel_default_view: 2 }));
    expect(kindsIn(events)).toEqual(['realm_user_settings_defaults/update']);
  });

  test('an invitation sent, resent and revoked: invites_changed', async () => {
    const events = await heard(['olivia', 'adam'], async () => {
      await clients.olivia.post('/invites', { invitee_emails: 'openapi.events@example.com', stream_ids: [ids.channel.general] });
      const invites = (await clients.olivia.get('/invites')).body.invites as { id: number; email: string }[];
      const invite = invites.find((candidate) => candidate.email === 'openapi.events@example.com')?.id ?? 0;
      await clients.olivia.post(`/invites/${String(invite)}/resend`);
      await clients.olivia.delete(`/invites/${String(invite)}`);
    });
    expect(kindsIn(events)).toEqual(['invites_changed']);
  });

  describe('messages', () => {
    test.each([
      ['as Markdown', {}],
      ['as HTML with client_gravatar', { apply_markdown: true, client_gravatar: true }],
    ])('channel, direct and group messages, read and deleted (%s): message, update_message_flags, delete_message', async (_name, extra) => {
      const events = await heard(
        ['olivia'],
        async () => {
          const sent = await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: '', content: 'Hello @**Olivia Owner**' });
          await clients.mark.post('/messages', { type: 'direct', to: [ids.person.olivia], content: 'Hi' });
          await clients.mark.post('/messages', { type: 'direct', to: [ids.person.olivia, ids.person.adam], content: 'Hi both' });
          await clients.olivia.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: '' });
          await clients.olivia.delete(`/messages/${String(sent.body.id)}`);
        },
        extra,
      );
      expect(kindsIn(events)).toEqual(['delete_message', 'message', 'update_message_flags/add']);
    });

    test('typing in a conversation, a channel and an edit: typing start and stop, typing_edit_message', async () => {
      const sent = await clients.olivia.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'typing', content: 'Edit me' });
      const events = await heard(['mark'], async () => {
        await clients.olivia.post('/typing', { op: 'start', to: [ids.person.mark] });
        await clients.olivia.post('/typing', { op: 'stop', to: [ids.person.mark] });
        await clients.olivia.post('/typing', { type: 'channel', op: 'start', stream_id: ids.channel.general, topic: 'typing' });
        await clients.olivia.post(`/messages/${String(sent.body.id)}/typing`, { op: 'start' });
      });
      expect(kindsIn(events)).toEqual(['typing/start', 'typing/stop', 'typing_edit_message/start']);
    });
  });

  describe("a person's own things", () => {
    test('settings, status and presence: user_settings and the legacy kinds, user_status, presence', async () => {
      const events = await heard(['mark', 'adam'], async () => {
        await clients.mark.patch('/settings', { enter_sends: true, emojiset: 'text', enable_sounds: false });
        await clients.mark.post('/users/me/status', { status_text: 'Reviewing', emoji_name: 'car' });
        await clients.mark.post('/users/me/presence', { status: 'active', new_user_input: true });
      });
      expect(kindsIn(events)).toEqual(['presence', 'update_display_settings', 'update_global_notifications', 'user_settings/update', 'user_status']);
    });

    test('drafts, scheduled messages and saved snippets: add, update and remove of each', async () => {
      const events = await heard(['mark'], async () => {
        const draft = ((await clients.mark.post('/drafts', { drafts: [{ type: 'stream', to: [ids.channel.general], topic: 'plans', content: 'Half' }] })).body.ids as number[])[0];
        await clients.mark.patch(`/drafts/${String(draft)}`, { draft: { type: 'stream', to: [ids.channel.general], topic: 'plans', content: 'Whole' } });
        await clients.mark.delete(`/drafts/${String(draft)}`);
        const when = seconds(server.clock) + 3600;
        const scheduled = (await clients.mark.post('/scheduled_messages', { type: 'stream', to: ids.channel.general, topic: 'later', content: 'Later', scheduled_delivery_timestamp: when })).body.scheduled_message_id;
        await clients.mark.patch(`/scheduled_messages/${String(scheduled)}`, { content: 'Much later' });
        await clients.mark.delete(`/scheduled_messages/${String(scheduled)}`);
        const snippet = (await clients.mark.post('/saved_snippets', { title: 'Thanks', content: 'Thank you!' })).body.saved_snippet_id;
        await clients.mark.patch(`/saved_snippets/${String(snippet)}`, { content: 'Thanks a lot!' });
        await clients.mark.delete(`/saved_snippets/${String(snippet)}`);
      });
      expect(kindsIn(events)).toEqual(['drafts/add', 'drafts/remove', 'drafts/update', 'saved_snippets/add', 'saved_snippets/remove', 'saved_snippets/update', 'scheduled_messages/add', 'scheduled_messages/remove', 'scheduled_messages/update']);
    });
  });

  test('linkifiers and channel folders: realm_linkifiers, channel_folder add, update and reorder', async () => {
    const events = await heard(['mark'], async () => {
      await clients.olivia.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
      const folder = Number((await clients.olivia.post('/channel_folders/create', { name: 'OpenAPI 2', description: 'More' })).body.channel_folder_id);
      await clients.olivia.patch(`/channel_folders/${String(folder)}`, { description: 'Even more' });
      const folders = (await clients.olivia.get('/channel_folders')).body.channel_folders as { id: number }[];
      await clients.olivia.patch('/channel_folders', { order: folders.map((each) => each.id).reverse() });
    });
    expect(kindsIn(events)).toEqual(['channel_folder/add', 'channel_folder/reorder', 'channel_folder/update', 'realm_linkifiers']);
  });

  test('an idle long-poll: heartbeat', async () => {
    const queue = await registerQueue(clients.mark, { client_capabilities: MODERN });
    const polling = queue.poll();
    // The server's clock is the test's (ManualClock): the poll is waiting once the request is in.
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.clock.advance(60_000);
    const events = await polling;
    expect(events.map(kindOf)).toEqual(['heartbeat']);
    expect(events.flatMap(problemsOf)).toEqual([]);
  });

  // Last: what the tests above received. A kind not received leaves it unchecked; a known difference
  // not met is stale (the sandbox no longer sends it).
  test('every event kind the sandbox sends was received and checked', () => {
    expect(EXPECTED_KINDS.filter((kind) => !kinds.has(kind))).toEqual([]);
  });

  test('every known difference of events is still seen', () => {
    expect(differenceKeys('events').filter((key) => !seen.has(key))).toEqual([]);
  });
});
