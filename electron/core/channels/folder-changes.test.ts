// Changes to channel folders against a real sandbox: the request sent, refusals checked before sending
// (an empty or too long name, another folder's name, a folder that still holds channels, archived ones too), the server's UNAUTHORIZED_PRINCIPAL
// worded for a non-administrator, and every attempt in the activity log.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { updateChannel } from '../../../shared/api';
import { directClient, signedInConsole, type TestConsole } from '../users/testing/console-harness';
import { FolderChanges } from './folder-changes';

let sandbox: Sandbox;
let olivia: TestConsole;
let mona: TestConsole;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  mona = await signedInConsole(sandbox.url, 'mona@sandbox.test');
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await mona?.close();
  await sandbox?.close();
});

const changesFor = (console: TestConsole) => new FolderChanges({ accounts: console.accounts, sessions: console.sessions, activity: console.activity });
const refusal = (attempt: Promise<unknown>) => attempt.then(() => Promise.reject(new Error('expected a refusal')), (error: unknown) => error as ConsoleError);
const teamsId = () => [...olivia.state().folders.values()].find((folder) => folder.name === 'Teams')?.id as number;

test('a folder is created with one request, and logged', async () => {
  olivia.requests.length = 0;
  const { folderId } = await changesFor(olivia).create(olivia.accountId, '  Projects  ', 'Work in **progress**.');
  expect(olivia.requests).toEqual(['POST /api/v1/channel_folders/create']);
  await expect.poll(() => olivia.state().folders.get(folderId)?.name).toBe('Projects');
  expect(olivia.activity.list(olivia.accountId, 1)[0]).toMatchObject({ action: 'Created folder', target: 'the folder “Projects”', result: 'ok' });
});

test('an empty or too long name is refused before anything is sent, and logged', async () => {
  olivia.requests.length = 0;
  expect((await refusal(changesFor(olivia).create(olivia.accountId, '   ', ''))).message).toBe('A folder needs a name: type one.');
  expect((await refusal(changesFor(olivia).create(olivia.accountId, 'x'.repeat(61), ''))).message).toBe('The folder’s name is 61 characters long; this server allows 60. Shorten it.');
  expect(olivia.requests).toEqual([]);
  expect(olivia.activity.list(olivia.accountId, 1)[0]).toMatchObject({ result: 'failed' });
});

test('a name another folder has, whatever its case, is refused before anything is sent; a folder keeps its own name in another case', async () => {
  olivia.requests.length = 0;
  expect((await refusal(changesFor(olivia).create(olivia.accountId, 'teams', ''))).message).toBe('There is already a folder named “Teams”: choose another name, or rename that one first.');
  expect(olivia.requests).toEqual([]);
  const teams = teamsId();
  await changesFor(olivia).update(olivia.accountId, teams, { name: 'TEAMS' });
  await expect.poll(() => olivia.state().folders.get(teams)?.name).toBe('TEAMS');
  await changesFor(olivia).update(olivia.accountId, teams, { name: 'Teams' });
  await expect.poll(() => olivia.state().folders.get(teams)?.name).toBe('Teams');
});

test('an archived folder whose name another folder took meanwhile is not unarchived: the other is named, to rename first', async () => {
  const { folderId } = await changesFor(olivia).create(olivia.accountId, 'Initiatives', '');
  await expect.poll(() => olivia.state().folders.get(folderId)?.name).toBe('Initiatives');
  await changesFor(olivia).update(olivia.accountId, folderId, { archived: true });
  await expect.poll(() => olivia.state().folders.get(folderId)?.is_archived).toBe(true);
  const { folderId: newer } = await changesFor(olivia).create(olivia.accountId, 'initiatives', '');
  await expect.poll(() => olivia.state().folders.get(newer)?.name).toBe('initiatives');
  olivia.requests.length = 0;
  const error = await refusal(changesFor(olivia).update(olivia.accountId, folderId, { archived: false }));
  expect(error.message).toBe('Another folder is named “initiatives” now, and two unarchived folders cannot share a name. Rename that one first, then unarchive this one.');
  expect(olivia.requests).toEqual([]);
  await changesFor(olivia).update(olivia.accountId, newer, { name: 'Initiatives 2' });
  await expect.poll(() => olivia.state().folders.get(newer)?.name).toBe('Initiatives 2');
  await changesFor(olivia).update(olivia.accountId, folderId, { archived: false });
  await expect.poll(() => olivia.state().folders.get(folderId)?.is_archived).toBe(false);
});

test('a folder that still holds channels is not archived: its channels are named', async () => {
  olivia.requests.length = 0;
  const error = await refusal(changesFor(olivia).update(olivia.accountId, teamsId(), { archived: true }));
  expect(error.message).toMatch(/^The folder “Teams” still holds #(design|engineering), #(design|engineering)\. Move its channels out of it first, then archive it\.$/);
  expect(olivia.requests).toEqual([]);
});

test('a folder holding only an archived channel is not archived: the channel is named as archived', async () => {
  const { folderId } = await changesFor(olivia).create(olivia.accountId, 'Retired', '');
  const oldProjects = [...olivia.state().channels.values()].find((channel) => channel.name === 'old-projects');
  const adam = await directClient(sandbox.url, 'adam@sandbox.test');
  await adam.call(updateChannel, { stream_id: oldProjects?.stream_id as number, folder_id: folderId });
  await expect.poll(() => olivia.state().channels.get(oldProjects?.stream_id as number)?.folder_id).toBe(folderId);
  olivia.requests.length = 0;
  const error = await refusal(changesFor(olivia).update(olivia.accountId, folderId, { archived: true }));
  expect(error.message).toBe('The folder “Retired” still holds #old-projects (archived). Move its channels out of it first, then archive it.');
  expect(olivia.requests).toEqual([]);
});

test("a moderator's change is refused by the server with UNAUTHORIZED_PRINCIPAL, worded with what to do", async () => {
  const error = await refusal(changesFor(mona).update(mona.accountId, teamsId(), { name: 'Squads' }));
  expect(error.code).toBe('UNAUTHORIZED_PRINCIPAL');
  expect(error.message).toBe(
    'Could not change the folder “Teams”: Must be an organization administrator. Only organization administrators manage folders: sign in as one, or ask one to make this change.',
  );
  expect(mona.activity.list(mona.accountId, 1)[0]).toMatchObject({ action: 'Renamed folder', result: 'failed' });
});
