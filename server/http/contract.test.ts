// Contract test for the endpoints the sandbox gained with channels, subscribers, folders and feature
// levels: one row per endpoint (docs/server.md, "Contract rows", says how to add one). For each row, over real HTTP:
//  - the live reply parses with the endpoint's shared/api schema, and carries only the fields upstream
//    documents for it (https://zulip.com/api/, the row's `reply`);
//  - the events it causes reach a real queue, parse with shared/api's event schemas as a known kind,
//    and carry only the fields upstream documents for that event (the row's `events`);
//  - with upstream's OpenAPI file (feature level 247; shared/node/testing/upstream-openapi.ts), every
//    field a row lists as documented at 247 is in that file's reply or event schema, and every field or
//    endpoint it dates later really is absent from it: the rows cannot drift from upstream's text.
import { describe, expect, test } from 'vitest';
import {
  archiveChannel,
  createChannelFolder,
  createUserGroup,
  getChannelFolders,
  getServerSettings,
  getStream,
  getSubscribers,
  parseEvent,
  renderMessage,
  reorderChannelFolders,
  subscribe,
  unsubscribe,
  updateChannel,
  updateChannelFolder,
  updateRealmUserSettingsDefaults,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
  type Endpoint,
} from '../../shared/api';
import { eventProperties, replyProperties, skipReason, upstreamOpenApi } from '../../shared/node/testing/upstream-openapi';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import type { ApiClient, ApiResponse } from '../testing/harness';
import { demoServerForFile, type DemoIds, type DemoPerson } from '../testing/server-per-file';

/**
 * Field name → the feature level upstream added it at, null when upstream's feature level 247 already
 * documents it, or 'spec' for a field the spec adds (absent from upstream's file).
 */
type Documented = Record<string, number | null | 'spec'>;

interface ExpectedEvent {
  type: string;
  op?: string;
  /** The event's fields as upstream documents them (`id` is the queue's, on every event). */
  fields: Documented;
}

interface ContractRow {
  /** Method and path as upstream's documentation names them, and what the row does. */
  name: string;
  endpoint: Endpoint;
  /** The feature level upstream added the endpoint at; null when feature level 247 has it. */
  since: number | null;
  /** 'older': a server started with `--feature-level 300`. */
  server?: 'current' | 'older';
  call(context: RowContext): Promise<ApiResponse>;
  /** The reply's fields beside result, msg and ignored_parameters_unsupported. */
  reply: Documented;
  /** Who listens, with what register parameters, and the events the call must send them, in order. */
  events?: { as: DemoPerson; register: Record<string, unknown>; expect: ExpectedEvent[] };
}

interface RowContext {
  clients: Record<DemoPerson, ApiClient>;
  ids: DemoIds;
  /** What earlier rows made (a folder's ID), for later rows. */
  made: Record<string, number>;
}

const ENVELOPE = new Set(['result', 'msg', 'ignored_parameters_unsupported']);
const STREAM_UPDATE_FIELDS: Documented = { type: null, op: null, stream_id: null, name: null, property: null, value: null, rendered_description: null };
const FOLDER_EVENT = { type: 389, op: 389 };
const GROUP_EVENT = { type: null, op: null, group_id: null };

