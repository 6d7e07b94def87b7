// Every endpoint upstream's OpenAPI description (feature level 247) documents, called over real HTTP
// on the demo organization, and its whole 200 reply validated against upstream's schema for it:
// types, required fields, enums, nullability, additionalProperties (shared/node/testing/upstream-schema.ts).
// The only differences allowed are the ones server/testing/upstream-differences.ts lists with their
// reason (later feature levels, the spec's own names), and each of those must still be seen. Endpoints
// the file does not document are listed in NOT_IN_THE_FILE (those whose reply is the empty success are
// still called, and checked against the file's shared JsonSuccess), and every endpoint of shared/api is
// called or listed. Error replies are in openapi-errors.test.ts, events in openapi-events.test.ts.
import { describe, expect, test } from 'vitest';
import { endpoints, type EndpointName } from '../../shared/api';
import { consoleRegisterParams } from '../../shared/api/console-register';
import { findOperation, skipReason, upstreamOpenApi } from '../../shared/node/testing/upstream-openapi';
import { upstreamValidator } from '../../shared/node/testing/upstream-schema';
import { seconds } from '../lib/clock';
import { registerQueue } from '../testing/event-client';
import type { ApiResponse } from '../testing/harness';
import { differenceKeys, unexplained } from '../testing/upstream-differences';
import { postFile } from '../testing/upload-requests';
import { demoServerForFile, type DemoServer } from '../testing/server-per-file';

if (skipReason) console.warn(skipReason);
const doc = upstreamOpenApi();

/** What the cases share: the demo, and what earlier cases made (a group's ID) for later ones. */
type Context = DemoServer & { made: Record<string, number> };

interface ReplyCase {
  name: string;
  endpoint: EndpointName;
  /**
   * For an endpoint the file lacks whose reply is the empty success: checked against the file's
   * `JsonSuccess`, the shared schema of every empty success, instead of its own.
   */
  schema?: 'JsonSuccess';
  call(context: Context): Promise<ApiResponse>;
}

/** The register the console sends, as electron/core/session/realm-fetch.ts makes it (a year of presence). */
const CONSOLE_REGISTER = consoleRegisterParams('moderation', 365);
const EVERY_CAPABILITY = { ...CONSOLE_REGISTER.client_capabilities, stream_typing_notifications: true, user_avatar_url_field_optional: true, user_list_incomplete: true };
/** Every section the sandbox's snapshot has, named (https://zulip.com/api/register-queue). */
const EVERY_SECTION = [
  'realm', 'realm_user', 'realm_user_groups', 'realm_user_settings_defaults', 'stream', 'subscription', 'default_streams', 'channel_folders',
  'custom_profile_fields', 'presence', 'message', 'recent_private_conversations', 'drafts', 'saved_snippets', 'scheduled_messages',
  'navigation_views', 'user_settings', 'user_status', 'realm_emoji', 'realm_linkifiers', 'realm_filters', 'update_message_flags',
];

const at = (context: Context, key: string) => String(context.made[key] ?? 0);

