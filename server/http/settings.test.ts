// upstream PATCH /settings over HTTP against the demo organization: a user changes their own personal
// settings; the row keeps only what differs from upstream's defaults; each change is announced to the
// user alone, with the legacy events for clients without user_settings_object.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvent, updateSettings } from '../../shared/api';
import { userSettings, type UserRow } from '../db/users';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ adam, mona, mark, gina } = clients);
});

const patch = (client: ApiClient, params: Record<string, unknown>) => client.patch('/settings', params);
const storedRow = (person: string) =>
  withDb(server, (db) => JSON.parse(db.prepare('SELECT settings FROM users WHERE id = ?').pluck().get(ids.person[person]) as string) as Record<string, unknown>);
const settingsOf = (person: string) => userSettings({ settings: JSON.stringify(storedRow(person)) } as UserRow);

describe('PATCH /settings', () => {
  test('changes the passed settings of every kind, with an empty reply', async () => {
    const response = await patch(mark, { enter_sends: true, color_scheme: 2, web_font_size_px: 18, web_home_view: 'all_messages', notification_sound: 'chime' });
    expectSuccess(response);
    expect(updateSettings.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    expect(settingsOf('mark')).toMatchObject({ enter_sends: true, color_scheme: 2, web_font_size_px: 18, web_home_view: 'all_messages', notification_sound: 'chime' });
  });

  test('settings not passed keep their values, and other users are untouched', async () => {
    const before = settingsOf('mona');
    const adamBefore = settingsOf('adam');
    expectSuccess(await patch(mona, { left_side_userlist: !before.left_side_userlist }));
    expect(settingsOf('mona')).toEqual({ ...before, left_side_userlist: !before.left_side_userlist });
    expect(settingsOf('adam')).toEqual(adamBefore);
  });

  test("the user's row stores only what differs from upstream's defaults", async () => {
    expectSuccess(await patch(gina, { twenty_four_hour_time: true }));
    expect(storedRow('gina')).toMatchObject({ twenty_four_hour_time: true });
    expectSuccess(await patch(gina, { twenty_four_hour_time: false }));
    expect(storedRow('gina')).not.toHaveProperty('twenty_four_hour_time');
    expect(settingsOf('gina').twenty_four_hour_time).toBe(false);
  });

  test('parameters that are not personal settings are listed as ignored', async () => {
    const response = await patch(mark, { high_contrast_mode: true, full_name: 'Marcus' });
    expectSuccess(response);
    expect(response.body.ignored_parameters_unsupported).toEqual(['full_name']);
  });

  describe('values outside the allowed ones are refused, and nothing is stored', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['an enumerated integer', { color_scheme: 7 }, 'Invalid color_scheme'],
      ['an enumerated string', { web_home_view: 'everything' }, 'Invalid web_home_view'],
      ['a boolean', { enter_sends: 'sometimes' }, 'enter_sends is not valid JSON'],
      ['an unknown notification sound', { notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'"],
      ['a batching period of no time', { email_notifications_batching_period_seconds: -1 }, 'Invalid email batching period: -1 seconds'],
      ['a batching period over a week', { email_notifications_batching_period_seconds: 604_810 }, 'Invalid email batching period: 604810 seconds'],
    ];
    for (const [name, params, msg] of cases) {
      test(name, async () => {
        const before = storedRow('mark');
        expectError(await patch(mark, { starred_message_counts: false, ...params }), 'BAD_REQUEST', msg);
        expect(storedRow('mark')).toEqual(before);
      });
    }
  });

  test('a bot cannot change settings here', async () => {
    const bot = withDb(server, (db) => db.prepare("SELECT email, api_key FROM users WHERE email = 'echo-bot@sandbox.test'").get() as { email: string; api_key: string });
    expectError(await patch(server.withCredentials(bot.email, bot.api_key), { enter_sends: true }), 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });

  test("turning draft synchronization off deletes the user's drafts on the server", async () => {
    expectSuccess(await adam.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'half a thought', timestamp: 1 }] }));
    const draftCount = () => withDb(server, (db) => db.prepare('SELECT COUNT(*) FROM drafts WHERE user_id = ?').pluck().get(ids.person.adam));
    expect(draftCount()).toBe(1);
    expectSuccess(await patch(adam, { enable_drafts_synchronization: false }));
    expect(draftCount()).toBe(0);
    expectSuccess(await patch(adam, { enable_drafts_synchronization: true }));
  });
});

describe('user_settings events', () => {
  const legacyTypes = ['user_settings', 'update_display_settings', 'update_global_notifications'];

  test('each changed setting is one event, to the user alone; unchanged values are not announced', async () => {
    const own = await registerQueue(mona, { event_types: legacyTypes, client_capabilities: { user_settings_object: true } });
    const other = await registerQueue(mark, { event_types: legacyTypes, client_capabilities: { user_settings_object: true } });
    const current = settingsOf('mona');
    expectSuccess(await patch(mona, { fluid_layout_width: !current.fluid_layout_width, emojiset: 'text', enable_sounds: current.enable_sounds }));
    const events = await own.drain();
    for (const event of events) expect(parseEvent(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(events).toEqual([
      { id: expect.any(Number), type: 'user_settings', op: 'update', property: 'fluid_layout_width', value: !current.fluid_layout_width },
      { id: expect.any(Number), type: 'user_settings', op: 'update', property: 'emojiset', value: 'text' },
    ]);
    expect(await other.drain()).toEqual([]);
  });

  test('a client without user_settings_object also gets the legacy event of a pre-feature-level-89 setting', async () => {
    const legacy = await registerQueue(mona, { event_types: legacyTypes });
    expectSuccess(await patch(mona, { enter_sends: !settingsOf('mona').enter_sends }));
    const enterSends = settingsOf('mona').enter_sends;
    expectSuccess(await patch(mona, { enable_sounds: !settingsOf('mona').enable_sounds }));
    const sounds = settingsOf('mona').enable_sounds;
    const events = await legacy.drain();
    for (const event of events) expect(parseEvent(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(events).toEqual([
      { id: expect.any(Number), type: 'user_settings', op: 'update', property: 'enter_sends', value: enterSends },
      { id: expect.any(Number), type: 'update_display_settings', user: 'mona@sandbox.test', setting_name: 'enter_sends', setting: enterSends },
      { id: expect.any(Number), type: 'user_settings', op: 'update', property: 'enable_sounds', value: sounds },
      { id: expect.any(Number), type: 'update_global_notifications', user: 'mona@sandbox.test', notification_name: 'enable_sounds', setting: sounds },
    ]);
  });
});
