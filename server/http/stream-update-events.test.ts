// Every property PATCH /streams/{stream_id} (spec 3) changes reaches a real long-polling client as
// upstream's `stream` `update` event with that property and its new value. The rows run in order on
// the demo's "design" channel (Olivia, an owner subscribed to it, makes each change), so each row
// starts from where the one before left the channel.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvent, updateChannelParams } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
const folders: Record<string, number> = {};

beforeAll(async () => {
  const listed = (await clients.olivia.get('/channel_folders')).body.channel_folders as { id: number; name: string }[];
  for (const folder of listed) folders[folder.name] = folder.id;
  // spec 3: web-public channels need the server setting and the organization's spectator access.
  withDb(server, (db) => db.prepare('UPDATE realm SET enable_spectator_access = 1, web_public_streams_enabled = 1').run());
});

interface Row {
  /** The PATCH parameters. */
  params: () => Record<string, unknown>;
  /** The event the change must produce (fields beyond type, op and stream_id). */
  event: () => Record<string, unknown>;
  /** Another channel than design, for changes design cannot take. */
  channel?: string;
}

const group = () => ({ direct_members: [ids.person.mark], direct_subgroups: [ids.group.engineers] });
const groupRow = (setting: string): [string, Row] => [
  setting,
  { params: () => ({ [setting]: { new: group() } }), event: () => ({ property: setting, value: group() }) },
];

const ROWS: [string, Row][] = [
  ['description', { params: () => ({ description: 'Shapes and *colours*' }), event: () => ({ property: 'description', value: 'Shapes and *colours*', rendered_description: '<p>Shapes and <em>colours</em></p>' }) }],
  ['message_retention_days (days)', { params: () => ({ message_retention_days: 30 }), event: () => ({ property: 'message_retention_days', value: 30 }) }],
  ['message_retention_days (unlimited)', { params: () => ({ message_retention_days: 'unlimited' }), event: () => ({ property: 'message_retention_days', value: -1 }) }],
  ['message_retention_days (realm_default)', { params: () => ({ message_retention_days: 'realm_default' }), event: () => ({ property: 'message_retention_days', value: null }) }],
  ['topics_policy', { params: () => ({ topics_policy: 'disable_empty_topic' }), event: () => ({ property: 'topics_policy', value: 'disable_empty_topic' }) }],
  ['folder_id (a folder)', { params: () => ({ folder_id: folders.Social }), event: () => ({ property: 'folder_id', value: folders.Social }) }],
  ['folder_id (none)', { params: () => ({ folder_id: null }), event: () => ({ property: 'folder_id', value: null }) }],
  groupRow('can_add_subscribers_group'),
  groupRow('can_remove_subscribers_group'),
  groupRow('can_administer_channel_group'),
  groupRow('can_delete_any_message_group'),
  groupRow('can_delete_own_message_group'),
  groupRow('can_send_message_group'),
  groupRow('can_subscribe_group'),
  groupRow('can_move_messages_within_channel_group'),
  groupRow('can_move_messages_out_of_channel_group'),
  groupRow('can_resolve_topics_group'),
  ['is_web_public', { params: () => ({ is_web_public: true }), event: () => ({ property: 'invite_only', value: false, is_web_public: true, history_public_to_subscribers: true }) }],
  ['is_private', { params: () => ({ is_web_public: false, is_private: true }), event: () => ({ property: 'invite_only', value: true, is_web_public: false, history_public_to_subscribers: false }) }],
  ['history_public_to_subscribers', { params: () => ({ history_public_to_subscribers: true }), event: () => ({ property: 'invite_only', value: true, is_web_public: false, history_public_to_subscribers: true }) }],
  ['is_private (back to public)', { params: () => ({ is_private: false }), event: () => ({ property: 'invite_only', value: false, is_web_public: false, history_public_to_subscribers: true }) }],
  // A rename's event carries the name the channel had until then.
  ['new_name', { params: () => ({ new_name: 'design-studio' }), event: () => ({ property: 'name', value: 'design-studio', name: 'design' }) }],
  ['is_archived (unarchive)', { channel: 'old-projects', params: () => ({ is_archived: false }), event: () => ({ property: 'is_archived', value: false }) }],
];

describe('stream update events over HTTP, one per PATCH /streams property', () => {
  test.each(ROWS)('%s', async (_label, row) => {
    const streamId = ids.channel[row.channel ?? 'design'] ?? 0;
    const queue = await registerQueue(clients.olivia, { event_types: ['stream'], client_capabilities: { archived_channels: true } });
    expectSuccess(await clients.olivia.patch(`/streams/${String(streamId)}`, row.params()));
    const expected: Record<string, unknown> = { type: 'stream', op: 'update', stream_id: streamId, ...row.event() };
    const event = await queue.waitFor((candidate) => candidate.property === expected.property);
    expect(event).toMatchObject(expected);
    expect(parseEvent(event as QueueEvent), JSON.stringify(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    await queue.close();
  });

  test('every parameter of the endpoint has a row', () => {
    const covered = new Set(ROWS.flatMap(([, row]) => Object.keys(row.params())));
    // is_default_stream is announced as upstream's default_streams event (next test), not a stream update.
    const parameters = Object.keys(updateChannelParams.shape).filter((name) => !['stream_id', 'is_default_stream'].includes(name));
    expect(parameters.filter((name) => !covered.has(name))).toEqual([]);
  });

  test('is_default_stream is announced as upstream does, with the realm\'s default_streams', async () => {
    const queue = await registerQueue(clients.mark, { event_types: ['default_streams'] });
    expectSuccess(await clients.olivia.patch(`/streams/${String(ids.channel.engineering)}`, { is_default_stream: true }));
    // by ID, and general was created before engineering
    expect(await queue.waitFor((event) => event.type === 'default_streams')).toMatchObject({ default_streams: [ids.channel.general, ids.channel.engineering] });
  });
});