const ROWS: ContractRow[] = [
  {
    name: 'POST /users/me/subscriptions creating a channel',
    endpoint: subscribe,
    since: null,
    call: ({ clients }) => clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'contract-new', description: 'Made by the contract test' }] }),
    reply: { subscribed: null, already_subscribed: null, unauthorized: null, new_subscription_messages_sent: 397 },
    events: {
      as: 'mark',
      register: { event_types: ['stream'] },
      expect: [{ type: 'stream', op: 'create', fields: { type: null, op: null, streams: null } }],
    },
  },
  {
    name: 'POST /users/me/subscriptions subscribing another user (principals)',
    endpoint: subscribe,
    since: null,
    call: ({ clients, ids }) => clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'contract-new' }], principals: [ids.person.mark] }),
    reply: { subscribed: null, already_subscribed: null, unauthorized: null, new_subscription_messages_sent: 397 },
    events: { as: 'olivia', register: { event_types: ['subscription'] }, expect: [{ type: 'subscription', op: 'peer_add', fields: { type: null, op: null, stream_ids: null, user_ids: null } }] },
  },
  {
    name: 'DELETE /users/me/subscriptions removing another user (principals)',
    endpoint: unsubscribe,
    since: null,
    call: ({ clients, ids }) => clients.adam.delete('/users/me/subscriptions', { subscriptions: ['contract-new'], principals: [ids.person.mark] }),
    reply: { removed: null, not_removed: null },
    events: { as: 'olivia', register: { event_types: ['subscription'] }, expect: [{ type: 'subscription', op: 'peer_remove', fields: { type: null, op: null, stream_ids: null, user_ids: null } }] },
  },
  {
    name: 'GET /streams/{stream_id}/members',
    endpoint: getSubscribers,
    since: null,
    call: ({ clients, ids }) => clients.mark.get(`/streams/${String(ids.channel.general)}/members`),
    reply: { subscribers: null },
  },
  {
    name: 'GET /streams/{stream_id}',
    endpoint: getStream,
    since: null,
    call: ({ clients, ids }) => clients.mark.get(`/streams/${String(ids.channel.general)}`),
    reply: { stream: null },
  },
  {
    name: 'PATCH /streams/{stream_id} changing the description',
    endpoint: updateChannel,
    since: null,
    call: ({ clients, ids }) => clients.adam.patch(`/streams/${String(ids.channel.design)}`, { description: 'Shapes and colours' }),
    reply: {},
    events: { as: 'mark', register: { event_types: ['stream'] }, expect: [{ type: 'stream', op: 'update', fields: STREAM_UPDATE_FIELDS }] },
  },
  {
    name: 'DELETE /streams/{stream_id} (archive)',
    endpoint: archiveChannel,
    since: null,
    call: ({ clients, ids }) => clients.adam.delete(`/streams/${String(ids.channel.design)}`),
    reply: {},
    events: {
      as: 'mark',
      register: { event_types: ['stream'], client_capabilities: { archived_channels: true } },
      expect: [{ type: 'stream', op: 'update', fields: STREAM_UPDATE_FIELDS }],
    },
  },
  {
    name: 'PATCH /streams/{stream_id} unarchiving, to a client without archived_channels',
    endpoint: updateChannel,
    since: null,
    call: ({ clients, ids }) => clients.adam.patch(`/streams/${String(ids.channel.design)}`, { is_archived: false }),
    reply: {},
    events: { as: 'mark', register: { event_types: ['stream'] }, expect: [{ type: 'stream', op: 'create', fields: { type: null, op: null, streams: null } }] },
  },
  {
    name: 'POST /channel_folders/create',
    endpoint: createChannelFolder,
    since: 389,
    call: async ({ clients, made }) => {
      const response = await clients.adam.post('/channel_folders/create', { name: 'Contract', description: 'Rows' });
      made.folder = Number(response.body.channel_folder_id);
      return response;
    },
    reply: { channel_folder_id: 389 },
    events: { as: 'gina', register: { event_types: ['channel_folder'] }, expect: [{ type: 'channel_folder', op: 'add', fields: { ...FOLDER_EVENT, channel_folder: 389 } }] },
  },
  {
    name: 'GET /channel_folders',
    endpoint: getChannelFolders,
    since: 389,
    call: ({ clients }) => clients.mark.get('/channel_folders', { include_archived: true }),
    reply: { channel_folders: 389 },
  },
  {
    name: 'PATCH /channel_folders/{channel_folder_id}',
    endpoint: updateChannelFolder,
    since: 389,
    call: ({ clients, made }) => clients.adam.patch(`/channel_folders/${String(made.folder)}`, { description: 'Rows of the contract' }),
    reply: {},
    events: {
      as: 'gina',
      register: { event_types: ['channel_folder'] },
      expect: [{ type: 'channel_folder', op: 'update', fields: { ...FOLDER_EVENT, channel_folder_id: 389, data: 389 } }],
    },
  },
  {
    name: 'PATCH /channel_folders (order)',
    endpoint: reorderChannelFolders,
    since: 414,
    call: async ({ clients }) => {
      const folders = (await clients.adam.get('/channel_folders', { include_archived: true })).body.channel_folders as { id: number }[];
      return clients.adam.patch('/channel_folders', { order: folders.map((folder) => folder.id).reverse() });
    },
    reply: {},
    events: { as: 'gina', register: { event_types: ['channel_folder'] }, expect: [{ type: 'channel_folder', op: 'reorder', fields: { ...FOLDER_EVENT, order: 414 } }] },
  },
  {
    name: 'POST /user_groups/create (with a subgroup)',
    endpoint: createUserGroup,
    since: null,
    call: async ({ clients, ids, made }) => {
      const inner = await clients.olivia.post('/user_groups/create', { name: 'Contract inner', description: '', members: [ids.person.mark] });
      made.innerGroup = Number(inner.body.group_id);
      const response = await clients.olivia.post('/user_groups/create', { name: 'Contract', description: 'Rows', members: [], subgroups: [made.innerGroup] });
      made.group = Number(response.body.group_id);
      return response;
    },
    reply: { group_id: 317 },
    events: { as: 'mark', register: { event_types: ['user_group'] }, expect: [{ type: 'user_group', op: 'add', fields: { type: null, op: null, group: null } }, { type: 'user_group', op: 'add', fields: { type: null, op: null, group: null } }] },
  },
  {
    name: 'PATCH /user_groups/{user_group_id}',
    endpoint: updateUserGroup,
    since: null,
    call: ({ clients, made }) => clients.olivia.patch(`/user_groups/${String(made.group)}`, { name: 'Contract rows', description: 'Rows of the contract' }),
    reply: {},
    events: { as: 'mark', register: { event_types: ['user_group'] }, expect: [{ type: 'user_group', op: 'update', fields: { ...GROUP_EVENT, data: null } }] },
  },
  {
    name: 'POST /user_groups/{user_group_id}/members',
    endpoint: updateUserGroupMembers,
    since: null,
    call: ({ clients, ids, made }) => clients.olivia.post(`/user_groups/${String(made.group)}/members`, { add: [ids.person.adam] }),
    reply: {},
    events: { as: 'mark', register: { event_types: ['user_group'] }, expect: [{ type: 'user_group', op: 'add_members', fields: { ...GROUP_EVENT, user_ids: null } }] },
  },
  {
    name: 'POST /user_groups/{user_group_id}/subgroups (delete)',
    endpoint: updateUserGroupSubgroups,
    since: null,
    call: ({ clients, made }) => clients.olivia.post(`/user_groups/${String(made.group)}/subgroups`, { delete: [made.innerGroup] }),
    reply: {},
    events: { as: 'mark', register: { event_types: ['user_group'] }, expect: [{ type: 'user_group', op: 'remove_subgroups', fields: { ...GROUP_EVENT, direct_subgroup_ids: null } }] },
  },
  {
    name: 'POST /messages/render',
    endpoint: renderMessage,
    since: null,
    call: ({ clients }) => clients.mark.post('/messages/render', { content: '**bold** and @**Adam Admin**' }),
    reply: { rendered: null },
  },
  {
    name: 'PATCH /realm/user_settings_defaults at --feature-level 300 (a later setting ignored)',
    endpoint: updateRealmUserSettingsDefaults,
    since: null,
    server: 'older',
    call: async ({ clients }) => {
      const response = await clients.olivia.patch('/realm/user_settings_defaults', { enter_sends: true, hide_ai_features: true });
      expect(response.body.ignored_parameters_unsupported).toEqual(['hide_ai_features']);
      return response;
    },
    reply: {},
    events: {
      as: 'mark',
      register: { event_types: ['realm_user_settings_defaults'] },
      expect: [{ type: 'realm_user_settings_defaults', op: 'update', fields: { type: null, op: null, property: null, value: null } }],
    },
  },
  {
    name: 'GET /server_settings at --feature-level 300',
    endpoint: getServerSettings,
    since: null,
    server: 'older',
    call: async ({ clients }) => {
      const response = await clients.mark.get('/server_settings');
      expect(response.body).toMatchObject({ zulip_feature_level: 300 });
      return response;
    },
    reply: {
      authentication_methods: null,
      external_authentication_methods: null,
      zulip_feature_level: null,
      zulip_version: null,
      zulip_merge_base: null,
      push_notifications_enabled: null,
      is_incompatible: null,
      email_auth_enabled: null,
      require_email_format_usernames: null,
      realm_uri: null,
      realm_url: 257,
      realm_name: null,
      realm_icon: null,
      realm_description: null,
      realm_web_public_access_enabled: null,
      // The spec's name for the feature level (docs/api.md).
      service_feature_level: 'spec',
    },
  },
];

