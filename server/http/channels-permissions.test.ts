// spec 3, update a channel: who may change what, privacy and history, web-public channels, and group
// settings as {new, old} (channels.test.ts covers the other properties and GET /streams).
import { describe, expect, test } from 'vitest';
import { getStreams, type Stream } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

// System group IDs (upstream's system groups, server/db/groups.ts).
const NOBODY = 1;
const ADMINISTRATORS = 3;
const MODERATORS = 4;
const MEMBERS = 6;
const EVERYONE = 7;
const INTERNET = 8;

async function channel(name: string): Promise<Stream> {
  const response = await clients.olivia.get('/streams', { include_all: true, exclude_archived: false });
  const found = getStreams.reply.parse(response.body).streams.find((stream) => stream.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found;
}

async function patch(client: ApiClient, name: string, params: Record<string, unknown>) {
  const { stream_id } = await channel(name);
  return client.patch(`/streams/${String(stream_id)}`, params);
}

/** A private channel whose content no group opens to non-subscribers: only a subscription gives access. */
async function privateWithoutGroupAccess(name: string): Promise<void> {
  const response = await patch(clients.olivia, name, {
    is_private: true,
    can_add_subscribers_group: { new: NOBODY },
    can_subscribe_group: { new: NOBODY },
  });
  expect(response.body).toMatchObject({ result: 'success' });
}

const NOT_ADMINISTRATOR = error('You do not have permission to administer this channel.');

describe('who may update a channel', () => {
  test.each([
    ['an owner', 'olivia', { result: 'success', msg: '' }],
    ['an administrator', 'adam', { result: 'success', msg: '' }],
    ['a moderator', 'mona', NOT_ADMINISTRATOR],
    ['a member', 'mark', NOT_ADMINISTRATOR],
    ['a guest, who cannot see the channel', 'gina', error('Invalid channel ID')],
  ] as const)('%s updating a public channel gets %j', async (_who, name, expected) => {
    const response = await patch(clients[name], 'engineering', { description: `Edited by ${name}` });
    expect(response.body).toEqual(expected);
    expect(response.status).toBe(expected.result === 'success' ? 200 : 400);
  });

  test('a guest subscribed to the channel learns they may not administer it', async () => {
    expect((await patch(clients.gina, 'design', { description: 'x' })).body).toEqual(NOT_ADMINISTRATOR);
  });

  test('a member not in a private channel cannot tell it exists', async () => {
    await privateWithoutGroupAccess('leadership');
    expect((await patch(clients.mark, 'leadership', { description: 'x' })).body).toEqual(error('Invalid channel ID'));
  });

  test('a member in can_administer_channel_group edits the channel, but not default or retention settings', async () => {
    await patch(clients.olivia, 'engineering', { can_administer_channel_group: { new: { direct_members: [ids.person.mark], direct_subgroups: [] } } });
    expect((await patch(clients.mark, 'engineering', { description: 'Mark runs this now.' })).body).toMatchObject({ result: 'success' });
    expect((await patch(clients.mark, 'engineering', { is_default_stream: true })).body).toEqual(
      error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'),
    );
    expect((await patch(clients.mark, 'engineering', { message_retention_days: 7 })).body).toEqual(
      error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
    );
  });

  test('a channel administrator who is not a moderator may not change who deletes messages', async () => {
    await patch(clients.olivia, 'engineering', { can_administer_channel_group: { new: { direct_members: [ids.person.mark], direct_subgroups: [] } } });
    const response = await patch(clients.mark, 'engineering', { can_delete_own_message_group: { new: MODERATORS } });
    expect(response.body).toEqual(error('Insufficient permission'));
  });

  test('a guest in can_administer_channel_group still may not administer the channel', async () => {
    await patch(clients.olivia, 'engineering', { can_administer_channel_group: { new: { direct_members: [ids.person.gina], direct_subgroups: [] } } });
    expect((await patch(clients.gina, 'engineering', { description: 'x' })).body).toEqual(error('Invalid channel ID'));
  });
});

describe('private channels: permissions depend on being subscribed', () => {
  test('making a channel private protects its history unless told otherwise', async () => {
    await privateWithoutGroupAccess('design');
    expect(await channel('design')).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
  });

  test('an administrator not subscribed to a private channel cannot change its privacy', async () => {
    await privateWithoutGroupAccess('design');
    expect((await patch(clients.adam, 'design', { is_private: false })).body).toEqual(error('Channel content access is required.'));
    expect((await patch(clients.adam, 'design', { history_public_to_subscribers: true })).body).toEqual(
      error('Channel content access is required.'),
    );
    expect((await channel('design')).invite_only).toBe(true);
  });

  test('an administrator not subscribed cannot change the settings that grant content access', async () => {
    await privateWithoutGroupAccess('design');
    const response = await patch(clients.adam, 'design', { can_add_subscribers_group: { new: ADMINISTRATORS } });
    expect(response.body).toEqual(error('Channel content access is required.'));
  });

  test('an administrator not subscribed may still rename it and choose its administrators', async () => {
    await privateWithoutGroupAccess('design');
    expect((await patch(clients.adam, 'design', { description: 'Renamed by Adam.' })).body).toMatchObject({ result: 'success' });
    const administrators = { new: { direct_members: [ids.person.olivia, ids.person.adam], direct_subgroups: [] } };
    expect((await patch(clients.adam, 'design', { can_administer_channel_group: administrators })).body).toMatchObject({ result: 'success' });
  });

  test('a subscribed owner makes the private channel public again, with public history', async () => {
    await privateWithoutGroupAccess('design');
    expect((await patch(clients.olivia, 'design', { is_private: false })).body).toMatchObject({ result: 'success' });
    expect(await channel('design')).toMatchObject({ invite_only: false, history_public_to_subscribers: true });
  });

  test('an administrator given content access through can_add_subscribers_group may change privacy', async () => {
    await privateWithoutGroupAccess('design');
    await patch(clients.olivia, 'design', { can_add_subscribers_group: { new: ADMINISTRATORS } });
    expect((await patch(clients.adam, 'design', { is_private: false })).body).toMatchObject({ result: 'success' });
  });

  test('the moderation request channel must stay private', async () => {
    expect((await patch(clients.olivia, 'moderation', { is_private: false })).body).toEqual(error('Moderation request channel must be private.'));
  });
});

describe('history_public_to_subscribers', () => {
  test('false is invalid for a public channel', async () => {
    expect((await patch(clients.adam, 'general', { history_public_to_subscribers: false })).body).toEqual(error('Invalid parameters'));
  });

  test('false is invalid together with is_private false', async () => {
    const response = await patch(clients.olivia, 'leadership', { is_private: false, history_public_to_subscribers: false });
    expect(response.body).toEqual(error('Invalid parameters'));
    expect((await channel('leadership')).invite_only).toBe(true);
  });

  test('false is invalid for a web-public channel', async () => {
    withDb(server, (db) => db.prepare('UPDATE realm SET web_public_streams_enabled = 1, enable_spectator_access = 1').run());
    expect((await patch(clients.olivia, 'announcements', { is_web_public: true })).body).toMatchObject({ result: 'success' });
    expect((await patch(clients.olivia, 'announcements', { history_public_to_subscribers: false })).body).toEqual(error('Invalid parameters'));
    expect((await patch(clients.olivia, 'announcements', { is_web_public: false })).body).toMatchObject({ result: 'success' });
  });

  test("a private channel's history is made public to subscribers, and protected again", async () => {
    await patch(clients.olivia, 'leadership', { history_public_to_subscribers: true });
    expect(await channel('leadership')).toMatchObject({ invite_only: true, history_public_to_subscribers: true });
    await patch(clients.olivia, 'leadership', { history_public_to_subscribers: false });
    expect((await channel('leadership')).history_public_to_subscribers).toBe(false);
  });
});

describe('web-public channels', () => {
  const realmFlags = (webPublic: number, spectators: number) =>
    withDb(server, (db) => db.prepare('UPDATE realm SET web_public_streams_enabled = ?, enable_spectator_access = ?').run(webPublic, spectators));

  test('need web-public channels enabled on the server', async () => {
    realmFlags(0, 1);
    expect((await patch(clients.olivia, 'general', { is_web_public: true })).body).toEqual(error('Web-public channels are not enabled.'));
  });

  test('need spectator access in the organization', async () => {
    realmFlags(1, 0);
    expect((await patch(clients.olivia, 'general', { is_web_public: true })).body).toEqual(error('Web-public channels are not enabled.'));
  });

  test('need the permission can_create_web_public_channel_group gives (owners here)', async () => {
    realmFlags(1, 1);
    expect((await patch(clients.adam, 'general', { is_web_public: true })).body).toEqual(error('Insufficient permission'));
    expect((await patch(clients.olivia, 'general', { is_web_public: true })).body).toMatchObject({ result: 'success' });
    const listed = getStreams.reply.parse((await clients.gina.get('/streams', { include_web_public: true })).body).streams;
    expect(listed.find((stream) => stream.name === 'general')?.is_web_public).toBe(true);
  });

  test('cannot also be private', async () => {
    realmFlags(1, 1);
    const response = await patch(clients.olivia, 'engineering', { is_web_public: true, is_private: true });
    expect(response.body).toEqual(error('Invalid parameters'));
  });
});

describe('group settings as {new, old}', () => {
  test.each([
    'can_add_subscribers_group',
    'can_remove_subscribers_group',
    'can_administer_channel_group',
    'can_delete_any_message_group',
    'can_delete_own_message_group',
    'can_send_message_group',
  ] as const)('%s takes a group ID', async (setting) => {
    expect((await patch(clients.olivia, 'announcements', { [setting]: { new: MODERATORS } })).body).toMatchObject({ result: 'success' });
    expect((await channel('announcements'))[setting]).toBe(MODERATORS);
  });

  test('an anonymous group keeps its members and subgroups, sorted', async () => {
    const value = { direct_members: [ids.person.mark, ids.person.mona], direct_subgroups: [ADMINISTRATORS] };
    await patch(clients.olivia, 'announcements', { can_remove_subscribers_group: { new: value } });
    expect((await channel('announcements')).can_remove_subscribers_group).toEqual({
      direct_members: [ids.person.mark, ids.person.mona].sort((a, b) => (a ?? 0) - (b ?? 0)),
      direct_subgroups: [ADMINISTRATORS],
    });
  });

  test('a group of one subgroup and no members is that group, and an empty one is role:nobody', async () => {
    await patch(clients.olivia, 'announcements', { can_resolve_topics_group: { new: { direct_members: [], direct_subgroups: [MEMBERS] } } });
    expect((await channel('announcements')).can_resolve_topics_group).toBe(MEMBERS);
    await patch(clients.olivia, 'announcements', { can_resolve_topics_group: { new: { direct_members: [], direct_subgroups: [] } } });
    expect((await channel('announcements')).can_resolve_topics_group).toBe(NOBODY);
  });

  test('a stale old value is refused, and nothing in the request is changed', async () => {
    await patch(clients.olivia, 'announcements', { can_send_message_group: { new: ADMINISTRATORS } });
    const response = await patch(clients.olivia, 'announcements', {
      description: 'Should not be saved.',
      can_send_message_group: { new: EVERYONE, old: MODERATORS },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("'old' value does not match the expected value."));
    expect(await channel('announcements')).toMatchObject({ can_send_message_group: ADMINISTRATORS, description: expect.not.stringContaining('Should not') as string });
  });

  test('a current old value is accepted, in any order', async () => {
    const value = { direct_members: [ids.person.mona, ids.person.mark], direct_subgroups: [] };
    await patch(clients.olivia, 'announcements', { can_delete_any_message_group: { new: value } });
    const reversed = { direct_members: [ids.person.mark, ids.person.mona], direct_subgroups: [] };
    const response = await patch(clients.olivia, 'announcements', { can_delete_any_message_group: { new: ADMINISTRATORS, old: reversed } });
    expect(response.body).toMatchObject({ result: 'success' });
    expect((await channel('announcements')).can_delete_any_message_group).toBe(ADMINISTRATORS);
  });

  test('groups and users that do not exist are refused', async () => {
    expect((await patch(clients.olivia, 'announcements', { can_send_message_group: { new: 9999 } })).body).toEqual(error('Invalid user group'));
    const unknownUser = { new: { direct_members: [99999], direct_subgroups: [] } };
    expect((await patch(clients.olivia, 'announcements', { can_send_message_group: unknownUser })).body).toEqual(error('Invalid user ID: 99999'));
    const unknownGroup = { new: { direct_members: [ids.person.mark], direct_subgroups: [9999] } };
    expect((await patch(clients.olivia, 'announcements', { can_send_message_group: unknownGroup })).body).toEqual(
      error('Invalid user group ID: 9999'),
    );
  });

  test('role:everyone may not administer a channel, and role:internet may hold no channel setting', async () => {
    expect((await patch(clients.olivia, 'announcements', { can_administer_channel_group: { new: EVERYONE } })).body).toEqual(
      error("'can_administer_channel_group' setting cannot be set to 'role:everyone' group."),
    );
    expect((await patch(clients.olivia, 'announcements', { can_send_message_group: { new: INTERNET } })).body).toEqual(
      error("'can_send_message_group' setting cannot be set to 'role:internet' group."),
    );
  });

  test('a value that is not a group setting is refused by its parameter name', async () => {
    const response = await patch(clients.olivia, 'announcements', { can_send_message_group: { old: EVERYONE } });
    expect(response.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
