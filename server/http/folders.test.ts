// Channel folders: spec 8 (create) and upstream's GET /channel_folders, PATCH /channel_folders/{id}
// and PATCH /channel_folders (reorder).
import { describe, expect, test } from 'vitest';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder, type ChannelFolder } from '../../shared/api';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

const MUST_BE_ADMIN = error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');

async function folders(includeArchived = false): Promise<ChannelFolder[]> {
  const response = await clients.mark.get('/channel_folders', { include_archived: includeArchived });
  return getChannelFolders.reply.parse(response.body).channel_folders;
}

async function create(name: string, description = ''): Promise<number> {
  const response = await clients.adam.post('/channel_folders/create', { name, description });
  return createChannelFolder.reply.parse(response.body).channel_folder_id;
}

const permissionMatrix = [
  ['an owner', 'olivia', true],
  ['an administrator', 'adam', true],
  ['a moderator', 'mona', false],
  ['a member', 'mark', false],
  ['a guest', 'gina', false],
] as const;

describe('POST /channel_folders/create (spec 8)', () => {
  test.each(permissionMatrix)('%s creating a folder: allowed %s', async (_who, name, allowed) => {
    const response = await clients[name].post('/channel_folders/create', { name: `Folder of ${name}`, description: '' });
    if (allowed) expect(createChannelFolder.reply.parse(response.body).channel_folder_id).toEqual(expect.any(Number));
    else expect(response.body).toEqual(MUST_BE_ADMIN);
  });

  test('a new folder is listed last, with its rendered description and its ID as its order', async () => {
    const id = await create('Projects', 'Work in **progress**.');
    const listed = await folders();
    expect(listed.at(-1)).toMatchObject({
      id,
      name: 'Projects',
      description: 'Work in **progress**.',
      rendered_description: expect.stringContaining('<strong>progress</strong>') as string,
      is_archived: false,
      order: id,
      creator_id: expect.any(Number) as number,
    });
  });

  test('name and description must both be passed', async () => {
    expect((await clients.adam.post('/channel_folders/create', { description: '' })).body).toEqual({
      ...error("Missing 'name' argument", 'REQUEST_VARIABLE_MISSING'),
      var_name: 'name',
    });
    expect((await clients.adam.post('/channel_folders/create', { name: 'No description' })).body).toEqual({
      ...error("Missing 'description' argument", 'REQUEST_VARIABLE_MISSING'),
      var_name: 'description',
    });
  });

  test('a blank name is refused', async () => {
    expect((await clients.adam.post('/channel_folders/create', { name: '   ', description: '' })).body).toEqual(
      error("Channel folder name can't be empty."),
    );
  });

  test('names and descriptions over the limits are refused', async () => {
    expect((await clients.adam.post('/channel_folders/create', { name: 'n'.repeat(61), description: '' })).body).toEqual(
      error('name is too long (limit: 60 characters)'),
    );
    expect((await clients.adam.post('/channel_folders/create', { name: 'Long', description: 'd'.repeat(1025) })).body).toEqual(
      error('description is too long (limit: 1024 characters)'),
    );
  });

  test('a name already used by a folder, in any case, is refused', async () => {
    expect((await clients.adam.post('/channel_folders/create', { name: 'teams', description: '' })).body).toEqual(
      error('Channel folder name already in use'),
    );
  });

  test('a name with a control character is refused at its position', async () => {
    expect((await clients.adam.post('/channel_folders/create', { name: 'ab\u0007c', description: '' })).body).toEqual(
      error('Invalid character in channel folder name, at position 3.'),
    );
  });
});