const current = demoServerForFile();
const older = demoServerForFile({ config: { featureLevel: 300 } });
const made: Record<string, number> = {};

/** The fields of `object` that `documented` does not list. */
const undocumented = (object: Record<string, unknown>, documented: Documented, allowed: ReadonlySet<string> = new Set()) =>
  Object.keys(object).filter((field) => !(field in documented) && !allowed.has(field));

describe('contract rows over HTTP', () => {
  test.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const { clients, ids } = row.server === 'older' ? older : current;
    const queue = row.events ? await registerQueue(clients[row.events.as], row.events.register) : null;
    const response = await row.call({ clients, ids, made });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const parsed = row.endpoint.reply.safeParse(response.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(undocumented(response.body, row.reply, ENVELOPE)).toEqual([]);
    if (!queue || !row.events) return;
    const events: QueueEvent[] = await queue.drain();
    expect(events.map((event) => [event.type, event.op])).toEqual(row.events.expect.map((event) => [event.type, event.op]));
    row.events.expect.forEach((expected, index) => {
      const event = events[index] as QueueEvent;
      expect(parseEvent(event), JSON.stringify(event)).toMatchObject({ success: true, data: { kind: 'known' } });
      expect(undocumented(event, expected.fields, new Set(['id']))).toEqual([]);
    });
    await queue.close();
  });
});

const doc = upstreamOpenApi();
if (skipReason) console.warn(skipReason);

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason` above says where it was looked for.
describe.skipIf(!doc)("the rows against upstream's OpenAPI file (feature level 247)", () => {
  const at247 = (fields: Documented, present: ReadonlySet<string> | undefined) =>
    Object.entries(fields).filter(([field, level]) => (level === null) !== (present?.has(field) ?? false)).map(([field, level]) => `${field} (${String(level)})`);

  test.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    if (!doc) return;
    const reply = replyProperties(doc, row.endpoint.method, row.endpoint.path);
    expect(reply === undefined, `the file ${reply ? 'has' : 'lacks'} ${row.endpoint.method} ${row.endpoint.path}`).toBe(row.since !== null);
    if (reply) expect(at247(row.reply, reply)).toEqual([]);
    for (const expected of row.events?.expect ?? []) {
      const fields = eventProperties(doc, expected.type, expected.op);
      const dated = Object.values(expected.fields).every((level) => level !== null);
      expect(fields === undefined, `the file ${fields ? 'has' : 'lacks'} the ${expected.type} ${String(expected.op)} event`).toBe(dated);
      if (fields) expect(at247(expected.fields, fields)).toEqual([]);
    }
  });
});
