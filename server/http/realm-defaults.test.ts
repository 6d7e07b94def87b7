// spec 4: PATCH /realm/user_settings_defaults over HTTP against the demo organization. No endpoint
// shows the defaults or a user's own settings yet (the register snapshot, issue 4, will), so the tests
// read them from the database file, and create a later account with server/db/create-user.ts, the
// path every account creation goes through. The events are checked in
// server/actions/realm-defaults.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { updateRealmUserSettingsDefaults } from '../../shared/api';
import { insertUser } from '../db/create-user';
import { userSettings } from '../db/users';
import { seededIds } from '../lib/ids';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

const storedDefaults = () =>
  withDb(server, (db) => JSON.parse(db.prepare('SELECT user_settings_defaults FROM realm').pluck().get() as string) as Record<string, unknown>);
/** A user's own settings as the server reads them (server/db/users.ts userSettings). */
const settingsOf = (email: string) =>
  withDb(server, (db) => userSettings({ settings: db.prepare('SELECT settings FROM users WHERE email = ?').pluck().get(email) as string }));

const patch = (client: ApiClient, params: Record<string, unknown>) => client.patch('/realm/user_settings_defaults', params);
describe('PATCH /realm/user_settings_defaults (spec 4)', () => {
  test('permission matrix: owners and administrators change defaults; others are not administrators', async () => {
    const actors = [
      ['owner', olivia, 24],
      ['administrator', adam, 26],
      ['moderator', mona, 30],
      ['member', mark, 32],
      ['guest', gina, 34],
    ] as const;
    for (const [name, client, seconds] of actors) {
      const response = await patch(client, { email_notifications_batching_period_seconds: seconds });
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(storedDefaults().email_notifications_batching_period_seconds).toBe(seconds);
      } else {
        expectError(response, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
        expect(storedDefaults().email_notifications_batching_period_seconds).not.toBe(seconds);
      }
    }
  });

  test('the reply is an empty success, and every kind of setting is stored', async () => {
    const response = await patch(adam, { enter_sends: true, color_scheme: 2, web_font_size_px: 18, web_home_view: 'all_messages', notification_sound: 'chime' });
    expectSuccess(response);
    expect(updateRealmUserSettingsDefaults.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    expect(storedDefaults()).toMatchObject({ enter_sends: true, color_scheme: 2, web_font_size_px: 18, web_home_view: 'all_messages', notification_sound: 'chime' });
  });

  test('settings not passed keep their values', async () => {
    const before = storedDefaults();
    expectSuccess(await patch(adam, { left_side_userlist: !before.left_side_userlist }));
    expect(storedDefaults()).toEqual({ ...before, left_side_userlist: !before.left_side_userlist });
  });

  test('parameters the endpoint does not support are listed as ignored', async () => {
    const response = await patch(adam, { twenty_four_hour_time: true, email_address_visibility: 1 });
    expectSuccess(response);
    expect(response.body.ignored_parameters_unsupported).toEqual(['email_address_visibility']);
  });

  describe('values outside the allowed ones are refused, and nothing is stored', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['an enumerated integer', { color_scheme: 7 }, 'Invalid color_scheme'],
      ['an enumerated string', { web_home_view: 'everything' }, 'Invalid web_home_view'],
      ['a boolean', { enter_sends: 'sometimes' }, 'enter_sends is not valid JSON'],
      ['a font size out of range', { web_font_size_px: 40 }, 'Invalid web_font_size_px'],
      ['an unknown emoji set', { emojiset: 'apple' }, 'Invalid emojiset'],
      ['an unknown notification sound', { notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'"],
    ];
    for (const [name, params, msg] of cases) {
      test(name, async () => {
        const before = storedDefaults();
        expectError(await patch(adam, { twenty_four_hour_time: !before.twenty_four_hour_time, ...params }), 'BAD_REQUEST', msg);
        expect(storedDefaults()).toEqual(before);
      });
    }
  });

  test('"none" is a valid notification sound', async () => {
    expectSuccess(await patch(adam, { notification_sound: 'none' }));
    expect(storedDefaults().notification_sound).toBe('none');
  });

  test("existing users' own settings are unaffected", async () => {
    const before = settingsOf('mark@sandbox.test');
    expectSuccess(await patch(adam, { high_contrast_mode: !before.high_contrast_mode, web_line_height_percent: 150, emojiset: 'text' }));
    expect(settingsOf('mark@sandbox.test')).toEqual(before);
  });

  test('an account created afterwards starts from the new defaults', async () => {
    expectSuccess(await patch(adam, { color_scheme: 3, web_animate_image_previews: 'never', starred_message_counts: false }));
    withDb(server, (db) => insertUser(db, seededIds(99), { email: 'newcomer@sandbox.test', full_name: 'New Comer', role: 400, date_joined: 0 }));
    expect(settingsOf('newcomer@sandbox.test')).toEqual(storedDefaults());
    expect(settingsOf('newcomer@sandbox.test')).toMatchObject({ color_scheme: 3, web_animate_image_previews: 'never', starred_message_counts: false });
  });

  test('the defaults survive a restart', async () => {
    expectSuccess(await patch(olivia, { demote_inactive_streams: 3, resolved_topic_notice_auto_read_policy: 'never' }));
    const before = storedDefaults();
    await server.restart();
    expect(storedDefaults()).toEqual(before);
    expect(before).toMatchObject({ demote_inactive_streams: 3, resolved_topic_notice_auto_read_policy: 'never' });
    // and the server still accepts changes on top of them
    expectSuccess(await patch(olivia, { demote_inactive_streams: 2 }));
    expect(storedDefaults()).toEqual({ ...before, demote_inactive_streams: 2 });
  });
});
