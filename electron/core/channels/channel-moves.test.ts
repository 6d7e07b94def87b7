// Moving channels between folders as a job, against a real sandbox: one result per channel, the
// server's final folders, a folder archived meanwhile refused in words, "retry failed", and the log.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createChannelFolder, getStreams, updateChannelFolder } from '../../../shared/api';
import type { ChannelMove } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, signedInConsole, type TestConsole } from '../users/testing/console-harness';
import { ChannelChanges } from './channel-changes';
import { ChannelMoves } from './channel-moves';

let sandbox: Sandbox;
let olivia: TestConsole;
let adam: ApiClient;
let moves: ChannelMoves;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  adam = await directClient(sandbox.url, 'adam@sandbox.test');
  const changes = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  moves = new ChannelMoves({ changes, sessions: olivia.sessions, push: (message) => olivia.pushes.push(message), progressIntervalMs: 0 });
}, 60_000);

afterAll(async () => {
  await moves?.stopAll();
  await olivia?.close();
  await sandbox?.close();
});

async function finished(job: ChannelMove): Promise<ChannelMove> {
  await expect.poll(() => moves.get(olivia.accountId, job.id).status, { timeout: 20_000 }).toBe('done');
  return moves.get(olivia.accountId, job.id);
}

async function serverFolders(): Promise<Map<string, number | null>> {
  const { value } = await adam.call(getStreams, { include_all: true });
  return new Map(value.streams.map((stream) => [stream.name, stream.folder_id ?? null]));
}

const channelId = (name: string) => [...olivia.state().channels.values()].find((channel) => channel.name === name)?.stream_id as number;
const folderId = (name: string) => [...olivia.state().folders.values()].find((folder) => folder.name === name)?.id as number;

test('channels move into a folder, one result each; those already there are unchanged; the log has each', async () => {
  const social = folderId('Social');
  const job = await moves.start(olivia.accountId, [channelId('general'), channelId('design'), channelId('announcements')], social);
  expect(job.results.map((result) => result.outcome)).toEqual(['pending', 'pending', 'pending']);
  const done = await finished(job);
  expect(done.results.map((result) => [result.name, result.outcome])).toEqual([
    ['general', 'moved'],
    ['design', 'moved'],
    ['announcements', 'moved'],
  ]);
  const folders = await serverFolders();
  expect([folders.get('general'), folders.get('design'), folders.get('announcements')]).toEqual([social, social, social]);
  expect(olivia.pushes.some((push) => push.kind === 'job.progress' && push.job.id === job.id && push.job.type === 'channelMove' && push.job.status === 'done')).toBe(true);
  expect(olivia.activity.list(olivia.accountId, 10).filter((entry) => entry.result === 'ok').length).toBeGreaterThanOrEqual(3);

  const again = await finished(await moves.start(olivia.accountId, [channelId('general')], social));
  expect(again.results[0]?.outcome).toBe('unchanged');

  const out = await finished(await moves.start(olivia.accountId, [channelId('general'), channelId('design'), channelId('announcements')], null));
  expect(out.results.every((result) => result.outcome === 'moved')).toBe(true);
  expect((await serverFolders()).get('design')).toBeNull();
});

test('a folder archived before the job starts is refused in words; failures can be retried', async () => {
  const created = await adam.call(createChannelFolder, { name: 'Short-lived', description: '' });
  const id = created.value.channel_folder_id;
  await expect.poll(() => olivia.state().folders.get(id)?.name).toBe('Short-lived');
  await adam.call(updateChannelFolder, { channel_folder_id: id, is_archived: true });
  await expect.poll(() => olivia.state().folders.get(id)?.is_archived).toBe(true);
  const refused = await moves.start(olivia.accountId, [channelId('general')], id).catch((error: unknown) => error as ConsoleError);
  expect(refused).toMatchObject({ code: 'FOLDER_UNAVAILABLE' });
  expect((refused as ConsoleError).message).toContain('was archived meanwhile. Choose another folder.');

  // A channel that does not exist fails alone; retrying it fails again, with the same words.
  const job = await finished(await moves.start(olivia.accountId, [channelId('design'), 999_999], folderId('Teams')));
  expect(job.results.map((result) => result.outcome)).toEqual(['moved', 'failed']);
  expect(job.results[1]?.reason).toContain('There is no channel with ID 999999');
  const retry = await finished(await moves.retryFailed(olivia.accountId, job.id));
  expect(retry.results.map((result) => result.channelId)).toEqual([999_999]);
});