const CASES: ReplyCase[] = [
  { name: 'POST /register as the console registers', endpoint: 'register', call: ({ clients }) => clients.olivia.post('/register', CONSOLE_REGISTER) },
  {
    name: 'POST /register with every section named, every capability and every subscriber',
    endpoint: 'register',
    call: ({ clients }) => clients.olivia.post('/register', { fetch_event_types: EVERY_SECTION, include_subscribers: true, client_capabilities: EVERY_CAPABILITY, slim_presence: true }),
  },
  { name: 'POST /register with every section (none named) and no capabilities, as a member', endpoint: 'register', call: ({ clients }) => clients.mark.post('/register', {}) },
  {
    name: 'POST /register as a guest, partial subscribers (each demo channel listed whole) and legacy presence',
    endpoint: 'register',
    call: ({ clients }) => clients.gina.post('/register', { include_subscribers: 'partial', slim_presence: false, client_gravatar: false, apply_markdown: true }),
  },
  { name: 'POST /fetch_api_key', endpoint: 'fetchApiKey', call: ({ server }) => server.anonymous().post('/fetch_api_key', { username: 'mark@sandbox.test', password: 'sandbox' }) },
  { name: 'GET /server_settings', endpoint: 'getServerSettings', call: ({ server }) => server.anonymous().get('/server_settings') },
  { name: 'GET /users with custom profile fields', endpoint: 'getUsers', call: ({ clients }) => clients.olivia.get('/users', { include_custom_profile_fields: true, client_gravatar: false }) },
  { name: 'GET /users as a member', endpoint: 'getUsers', call: ({ clients }) => clients.mark.get('/users') },
  { name: 'GET /users/{user_id}', endpoint: 'getUser', call: ({ clients, ids }) => clients.mark.get(`/users/${String(ids.person.olivia)}`, { include_custom_profile_fields: true }) },
  { name: 'GET /users/me as a member', endpoint: 'getOwnUser', call: ({ clients }) => clients.mark.get('/users/me') },
  { name: 'GET /users/me as a guest', endpoint: 'getOwnUser', call: ({ clients }) => clients.gina.get('/users/me') },
  { name: 'PATCH /users/{user_id} (role)', endpoint: 'updateUser', call: ({ clients, ids }) => clients.olivia.patch(`/users/${String(ids.person.mona)}`, { role: 300, full_name: 'Mona Moderator' }) },
  {
    name: 'POST /users',
    endpoint: 'createUser',
    call: async ({ clients, made }) => {
      const response = await clients.olivia.post('/users', { email: 'openapi.person@sandbox.test', password: 'pw', full_name: 'OpenAPI Person' });
      made.user = Number(response.body.user_id);
      return response;
    },
  },
  { name: 'DELETE /users/{user_id}', endpoint: 'deactivateUser', call: (context) => context.clients.olivia.delete(`/users/${at(context, 'user')}`) },
  { name: 'POST /users/{user_id}/reactivate', endpoint: 'reactivateUser', call: (context) => context.clients.olivia.post(`/users/${at(context, 'user')}/reactivate`) },
  { name: 'POST /users/me/status', endpoint: 'updateStatus', call: ({ clients }) => clients.mark.post('/users/me/status', { status_text: 'Reviewing', emoji_name: 'car' }) },
  { name: 'PATCH /settings', endpoint: 'updateSettings', call: ({ clients }) => clients.mark.patch('/settings', { enter_sends: true, emojiset: 'text' }) },
  { name: 'PATCH /realm/user_settings_defaults', endpoint: 'updateRealmUserSettingsDefaults', call: ({ clients }) => clients.olivia.patch('/realm/user_settings_defaults', { enter_sends: true, not_a_setting: 1 }) },
  { name: 'GET /streams, every channel', endpoint: 'getStreams', call: ({ clients }) => clients.olivia.get('/streams', { include_all: true, exclude_archived: false, include_default: true }) },
  { name: 'GET /streams as a guest', endpoint: 'getStreams', call: ({ clients }) => clients.gina.get('/streams') },
  { name: 'GET /streams/{stream_id}', endpoint: 'getStream', call: ({ clients, ids }) => clients.mark.get(`/streams/${String(ids.channel.general)}`) },
  { name: 'GET /streams/{stream_id} of a private channel', endpoint: 'getStream', call: ({ clients, ids }) => clients.olivia.get(`/streams/${String(ids.channel.leadership)}`) },
  { name: 'GET /streams/{stream_id}/members', endpoint: 'getSubscribers', call: ({ clients, ids }) => clients.mark.get(`/streams/${String(ids.channel.general)}/members`) },
  { name: 'GET /users/me/{stream_id}/topics', endpoint: 'getTopics', call: ({ clients, ids }) => clients.mark.get(`/users/me/${String(ids.channel.general)}/topics`, { allow_empty_topic_name: true }) },
  { name: 'PATCH /streams/{stream_id}', endpoint: 'updateChannel', call: ({ clients, ids }) => clients.adam.patch(`/streams/${String(ids.channel.design)}`, { description: 'Shapes', is_default_stream: true }) },
  {
    name: 'POST /users/me/subscriptions creating a channel',
    endpoint: 'subscribe',
    call: ({ clients }) => clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'openapi', description: 'Made by the OpenAPI test' }], invite_only: false }),
  },
  {
    name: 'POST /users/me/subscriptions for others (principals), one already subscribed',
    endpoint: 'subscribe',
    call: ({ clients, ids }) => clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'openapi' }], principals: [ids.person.mark, ids.person.olivia] }),
  },
  {
    name: 'DELETE /users/me/subscriptions for another (principals), one not subscribed',
    endpoint: 'unsubscribe',
    call: ({ clients, ids }) => clients.olivia.delete('/users/me/subscriptions', { subscriptions: ['openapi', 'leadership'], principals: [ids.person.mark] }),
  },
  { name: 'DELETE /users/me/subscriptions', endpoint: 'unsubscribe', call: ({ clients }) => clients.olivia.delete('/users/me/subscriptions', { subscriptions: ['openapi'] }) },
  {
    name: 'DELETE /streams/{stream_id} (archive)',
    endpoint: 'archiveChannel',
    call: async ({ clients }) => {
      const streams = (await clients.olivia.get('/streams', { include_all: true })).body.streams as { name: string; stream_id: number }[];
      return clients.olivia.delete(`/streams/${String(streams.find((stream) => stream.name === 'openapi')?.stream_id ?? 0)}`);
    },
  },
  {
    name: 'POST /user_groups/create',
    endpoint: 'createUserGroup',
    call: async ({ clients, ids, made }) => {
      const anyone = { direct_members: [ids.person.mark], direct_subgroups: [ids.group['role:moderators']] };
      const response = await clients.olivia.post('/user_groups/create', { name: 'OpenAPI', description: 'Checked', members: [ids.person.mark], subgroups: [ids.group.engineers], can_mention_group: anyone });
      made.group = Number(response.body.group_id);
      return response;
    },
  },
  { name: 'PATCH /user_groups/{user_group_id}', endpoint: 'updateUserGroup', call: (context) => context.clients.olivia.patch(`/user_groups/${at(context, 'group')}`, { description: 'Checked again' }) },
  {
    name: 'POST /user_groups/{user_group_id}/members',
    endpoint: 'updateUserGroupMembers',
    call: (context) => context.clients.olivia.post(`/user_groups/${at(context, 'group')}/members`, { add: [context.ids.person.adam], delete: [context.ids.person.mark] }),
  },
  {
    name: 'POST /user_groups/{user_group_id}/subgroups',
    endpoint: 'updateUserGroupSubgroups',
    call: (context) => context.clients.olivia.post(`/user_groups/${at(context, 'group')}/subgroups`, { delete: [context.ids.group.engineers] }),
  },
  { name: 'GET /user_groups', endpoint: 'getUserGroups', call: ({ clients }) => clients.mark.get('/user_groups', { include_deactivated_groups: true }) },
  { name: 'GET /invites', endpoint: 'getInvites', call: ({ clients }) => clients.olivia.get('/invites') },
  { name: 'POST /invites', endpoint: 'sendInvites', call: ({ clients, ids }) => clients.olivia.post('/invites', { invitee_emails: 'openapi.invitee@example.com', stream_ids: [ids.channel.general] }) },
  {
    name: 'POST /messages to a channel',
    endpoint: 'sendMessage',
    call: async ({ clients, ids, made }) => {
      const response = await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'openapi', content: 'Hello @**Olivia Owner**' });
      made.message = Number(response.body.id);
      return response;
    },
  },
  { name: 'POST /messages, a direct message', endpoint: 'sendMessage', call: ({ clients, ids }) => clients.mark.post('/messages', { type: 'direct', to: [ids.person.olivia], content: 'Hi' }) },
  { name: 'GET /messages, newest, as HTML', endpoint: 'getMessages', call: ({ clients }) => clients.olivia.get('/messages', { anchor: 'newest', num_before: 100, num_after: 0 }) },
  {
    name: 'GET /messages in a channel, as Markdown with client_gravatar',
    endpoint: 'getMessages',
    call: ({ clients }) => clients.mark.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 100, narrow: [{ operator: 'channel', operand: 'general' }], apply_markdown: false, client_gravatar: true }),
  },
  { name: 'GET /messages by message_ids', endpoint: 'getMessages', call: (context) => context.clients.olivia.get('/messages', { message_ids: [context.made.message] }) },
  { name: 'POST /messages/render', endpoint: 'renderMessage', call: ({ clients }) => clients.mark.post('/messages/render', { content: '**bold** and @**Adam Admin**' }) },
  { name: 'POST /mark_topic_as_read', endpoint: 'markTopicAsRead', call: ({ clients, ids }) => clients.olivia.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: 'openapi' }) },
  { name: 'DELETE /messages/{message_id}', endpoint: 'deleteMessage', call: (context) => context.clients.olivia.delete(`/messages/${at(context, 'message')}`) },
  { name: 'POST /typing', endpoint: 'setTypingStatus', call: ({ clients, ids }) => clients.mark.post('/typing', { op: 'start', to: [ids.person.olivia] }) },
  { name: 'POST /user_uploads', endpoint: 'uploadFile', call: ({ clients }) => postFile(clients.mark, 'notes.txt', 'some notes') },
  {
    name: 'POST /drafts',
    endpoint: 'createDrafts',
    call: async ({ clients, ids, made }) => {
      const response = await clients.mark.post('/drafts', { drafts: [{ type: 'stream', to: [ids.channel.general], topic: 'plans', content: 'Half a thought' }] });
      made.draft = (response.body.ids as number[])[0] ?? 0;
      return response;
    },
  },
  { name: 'GET /drafts', endpoint: 'getDrafts', call: ({ clients }) => clients.mark.get('/drafts') },
  {
    name: 'PATCH /drafts/{draft_id}',
    endpoint: 'editDraft',
    call: (context) => context.clients.mark.patch(`/drafts/${at(context, 'draft')}`, { draft: { type: 'private', to: [context.ids.person.olivia], topic: '', content: 'A whole thought' } }),
  },
  { name: 'DELETE /drafts/{draft_id}', endpoint: 'deleteDraft', call: (context) => context.clients.mark.delete(`/drafts/${at(context, 'draft')}`) },
  {
    name: 'POST /scheduled_messages',
    endpoint: 'createScheduledMessage',
    call: async ({ clients, ids, made, server }) => {
      const when = seconds(server.clock) + 3600;
      const response = await clients.mark.post('/scheduled_messages', { type: 'stream', to: ids.channel.general, topic: 'later', content: 'Later', scheduled_delivery_timestamp: when });
      made.scheduled = Number(response.body.scheduled_message_id);
      return response;
    },
  },
  { name: 'GET /scheduled_messages', endpoint: 'getScheduledMessages', call: ({ clients }) => clients.mark.get('/scheduled_messages') },
  { name: 'PATCH /scheduled_messages/{scheduled_message_id}', endpoint: 'editScheduledMessage', call: (context) => context.clients.mark.patch(`/scheduled_messages/${at(context, 'scheduled')}`, { content: 'Much later' }) },
  { name: 'DELETE /scheduled_messages/{scheduled_message_id}', endpoint: 'deleteScheduledMessage', call: (context) => context.clients.mark.delete(`/scheduled_messages/${at(context, 'scheduled')}`) },
  {
    name: 'POST /realm/filters',
    endpoint: 'createLinkifier',
    call: async ({ clients, made }) => {
      const response = await clients.olivia.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
      made.linkifier = Number(response.body.id);
      return response;
    },
  },
  { name: 'GET /realm/linkifiers', endpoint: 'getLinkifiers', call: ({ clients }) => clients.mark.get('/realm/linkifiers') },
  {
    name: 'PATCH /realm/filters/{filter_id}',
    endpoint: 'updateLinkifier',
    call: (context) => context.clients.olivia.patch(`/realm/filters/${at(context, 'linkifier')}`, { pattern: 'T(?P<id>[0-9]+)', url_template: 'https://tracker.example/t/{id}' }),
  },
  { name: 'PATCH /realm/linkifiers', endpoint: 'reorderLinkifiers', call: (context) => context.clients.olivia.patch('/realm/linkifiers', { ordered_linkifier_ids: [context.made.linkifier] }) },
  { name: 'DELETE /realm/filters/{filter_id}', endpoint: 'deleteLinkifier', call: (context) => context.clients.olivia.delete(`/realm/filters/${at(context, 'linkifier')}`) },
  {
    name: 'POST /register after the changes above (a new group, an archived channel, drafts, a linkifier)',
    endpoint: 'register',
    call: ({ clients }) => clients.olivia.post('/register', { include_subscribers: true, client_capabilities: EVERY_CAPABILITY }),
  },
  {
    name: 'GET /events, a message waiting',
    endpoint: 'getEvents',
    call: async ({ clients, ids }) => {
      const queue = await registerQueue(clients.olivia, { event_types: ['message'], client_capabilities: { empty_topic_name: true } });
      await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'queued', content: 'For the queue' });
      return clients.olivia.get('/events', { queue_id: queue.queueId, last_event_id: -1, dont_block: true });
    },
  },
  {
    name: 'GET /events, nothing waiting',
    endpoint: 'getEvents',
    call: async ({ clients }) => {
      const queue = await registerQueue(clients.mark, { event_types: ['message'] });
      return clients.mark.get('/events', { queue_id: queue.queueId, last_event_id: -1, dont_block: true });
    },
  },
  {
    name: 'DELETE /events',
    endpoint: 'deleteEventQueue',
    call: async ({ clients }) => clients.mark.delete('/events', { queue_id: (await registerQueue(clients.mark, { event_types: ['message'] })).queueId }),
  },
  // Endpoints the file lacks, whose reply is the empty success.
  {
    name: 'POST /invites/{invite_id}/resend',
    endpoint: 'resendInvite',
    schema: 'JsonSuccess',
    call: async (context) => {
      const invites = (await context.clients.olivia.get('/invites')).body.invites as { id: number; email: string }[];
      context.made.invite = invites.find((invite) => invite.email === 'openapi.invitee@example.com')?.id ?? 0;
      return context.clients.olivia.post(`/invites/${at(context, 'invite')}/resend`);
    },
  },
  { name: 'DELETE /invites/{invite_id}', endpoint: 'revokeInvite', schema: 'JsonSuccess', call: (context) => context.clients.olivia.delete(`/invites/${at(context, 'invite')}`) },
  {
    name: 'POST /messages/{message_id}/report',
    endpoint: 'reportMessage',
    schema: 'JsonSuccess',
    call: async ({ clients, ids }) => {
      const sent = await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'openapi', content: 'Buy now!' });
      return clients.olivia.post(`/messages/${String(sent.body.id)}/report`, { report_type: 'spam' });
    },
  },
  {
    name: 'POST /messages/{message_id}/typing',
    endpoint: 'setEditTypingStatus',
    schema: 'JsonSuccess',
    call: async ({ clients, ids }) => {
      const sent = await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'openapi', content: 'Typo' });
      return clients.mark.post(`/messages/${String(sent.body.id)}/typing`, { op: 'start' });
    },
  },
  {
    name: 'PATCH /channel_folders/{channel_folder_id}',
    endpoint: 'updateChannelFolder',
    schema: 'JsonSuccess',
    call: async (context) => {
      context.made.folder = Number((await context.clients.olivia.post('/channel_folders/create', { name: 'OpenAPI', description: '' })).body.channel_folder_id);
      return context.clients.olivia.patch(`/channel_folders/${at(context, 'folder')}`, { description: 'Checked' });
    },
  },
  {
    name: 'PATCH /channel_folders',
    endpoint: 'reorderChannelFolders',
    schema: 'JsonSuccess',
    call: async ({ clients }) => {
      const folders = (await clients.olivia.get('/channel_folders')).body.channel_folders as { id: number }[];
      return clients.olivia.patch('/channel_folders', { order: folders.map((folder) => folder.id).reverse() });
    },
  },
  {
    name: 'PATCH /saved_snippets/{saved_snippet_id}',
    endpoint: 'editSavedSnippet',
    schema: 'JsonSuccess',
    call: async (context) => {
      context.made.snippet = Number((await context.clients.mark.post('/saved_snippets', { title: 'Thanks', content: 'Thank you!' })).body.saved_snippet_id);
      return context.clients.mark.patch(`/saved_snippets/${at(context, 'snippet')}`, { content: 'Thanks a lot!' });
    },
  },
  { name: 'DELETE /saved_snippets/{saved_snippet_id}', endpoint: 'deleteSavedSnippet', schema: 'JsonSuccess', call: (context) => context.clients.mark.delete(`/saved_snippets/${at(context, 'snippet')}`) },
];

