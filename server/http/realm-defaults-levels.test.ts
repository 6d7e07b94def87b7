// A sandbox acting as an older server (`featureLevel`, `--feature-level`): it reports that level, leaves
// the user settings upstream added later out of the register snapshot, and ignores them in
// PATCH /realm/user_settings_defaults (spec 4), listing them in ignored_parameters_unsupported as an
// upstream server of that level does.
import { describe, expect, test } from 'vitest';
import { getServerSettings, RegisterReply, updateRealmUserSettingsDefaults } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients } = demoServerForFile({ config: { featureLevel: 300 } });

const storedDefaults = () =>
  withDb(server, (db) => JSON.parse(db.prepare('SELECT user_settings_defaults FROM realm').pluck().get() as string) as Record<string, unknown>);

/** Added after feature level 300 (upstream's API changelog). */
const NEWER = ['web_suggest_update_timezone', 'hide_ai_features', 'resolved_topic_notice_auto_read_policy', 'web_left_sidebar_unreads_count_summary', 'web_left_sidebar_show_channel_folders'];

describe('a sandbox at feature level 300', () => {
  test('register and GET /server_settings report level 300', async () => {
    const registered = await clients.adam.post('/register', { fetch_event_types: ['realm'] });
    expectSuccess(registered);
    const reply = RegisterReply.parse(registered.body);
    expect([reply.service_feature_level, reply.zulip_feature_level]).toEqual([300, 300]);
    const settings = getServerSettings.reply.parse((await server.anonymous().get('/server_settings')).body);
    expect([settings.zulip_feature_level, settings.service_feature_level]).toEqual([300, 300]);
  });

  test("the snapshot's defaults leave out the settings added after 300, and keep the rest", async () => {
    const registered = await clients.adam.post('/register', { fetch_event_types: ['realm_user_settings_defaults'] });
    const defaults = registered.body.realm_user_settings_defaults as Record<string, unknown>;
    expect(NEWER.filter((name) => name in defaults)).toEqual([]);
    expect(defaults).toMatchObject({ web_channel_default_view: 1, color_scheme: 1, automatically_follow_topics_where_mentioned: true });
  });

  test('PATCH ignores the newer settings, names them, and applies the others', async () => {
    const before = storedDefaults();
    const response = await clients.adam.patch('/realm/user_settings_defaults', { hide_ai_features: true, color_scheme: 2, web_suggest_update_timezone: false });
    expectSuccess(response);
    expect(updateRealmUserSettingsDefaults.reply.parse(response.body).ignored_parameters_unsupported).toEqual(['hide_ai_features', 'web_suggest_update_timezone']);
    expect(storedDefaults()).toEqual({ ...before, color_scheme: 2 });
  });

  test('a newer setting is ignored whatever its value, as an unknown parameter is', async () => {
    const response = await clients.adam.patch('/realm/user_settings_defaults', { hide_ai_features: 'sometimes' });
    expectSuccess(response);
    expect(response.body.ignored_parameters_unsupported).toEqual(['hide_ai_features']);
  });

  test("web_channel_default_view's values added at 383 and 401 are refused; the older ones are accepted", async () => {
    const before = storedDefaults();
    expectError(await clients.adam.patch('/realm/user_settings_defaults', { web_channel_default_view: 3 }), 'BAD_REQUEST', 'Invalid web_channel_default_view');
    expectError(await clients.adam.patch('/realm/user_settings_defaults', { web_channel_default_view: 4 }), 'BAD_REQUEST', 'Invalid web_channel_default_view');
    expect(storedDefaults()).toEqual(before);
    expectSuccess(await clients.adam.patch('/realm/user_settings_defaults', { web_channel_default_view: 2 }));
    expect(storedDefaults().web_channel_default_view).toBe(2);
  });
});