describe('PATCH /channel_folders/{channel_folder_id}', () => {
  test.each(permissionMatrix)('%s updating a folder: allowed %s', async (_who, name, allowed) => {
    const id = await create(`Rename target of ${name}`);
    const response = await clients[name].patch(`/channel_folders/${String(id)}`, { description: `Edited by ${name}` });
    if (allowed) expect(updateChannelFolder.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    else expect(response.body).toEqual(MUST_BE_ADMIN);
  });

  test('name and description change', async () => {
    const id = await create('Drafts');
    await clients.adam.patch(`/channel_folders/${String(id)}`, { name: 'Final drafts', description: '_Done_' });
    expect((await folders()).find((folder) => folder.id === id)).toMatchObject({
      name: 'Final drafts',
      description: '_Done_',
      rendered_description: '<p><em>Done</em></p>',
    });
  });

  test('a folder with channels in it cannot be archived', async () => {
    const teams = (await folders()).find((folder) => folder.name === 'Teams');
    const response = await clients.adam.patch(`/channel_folders/${String(teams?.id)}`, { is_archived: true });
    expect(response.body).toEqual(error('You need to remove all the channels from this folder to archive it.'));
  });

  // upstream check_channel_folder_in_use counts every channel of the folder, deactivated ones too.
  test('a folder holding only an archived channel cannot be archived until the channel is moved out', async () => {
    const id = await create('Retired');
    const oldProjects = ids.channel['old-projects'] as number;
    expect((await clients.adam.patch(`/streams/${String(oldProjects)}`, { folder_id: id })).body).toMatchObject({ result: 'success' });
    const response = await clients.adam.patch(`/channel_folders/${String(id)}`, { is_archived: true });
    expect(response.body).toEqual(error('You need to remove all the channels from this folder to archive it.'));
    await clients.adam.patch(`/streams/${String(oldProjects)}`, { folder_id: null });
    expect((await clients.adam.patch(`/channel_folders/${String(id)}`, { is_archived: true })).body).toMatchObject({ result: 'success' });
  });

  test('an empty folder is archived, listed only with include_archived, and unarchived', async () => {
    const id = await create('Seasonal');
    await clients.adam.patch(`/channel_folders/${String(id)}`, { is_archived: true });
    expect((await folders()).map((folder) => folder.id)).not.toContain(id);
    expect((await folders(true)).find((folder) => folder.id === id)?.is_archived).toBe(true);
    await clients.adam.patch(`/channel_folders/${String(id)}`, { is_archived: false });
    expect((await folders()).find((folder) => folder.id === id)?.is_archived).toBe(false);
  });

  test('an archived folder frees its name', async () => {
    const id = await create('Reused name');
    await clients.adam.patch(`/channel_folders/${String(id)}`, { is_archived: true });
    expect(await create('Reused name')).not.toBe(id);
  });

  test('an unknown folder is an invalid folder ID', async () => {
    expect((await clients.adam.patch('/channel_folders/99999', { name: 'x' })).body).toEqual(error('Invalid channel folder ID'));
  });

  test("renaming to another folder's name is refused", async () => {
    const id = await create('Unique');
    expect((await clients.adam.patch(`/channel_folders/${String(id)}`, { name: 'SOCIAL' })).body).toEqual(
      error('Channel folder name already in use'),
    );
  });
});

describe('PATCH /channel_folders (reorder)', () => {
  const allIds = async () => (await folders(true)).map((folder) => folder.id);

  test.each(permissionMatrix)('%s reordering folders: allowed %s', async (_who, name, allowed) => {
    const response = await clients[name].patch('/channel_folders', { order: await allIds() });
    if (allowed) expect(reorderChannelFolders.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    else expect(response.body).toEqual(MUST_BE_ADMIN);
  });

  test('folders come back in the new order', async () => {
    const reversed = (await allIds()).reverse();
    expect((await clients.adam.patch('/channel_folders', { order: reversed })).body).toMatchObject({ result: 'success' });
    expect(await allIds()).toEqual(reversed);
  });

  test('an order that leaves a folder out, or names one twice, is refused', async () => {
    const ids = await allIds();
    expect((await clients.adam.patch('/channel_folders', { order: ids.slice(1) })).body).toEqual(error('Invalid order mapping.'));
    expect((await clients.adam.patch('/channel_folders', { order: [...ids.slice(1), ids[1]] })).body).toEqual(error('Invalid order mapping.'));
  });
});

describe('persistence', () => {
  test('folders, their changes and their order survive a restart', async () => {
    const id = await create('Durable', 'Still here.');
    const order = (await folders(true)).map((folder) => folder.id);
    await server.restart();
    const after = await folders(true);
    expect(after.map((folder) => folder.id)).toEqual(order);
    expect(after.find((folder) => folder.id === id)).toMatchObject({ name: 'Durable', description: 'Still here.' });
  });
});
