// The Folders tab: an administrator creates, edits, reorders (by button, keyboard and drag) and archives
// folders; each change is checked on the server, and a second console open on the same tab follows live.
import type { Page } from '@playwright/test';
import { channelRow, serverChannel } from '../support/channels-page';
import { openConsoleAs } from '../support/console-as';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

interface ServerFolder {
  id: number;
  name: string;
  description: string;
  is_archived: boolean;
  order?: number;
}

async function serverFolders(client: RealmClient): Promise<ServerFolder[]> {
  const reply = await client.request('GET', '/channel_folders', { include_archived: true });
  return reply.channel_folders as ServerFolder[];
}

async function openFolders(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Channels & folders' }).click();
  await page.getByRole('tab', { name: 'Folders' }).click();
  await expect(page.getByRole('list', { name: 'Folders' })).toBeVisible();
}

/** A folder's card, unarchived or archived, by its name. */
const folderCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

const folderNames = (page: Page) => page.getByRole('list', { name: 'Folders', exact: true }).getByRole('heading', { level: 3 });

test('folders created, edited, reordered and archived, on the server and live in a second console', async ({ consolePage: page, sandbox, browser, target }) => {
  test.skip(target !== 'browser', 'the second console runs in browser mode beside the first');
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const context = await browser.newContext();
  const other = await context.newPage();
  const second = await openConsoleAs(other, sandbox.url, 'adam@sandbox.test');
  try {
    await openFolders(page);
    await openFolders(other);
    await expect(folderNames(page)).toHaveText(['Teams', 'Social']);

    // Create: an empty name is refused in words; then a folder with a Markdown description.
    await page.getByRole('button', { name: 'Create a folder…' }).click();
    const form = page.getByRole('form', { name: 'New folder' });
    await form.getByRole('button', { name: 'Create folder' }).click();
    await expect(form).toContainText('A folder needs a name.');
    await form.getByLabel('Folder name').fill('Projects');
    await form.getByLabel('Folder description').fill('Work in **progress**.');
    await expect(form.locator('.description-preview strong')).toHaveText('progress');
    await form.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Folder “Projects” created.' })).toBeVisible();
    await expect(folderNames(page)).toHaveText(['Teams', 'Social', 'Projects']);
    const created = (await serverFolders(adam)).find((folder) => folder.name === 'Projects');
    expect(created).toMatchObject({ description: 'Work in **progress**.', is_archived: false });
    // Live in the second console, with the description rendered.
    await expect(folderNames(other)).toHaveText(['Teams', 'Social', 'Projects']);
    await expect(folderCard(other, 'Projects').locator('.folder-description strong')).toHaveText('progress');

    // Edit: rename and describe.
    await folderCard(page, 'Projects').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit “Projects”' });
    await edit.getByLabel('Folder name').fill('Initiatives');
    await edit.getByLabel('Folder description').fill('Cross-team initiatives.');
    await edit.getByRole('button', { name: 'Save folder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Folder “Initiatives” saved.' })).toBeVisible();
    expect((await serverFolders(adam)).find((folder) => folder.id === created?.id)).toMatchObject({ name: 'Initiatives', description: 'Cross-team initiatives.' });
    await expect(folderCard(other, 'Initiatives')).toContainText('Cross-team initiatives.');

    // Reorder by button, then by keyboard (Alt+ArrowUp on the folder).
    await folderCard(page, 'Initiatives').getByRole('button', { name: 'Move up' }).click();
    await expect(folderNames(page)).toHaveText(['Teams', 'Initiatives', 'Social']);
    await folderCard(page, 'Initiatives').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(folderNames(page)).toHaveText(['Initiatives', 'Teams', 'Social']);
    await expect.poll(async () => (await serverFolders(adam)).filter((folder) => !folder.is_archived).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((folder) => folder.name)).toEqual(['Initiatives', 'Teams', 'Social']);
    await expect(folderNames(other)).toHaveText(['Initiatives', 'Teams', 'Social']);

    // And by dragging: Social dropped on Initiatives takes its place.
    await folderCard(page, 'Social').dragTo(folderCard(page, 'Initiatives'));
    await expect(folderNames(page)).toHaveText(['Social', 'Initiatives', 'Teams']);
    await expect(folderNames(other)).toHaveText(['Social', 'Initiatives', 'Teams']);
    await folderCard(page, 'Social').getByRole('button', { name: 'Move down' }).click();
    await expect(folderNames(page)).toHaveText(['Initiatives', 'Social', 'Teams']);
    await folderCard(page, 'Social').getByRole('button', { name: 'Move down' }).click();
    await expect(folderNames(page)).toHaveText(['Initiatives', 'Teams', 'Social']);

    // Archive: a folder that still holds channels says so before anything is asked; an empty one goes to the archived list.
    await expect(folderCard(page, 'Teams').getByRole('button', { name: 'Archive…' })).toBeDisabled();
    await expect(folderCard(page, 'Teams')).toContainText(/Only an empty folder can be archived, and this one holds \d+ channels: move them out of it first/);

    await folderCard(page, 'Initiatives').getByRole('button', { name: 'Archive…' }).click();
    await page.getByRole('dialog', { name: 'Archive “Initiatives”?' }).getByRole('button', { name: 'Archive folder' }).click();
    await expect(page.getByRole('list', { name: 'Archived folders' }).getByRole('heading', { name: 'Initiatives' })).toBeVisible();
    await expect(folderNames(page)).toHaveText(['Teams', 'Social']);
    expect((await serverFolders(adam)).find((folder) => folder.id === created?.id)?.is_archived).toBe(true);
    await expect(other.getByRole('list', { name: 'Archived folders' }).getByRole('heading', { name: 'Initiatives' })).toBeVisible();

    // And back.
    await folderCard(page, 'Initiatives').getByRole('button', { name: 'Unarchive' }).click();
    // It comes back where it stood: archiving kept its place in the order.
    await expect(folderNames(page)).toHaveText(['Initiatives', 'Teams', 'Social']);
    expect((await serverFolders(adam)).find((folder) => folder.id === created?.id)?.is_archived).toBe(false);
  } finally {
    await context.close();
    await second.close();
  }
});

