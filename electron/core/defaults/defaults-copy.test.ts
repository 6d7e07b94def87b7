// Copying default settings to other realms against real sandbox servers: one PATCH per realm with only
// what differs there, a result per realm (applied with the ignored settings named, already the same,
// refused for the role, failed while the realm is down), "retry failed", progress pushes and each
// realm's activity log.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { register, updateRealmUserSettingsDefaults } from '../../../shared/api';
import { Push, type DefaultsCopy, type JobProgress } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { clientFor, defaultsConsole, eventually, type DefaultsConsole } from './testing/defaults-harness';

let source: Sandbox, older: Sandbox, down: Sandbox;
let core: DefaultsConsole;
let fromOlivia: string, toOlderAdam: string, toOlderMona: string, toDownAdam: string;

beforeAll(async () => {
  [source, older, down] = await Promise.all([startSandbox(), startSandbox({ args: ['--feature-level', '300'] }), startSandbox()]);
  core = defaultsConsole();
  fromOlivia = await core.signIn(source.url, 'olivia@sandbox.test');
  toOlderAdam = await core.signIn(older.url, 'adam@sandbox.test');
  toOlderMona = await core.signIn(older.url, 'mona@sandbox.test');
  toDownAdam = await core.signIn(down.url, 'adam@sandbox.test');
  // The source realm's choices, made by its owner directly.
  const owner = await clientFor(source.url, 'olivia@sandbox.test');
  await owner.call(updateRealmUserSettingsDefaults, { color_scheme: 2, hide_ai_features: true, web_home_view: 'all_messages' });
  await eventually(() => core.state(fromOlivia).userSettingsDefaults.web_home_view === 'all_messages', 'the source values in the state');
}, 60_000);

afterAll(async () => {
  await core?.close();
  await Promise.all([source, older, down].map((sandbox) => sandbox?.close()));
});

const NAMES = ['color_scheme', 'hide_ai_features', 'enter_sends', 'web_home_view'];

async function onServer(url: string): Promise<Record<string, unknown>> {
  const client: ApiClient = await clientFor(url, 'olivia@sandbox.test');
  const { value } = await client.call(register, { fetch_event_types: ['realm_user_settings_defaults'] });
  return value.realm_user_settings_defaults as Record<string, unknown>;
}

async function finished(copy: DefaultsCopy): Promise<DefaultsCopy> {
  return eventually(() => {
    const current = core.copies.get(fromOlivia, copy.id);
    return current.finishedAt !== null && current;
  }, `copy ${copy.id} to finish`);
}

const progressOf = (id: string): JobProgress[] => core.pushes.flatMap((push) => (push.kind === 'job.progress' && push.job.id === id ? [push.job] : []));

test('a copy to three realms: one applies (naming what its older server ignored), one refuses the role, one is down; then retry failed', async () => {
  await down.stop();
  core.requests.length = 0;
  const started = await core.copies.start(fromOlivia, [toOlderAdam, toOlderMona, toDownAdam], NAMES);
  expect(started.values).toEqual({ color_scheme: 2, hide_ai_features: true, enter_sends: false, web_home_view: 'all_messages' });
  expect(started.results.map((result) => result.outcome)).toEqual(['pending', 'pending', 'pending']);
  const copy = await finished(started);

  const [applied, refused, failed] = copy.results;
  // enter_sends is already false there: only what differs is sent, in one PATCH.
  expect(applied).toEqual({ account: toOlderAdam, realmName: 'Sandbox Org', outcome: 'applied', applied: ['color_scheme', 'web_home_view'], ignored: ['hide_ai_features'], reason: null });
  expect(core.requests.filter((request) => request.realm === older.url && request.method === 'PATCH').map((request) => request.params)).toEqual([
    { color_scheme: '2', hide_ai_features: 'true', web_home_view: 'all_messages' },
  ]);
  expect(await onServer(older.url)).toMatchObject({ color_scheme: 2, web_home_view: 'all_messages' });
  expect(refused).toMatchObject({ account: toOlderMona, outcome: 'failed', reason: expect.stringMatching(/^You are a moderator in Sandbox Org: only organization administrators and owners/) });
  expect(failed).toMatchObject({ account: toDownAdam, outcome: 'failed', reason: expect.stringMatching(/^Could not copy to Sandbox Org: .*Nothing was changed; try again once the server is reachable\.$/) });

  const progress = progressOf(copy.id);
  for (const push of core.pushes) expect(Push.safeParse(push).success).toBe(true);
  expect(progress.at(-1)).toMatchObject({ type: 'defaultsCopy', status: 'done', done: 3, total: 3, counts: { applied: 1, unchanged: 0, failed: 2 } });

  // Each realm's log says what happened there; the source's, where its settings went.
  expect(core.activity.list(toOlderAdam, 1)[0]).toMatchObject({
    action: 'Copied default settings',
    target: 'Sandbox Org, from Sandbox Org',
    details: 'Color scheme: Automatic → Dark; Home view: Inbox → All messages; Not supported by this server, so not saved: Hide AI features',
    result: 'ok',
  });
  expect(core.activity.list(toDownAdam, 1)[0]).toMatchObject({ result: 'failed', details: 'Color scheme: Automatic → Dark; Hide AI features: Off → On; Home view: Inbox → All messages' });
  expect(core.activity.list(fromOlivia, 1)[0]).toMatchObject({ action: 'Copied default settings to other realms', result: 'failed' });

  // The realm comes back; retrying runs the two failures again, as a new copy of the same values.
  await down.start();
  await eventually(() => core.sessions.get(toDownAdam).status.state === 'live', 'the realm to be live again', 20_000);
  const retried = await finished(await core.copies.retryFailed(fromOlivia, copy.id));
  expect(retried.values).toEqual(copy.values);
  expect(retried.results.map((result) => [result.account, result.outcome])).toEqual([
    [toOlderMona, 'failed'],
    [toDownAdam, 'applied'],
  ]);
  expect(await onServer(down.url)).toMatchObject({ color_scheme: 2, hide_ai_features: true, web_home_view: 'all_messages' });
}, 60_000);

test('copying again: realms that already have the values are unchanged, without a request', async () => {
  await eventually(() => core.state(toDownAdam).userSettingsDefaults.web_home_view === 'all_messages', 'the copied values in the state');
  core.requests.length = 0;
  const copy = await finished(await core.copies.start(fromOlivia, [toDownAdam], NAMES));
  expect(copy.results[0]).toMatchObject({ outcome: 'unchanged', applied: [], ignored: [] });
  expect(core.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
});

test('bad requests: unknown settings, the source as a target, nothing to retry', async () => {
  const error = async (promise: Promise<unknown>) => ((await promise.then((value) => ({ message: `resolved: ${JSON.stringify(value)}` }), (caught: unknown) => caught)) as ConsoleError).message;
  expect(await error(core.copies.start(fromOlivia, [toDownAdam], ['colour_scheme']))).toBe('These are not default settings the console knows: colour_scheme.');
  expect(await error(core.copies.start(fromOlivia, [fromOlivia], NAMES))).toBe('Sandbox Org is the realm the settings come from: choose other realms to copy to.');
  const done = await finished(await core.copies.start(fromOlivia, [toDownAdam], NAMES));
  expect(await error(core.copies.retryFailed(fromOlivia, done.id))).toBe('No realm of this copy failed, so there is nothing to retry.');
});
