// Saving default settings against real sandbox servers: one PATCH with only the changed settings, the
// server's values after it, conflicts refused before sending, the server's refusals in words, the
// read-only roles, an older server's ignored settings, and the activity log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { register, updateRealmUserSettingsDefaults } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { clientFor, defaultsConsole, eventually, type DefaultsConsole } from './testing/defaults-harness';

let sandbox: Sandbox;
let older: Sandbox;
let core: DefaultsConsole;
let asAdam: ApiClient;
let olivia: string;
let mona: string;
let oldOlivia: string;

beforeAll(async () => {
  [sandbox, older] = await Promise.all([startSandbox(), startSandbox({ args: ['--feature-level', '300'] })]);
  core = defaultsConsole();
  olivia = await core.signIn(sandbox.url, 'olivia@sandbox.test');
  mona = await core.signIn(sandbox.url, 'mona@sandbox.test');
  oldOlivia = await core.signIn(older.url, 'olivia@sandbox.test');
  asAdam = await clientFor(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await core?.close();
  await Promise.all([sandbox?.close(), older?.close()]);
});

/** The defaults as the server has them, read by another client. */
async function onServer(client: ApiClient): Promise<Record<string, unknown>> {
  const { value } = await client.call(register, { fetch_event_types: ['realm_user_settings_defaults'] });
  return value.realm_user_settings_defaults as Record<string, unknown>;
}

const patches = () => core.requests.filter((request) => request.method === 'PATCH');
const failure = async (promise: Promise<unknown>) => (await promise.then(() => null, (error: unknown) => error)) as ConsoleError;

describe('reading', () => {
  test("an owner's view: every setting the server reports, the sounds it offers, and editable", async () => {
    const view = await core.defaults.get(olivia);
    expect(view).toMatchObject({ realmName: 'Sandbox Org', featureLevel: 421, canEdit: true, readOnlyReason: null, ownRole: 100, availableSounds: ['chime', 'ding', 'zulip'] });
    expect(Object.keys(view.values).sort()).toEqual(Object.keys(updateRealmUserSettingsDefaults.params.shape).sort());
  });

  test("a moderator's view is read-only, saying why", async () => {
    const view = await core.defaults.get(mona);
    expect(view.canEdit).toBe(false);
    expect(view.readOnlyReason).toBe(
      'You are a moderator in Sandbox Org: only organization administrators and owners can change default settings. You can see them here; to change them, ask an administrator, or sign in as one.',
    );
  });
});

describe('saving', () => {
  test('one PATCH carrying only the changed settings; the answer shows the new values, and so does the server', async () => {
    core.requests.length = 0;
    const result = await core.defaults.save(olivia, {
      // enter_sends is already false: no change, so not sent.
      changes: { color_scheme: 2, web_font_size_px: 18, enable_digest_emails: false, enter_sends: false },
      expected: { color_scheme: 1, web_font_size_px: 16, enable_digest_emails: true, enter_sends: false },
      source: { kind: 'edit' },
    });
    expect(patches()).toEqual([
      { method: 'PATCH', path: '/api/v1/realm/user_settings_defaults', params: { color_scheme: '2', web_font_size_px: '18', enable_digest_emails: 'false' }, realm: sandbox.url },
    ]);
    expect(result.saved).toEqual([
      { name: 'color_scheme', from: 1, to: 2 },
      { name: 'web_font_size_px', from: 16, to: 18 },
      { name: 'enable_digest_emails', from: true, to: false },
    ]);
    expect(result.ignored).toEqual([]);
    expect(result.view.values).toMatchObject({ color_scheme: 2, web_font_size_px: 18, enable_digest_emails: false });
    expect(await onServer(asAdam)).toMatchObject({ color_scheme: 2, web_font_size_px: 18, enable_digest_emails: false });
    expect(core.activity.list(olivia, 1)[0]).toMatchObject({
      actor: 'Olivia Owner (olivia@sandbox.test)',
      action: 'Changed default settings',
      target: 'Sandbox Org',
      details: 'Color scheme: Automatic → Dark; Font size: 16 px → 18 px; Digest emails when away: On → Off',
      result: 'ok',
    });
  });

  test('a setting another administrator changed meanwhile: nothing is sent, and the error names it', async () => {
    await asAdam.call(updateRealmUserSettingsDefaults, { emojiset: 'twitter' });
    await eventually(() => core.state(olivia).userSettingsDefaults.emojiset === 'twitter', 'the change in the state');
    core.requests.length = 0;
    const error = await failure(core.defaults.save(olivia, { changes: { emojiset: 'text', enter_sends: true }, expected: { emojiset: 'google', enter_sends: false }, source: { kind: 'edit' } }));
    expect(error.code).toBe('DEFAULTS_CONFLICT');
    expect(error.message).toBe(
      'Nothing was saved: another administrator changed a setting you edited meanwhile (Emoji set is now Twitter). For each, keep your value or take theirs, then review and save again.',
    );
    expect(error.extra.conflicts).toEqual(['emojiset']);
    expect(patches()).toEqual([]);
    expect(await onServer(asAdam)).toMatchObject({ emojiset: 'twitter', enter_sends: false });
  });

  test("a value the server refuses: its words, what to do, nothing changed, and the attempt logged", async () => {
    const before = await onServer(asAdam);
    const error = await failure(core.defaults.save(olivia, { changes: { notification_sound: 'klaxon', enter_sends: true }, expected: { notification_sound: 'zulip', enter_sends: false }, source: { kind: 'edit' } }));
    expect(error.message).toBe("Could not save the default settings of Sandbox Org: Invalid notification sound 'klaxon'. Pick one of the sounds this server offers.");
    expect(await onServer(asAdam)).toEqual(before);
    expect(core.activity.list(olivia, 1)[0]).toMatchObject({ result: 'failed', details: 'Enter sends the message: Off → On; Notification sound: Zulip → Klaxon', error: error.message });
  });

  test('a moderator cannot save: refused before any request', async () => {
    core.requests.length = 0;
    const error = await failure(core.defaults.save(mona, { changes: { enter_sends: true }, expected: { enter_sends: false }, source: { kind: 'edit' } }));
    expect(error.code).toBe('NOT_ALLOWED');
    expect(patches()).toEqual([]);
  });

  test('an import is logged as one, naming the file and the realm it came from', async () => {
    await core.defaults.save(olivia, { changes: { twenty_four_hour_time: true }, expected: { twenty_four_hour_time: false }, source: { kind: 'import', fileName: 'team.json', fromRealm: 'Other Org' } });
    expect(core.activity.list(olivia, 1)[0]).toMatchObject({ action: 'Imported default settings', target: 'Sandbox Org, from team.json (exported from Other Org)', details: 'Use 24-hour time: Off → On' });
  });
});

describe('an older server (feature level 300)', () => {
  test('reports neither the newer settings nor takes them: they come back as ignored, never as saved', async () => {
    const view = await core.defaults.get(oldOlivia);
    expect(view.featureLevel).toBe(300);
    expect(view.values).not.toHaveProperty('hide_ai_features');
    const result = await core.defaults.save(oldOlivia, { changes: { hide_ai_features: true, color_scheme: 3 }, expected: { hide_ai_features: null, color_scheme: 1 }, source: { kind: 'edit' } });
    expect(result.saved).toEqual([{ name: 'color_scheme', from: 1, to: 3 }]);
    expect(result.ignored).toEqual([{ name: 'hide_ai_features', value: true }]);
    expect(result.view.values).not.toHaveProperty('hide_ai_features');
    expect(core.activity.list(oldOlivia, 1)[0]?.details).toBe('Color scheme: Automatic → Light; Not supported by this server, so not saved: Hide AI features');
  });

  test("a value newer than the server: the server's refusal, and that this level does not offer it", async () => {
    const error = await failure(core.defaults.save(oldOlivia, { changes: { web_channel_default_view: 4 }, expected: { web_channel_default_view: 1 }, source: { kind: 'edit' } }));
    expect(error.message).toBe(
      'Could not save the default settings of Sandbox Org: Invalid web_channel_default_view. This server (feature level 300) does not offer that value of Channel links open yet: choose another one.',
    );
  });
});