test('a folder holding channels cannot be archived until they are moved out, which it follows live', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openFolders(page);
  const teams = (await serverFolders(adam)).find((folder) => folder.name === 'Teams');
  const streams = (await adam.request('GET', '/streams')).streams as { stream_id: number; folder_id: number | null }[];
  const inside = streams.filter((channel) => channel.folder_id === teams?.id);
  expect(inside.length).toBeGreaterThan(1);

  const archive = folderCard(page, 'Teams').getByRole('button', { name: 'Archive…' });
  await expect(archive).toBeDisabled();
  await expect(archive).toHaveAccessibleDescription(`Only an empty folder can be archived, and this one holds ${inside.length} channels: move them out of it first (select them on the Channels tab, then “Move to folder…”).`);

  // Another administrator moves the channels out, one at a time: the count follows, then archiving is offered.
  for (const [moved, channel] of inside.entries()) {
    expect((await adam.request('PATCH', `/streams/${channel.stream_id}`, { folder_id: null })).result).toBe('success');
    const left = inside.length - moved - 1;
    if (left > 0) await expect(folderCard(page, 'Teams')).toContainText(`this one holds ${left === 1 ? '1 channel: move it' : `${left} channels: move them`} out of it first`);
  }
  await expect(archive).toBeEnabled();
  await expect(folderCard(page, 'Teams')).not.toContainText('Only an empty folder can be archived');

  // Asked first: Cancel leaves it on the server as it was; confirming archives it.
  await archive.click();
  const ask = page.getByRole('dialog', { name: 'Archive “Teams”?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await serverFolders(adam)).find((folder) => folder.id === teams?.id)?.is_archived).toBe(false);
  await archive.click();
  await ask.getByRole('button', { name: 'Archive folder' }).click();
  await expect(page.getByRole('list', { name: 'Archived folders' }).getByRole('heading', { name: 'Teams' })).toBeVisible();
  expect((await serverFolders(adam)).find((folder) => folder.id === teams?.id)?.is_archived).toBe(true);
});

// upstream refuses to archive a folder holding any channel, an archived one too (check_channel_folder_in_use).
test('a folder holding only an archived channel says so, and is archived once the channel is moved out of it', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const retired = (await adam.request('POST', '/channel_folders/create', { name: 'Retired', description: '' })).channel_folder_id as number;
  const oldProjects = await serverChannel(adam, 'old-projects');
  expect(oldProjects.is_archived).toBe(true);
  expect((await adam.request('PATCH', `/streams/${oldProjects.stream_id}`, { folder_id: retired })).result).toBe('success');

  await openFolders(page);
  await expect(folderCard(page, 'Retired')).toContainText('1 archived channel');
  const archive = folderCard(page, 'Retired').getByRole('button', { name: 'Archive…' });
  await expect(archive).toBeDisabled();
  await expect(archive).toHaveAccessibleDescription(
    'Only an empty folder can be archived, and this one holds 1 archived channel: move it out of it first (select it on the Channels tab with Status “All”, then “Move to folder…”).',
  );

  // As the words say: on the Channels tab with Status “All”, the archived channel is selected and moved out.
  await page.getByRole('tab', { name: 'Channels', exact: true }).click();
  await page.getByRole('group', { name: 'Status' }).getByRole('radio', { name: /^All \d/ }).check();
  await channelRow(page, 'old-projects').getByRole('checkbox', { name: 'Select #old-projects' }).check();
  await page.getByRole('button', { name: 'Move to folder…' }).click();
  const move = page.getByRole('dialog', { name: 'Move #old-projects to a folder' });
  await move.getByRole('radio', { name: 'No folder' }).check();
  await move.getByRole('button', { name: 'Move 1 channel' }).click();
  await expect.poll(async () => (await serverChannel(adam, 'old-projects')).folder_id).toBeNull();

  await page.getByRole('tab', { name: 'Folders' }).click();
  await expect(folderCard(page, 'Retired')).toContainText('0 channels');
  await archive.click();
  const ask = page.getByRole('dialog', { name: 'Archive “Retired”?' });
  await expect(ask).toContainText('It holds no channels, archived or not.');
  await ask.getByRole('button', { name: 'Archive folder' }).click();
  await expect(page.getByRole('list', { name: 'Archived folders' }).getByRole('heading', { name: 'Retired' })).toBeVisible();
  expect((await serverFolders(adam)).find((folder) => folder.id === retired)?.is_archived).toBe(true);
});