/** Endpoints upstream's file at feature level 247 does not have, and where upstream documents them now. */
const NOT_IN_THE_FILE: Partial<Record<EndpointName, string>> = {
  createChannelFolder: 'feature level 389 (https://zulip.com/api/create-channel-folder)',
  getChannelFolders: 'feature level 389 (https://zulip.com/api/get-channel-folders)',
  updateChannelFolder: 'feature level 389 (https://zulip.com/api/update-channel-folder)',
  reorderChannelFolders: 'feature level 414 (https://zulip.com/api/patch-channel-folders)',
  createSavedSnippet: 'feature level 297 (https://zulip.com/api/create-saved-snippet)',
  getSavedSnippets: 'feature level 297 (https://zulip.com/api/get-saved-snippets)',
  deleteSavedSnippet: 'feature level 297 (https://zulip.com/api/delete-saved-snippet)',
  editSavedSnippet: 'feature level 368 (https://zulip.com/api/edit-saved-snippet)',
  setEditTypingStatus: 'feature level 351, at this path from 361 (https://zulip.com/api/set-typing-status-for-message-edit)',
  reportMessage: 'feature level 382 (https://zulip.com/api/report-message)',
  registerPushDevice: 'feature level 406 (https://zulip.com/api/register-push-device)',
  revokeInvite: 'an older endpoint documented after 247 (https://zulip.com/api/revoke-email-invite)',
  resendInvite: 'an older endpoint documented after 247 (https://zulip.com/api/resend-email-invite)',
  updatePresence: 'an older endpoint documented after 247 (https://zulip.com/api/update-presence)',
};

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason` above says where it was looked for.
describe.skipIf(!doc)("whole replies against upstream's OpenAPI file (feature level 247)", () => {
  const demo = demoServerForFile();
  const validator = doc ? upstreamValidator(doc) : null;
  const made: Record<string, number> = {};
  const seen = new Set<string>();

  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { method, path } = endpoints[c.endpoint];
    const response = await c.call({ ...demo, made });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const problems = c.schema ? validator?.component(c.schema, response.body) : validator?.reply(method, path, response.body);
    expect(problems, `upstream's file has no ${c.schema ?? `${method} ${path}`}`).toBeDefined();
    expect(unexplained(`${method} ${path}`, problems ?? [], seen)).toEqual([]);
  });

  test('every endpoint of shared/api is called above, or is one the file does not have', () => {
    const called = new Set(CASES.map((c) => c.endpoint));
    const neither = (Object.keys(endpoints) as EndpointName[]).filter((name) => !called.has(name) && !(name in NOT_IN_THE_FILE));
    expect(neither).toEqual([]);
  });

  test.each(Object.entries(NOT_IN_THE_FILE))('%s is not in the file: upstream added it at %s', (name) => {
    const { method, path } = endpoints[name as EndpointName];
    expect(doc && findOperation(doc, method, path)).toBeUndefined();
  });

  // Last: the differences the cases above met. One not met is stale (the sandbox no longer sends it).
  test('every known difference of replies is still seen', () => {
    expect(differenceKeys('replies').filter((key) => !seen.has(key))).toEqual([]);
  });
});