test('a moderator is told folders are for administrators, and the refusal is worded', async ({ browser, sandbox, target }) => {
  test.skip(target !== 'browser', 'signs in as another user in browser mode');
  const context = await browser.newContext();
  const page = await context.newPage();
  const mona = await openConsoleAs(page, sandbox.url, 'mona@sandbox.test');
  try {
    await openFolders(page);
    await expect(page.getByText('Only organization administrators create, change, archive and reorder folders.')).toBeVisible();
    await folderCard(page, 'Teams').getByRole('button', { name: 'Move down' }).click();
    await expect(page.getByRole('alert')).toContainText('Must be an organization administrator');
    await expect(page.getByRole('alert')).toContainText('Only organization administrators manage folders');
    await expect(folderNames(page)).toHaveText(['Teams', 'Social']);
  } finally {
    await context.close();
    await mona.close();
  }
});

test('the screen’s activity log lists folder changes beside channel changes', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openFolders(page);
  await page.getByRole('button', { name: 'Create a folder…' }).click();
  const form = page.getByRole('form', { name: 'New folder' });
  await form.getByLabel('Folder name').fill('Projects');
  await form.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Folder “Projects” created.' })).toBeVisible();
  expect((await serverFolders(adam)).some((folder) => folder.name === 'Projects')).toBe(true);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByRole('combobox', { name: 'Channel', exact: true })).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: 'Created folder' }).filter({ hasText: 'Projects' })).toHaveCount(1);
});
