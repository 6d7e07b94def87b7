// The Channels screen end to end: each kind of setting edited in the channel editor and checked on the
// server; archiving and unarchiving, each confirmed; creating a channel; the channel's history.
import { expect, test } from '../support/fixtures';
import { channelRow, groupId, openChannel, openChannels, openPermission, section, serverChannel } from '../support/channels-page';
import { signInDirectly } from '../support/realm-client';

test('name, description, privacy, default, folder, topics and retention, each saved and checked on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'design');

  // Description: the server's preview of the Markdown, then saved on one line.
  const description = section(editor, 'Description');
  await description.getByLabel('Description (Markdown)').fill('Reviews of **every** design');
  await expect(description.locator('.description-preview strong')).toHaveText('every');
  await description.getByRole('button', { name: 'Save description' }).click();
  await expect(description.getByRole('status')).toHaveText('Description saved.');
  expect((await serverChannel(adam, 'design')).description).toBe('Reviews of **every** design');

  // Privacy: web-public says why it is not possible here; private with protected history is saved.
  const privacy = section(editor, 'Privacy');
  await expect(privacy.getByRole('radio', { name: 'Web-public' })).toBeDisabled();
  await expect(privacy).toContainText('This server does not allow web-public channels: they are off in its configuration');
  await privacy.getByRole('radio', { name: 'Private, protected history' }).check();
  await expect(privacy).toContainText('Loses sight of it: every member outside its 12 subscribers.');
  await privacy.getByRole('button', { name: 'Make it private, protected history' }).click();
  await expect(privacy.getByRole('status')).toHaveText('#design is now private, protected history.');
  expect(await serverChannel(adam, 'design')).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
  await expect(channelRow(page, 'design')).toContainText('Private, protected history');

  // Default channel: a private channel cannot be one, said beside the box.
  await expect(section(editor, 'Default channel').getByRole('checkbox')).toBeDisabled();
  await expect(section(editor, 'Default channel')).toContainText('A private channel cannot be a default channel: make it public first.');
  await privacy.getByRole('radio', { name: 'Public', exact: true }).check();
  await privacy.getByRole('button', { name: 'Make it public' }).click();
  await expect(privacy.getByRole('status')).toHaveText('#design is now public.');
  const defaults = section(editor, 'Default channel');
  await defaults.getByRole('checkbox', { name: 'New members join it when they sign up' }).check();
  await defaults.getByRole('button', { name: 'Save default channel' }).click();
  await expect(defaults.getByRole('status')).toHaveText('#design is now a default channel.');
  expect((await serverChannel(adam, 'design')).is_default).toBe(true);

  // Folder.
  const folder = section(editor, 'Folder');
  await folder.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Social' });
  await folder.getByRole('button', { name: 'Move' }).click();
  await expect(folder.getByRole('status')).toHaveText('#design is now in Social.');
  await expect(channelRow(page, 'design')).toContainText('Social');

  // Topics: the server's words when named topics exist; a policy it accepts is saved.
  const topics = section(editor, 'Topics');
  await topics.getByRole('radio', { name: 'Only “general chat”' }).check();
  await topics.getByRole('button', { name: 'Save topics policy' }).click();
  await expect(topics.getByRole('alert')).toContainText('To enable this configuration, all messages in this channel must be in the general chat topic.');
  await topics.getByRole('radio', { name: 'Named topics only' }).check();
  await topics.getByRole('button', { name: 'Save topics policy' }).click();
  await expect(topics.getByRole('status')).toHaveText('Topics in #design: named topics only.');

  // Retention: Olivia is an owner; a shorter retention says what it deletes before it is sent.
  const retention = section(editor, 'Message retention');
  await retention.getByRole('radio', { name: 'A number of days' }).check();
  await retention.getByRole('textbox', { name: 'Days to keep messages' }).fill('0');
  await expect(retention).toContainText('Keep messages for at least 1 day, or choose Forever.');
  await retention.getByRole('textbox', { name: 'Days to keep messages' }).fill('30');
  await expect(retention).toContainText('Messages older than 30 days will be deleted for good');
  // Deleting messages for good is asked first, the safe answer first: Cancel changes nothing on the server.
  await retention.getByRole('button', { name: 'Keep messages for 30 days' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete messages in #design older than 30 days?' });
  await expect(ask).toContainText('Messages in #design older than 30 days will be deleted for good');
  await expect(ask.getByRole('button')).toHaveText(['Cancel', 'Delete messages older than 30 days']);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect((await serverChannel(adam, 'design')).message_retention_days).toBeNull();
  await retention.getByRole('button', { name: 'Keep messages for 30 days' }).click();
  await ask.getByRole('button', { name: 'Delete messages older than 30 days' }).click();
  await expect(retention.getByRole('status')).toHaveText('Messages in #design are now kept for 30 days.');
  expect((await serverChannel(adam, 'design')).message_retention_days).toBe(30);

  // Name, last: the editor follows the channel under its new name.
  const name = section(editor, 'Name');
  await name.getByRole('textbox', { name: 'Channel name' }).fill('engineering');
  await expect(name).toContainText('A channel named engineering already exists: choose another name.');
  await expect(name.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await name.getByRole('textbox', { name: 'Channel name' }).fill('design-studio');
  await name.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('complementary', { name: '#design-studio' })).toBeVisible();

  expect(await serverChannel(adam, 'design-studio')).toMatchObject({
    is_default: true,
    topics_policy: 'disable_empty_topic',
    message_retention_days: 30,
    folder_id: expect.any(Number),
  });

  // The channel's history, newest first, and the activity log filtered to it.
  const history = section(page.getByRole('complementary', { name: '#design-studio' }), 'History');
  await expect(history.getByRole('listitem').first()).toContainText('Renamed channel');
  await history.getByRole('button', { name: 'The whole history of this channel in the activity log' }).click();
  await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveValue(String((await serverChannel(adam, 'design-studio')).stream_id));
  const rows = page.getByRole('table').getByRole('row');
  // The header, and one row per attempt: 8 made and the refused topics policy.
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(1);
});

test('a permission edited as pills: who gains and loses it, saved as {new, old}, and checked on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'announcements');
  const post = await openPermission(editor, 'Post messages');
  await expect(post.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText(['Administrators']);
  await expect(post).toContainText('2 people hold it through this setting.');

  // Search across roles, groups and people at once; add one of each, then take the role away.
  const search = post.getByRole('combobox', { name: 'Add to “Post messages”' });
  await search.fill('mona');
  await post.getByRole('option', { name: /Mona Moderator/ }).click();
  await search.fill('engin');
  await post.getByRole('option', { name: /engineers/ }).click();
  await post.getByRole('button', { name: 'Remove Administrators' }).click();
  await expect(post.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText(['engineers', 'Mona Moderator']);
  await expect(post.locator('.change-review')).toContainText('lose it');
  await expect(post.locator('.change-review')).toContainText('Lose: Adam Admin, Olivia Owner');
  await post.getByRole('button', { name: 'Show the' }).click();
  await expect(post.getByRole('list', { name: 'Holders' })).toContainText('Mona Moderator');

  // Administering the channel cannot include guests through Everyone: listed, disabled, with the reason.
  await post.getByRole('button', { name: 'Save “Post messages”' }).click();
  await expect(post.getByRole('status')).toContainText('Post messages: now engineers and Mona Moderator.');
  const mona = await adam.userId('mona@sandbox.test');
  expect((await serverChannel(adam, 'announcements')).can_send_message_group).toEqual({ direct_members: [mona], direct_subgroups: [await groupId(adam, 'engineers')] });

  const administer = await openPermission(editor, 'Administer the channel');
  await administer.getByRole('combobox', { name: 'Add to “Administer the channel”' }).fill('every');
  await expect(administer.getByRole('option', { name: /Everyone, guests included/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(administer.getByRole('option', { name: /Everyone, guests included/ })).toContainText('cannot include guests through “Everyone”');
  await expect(administer).toContainText('Organization administrators always may.');
});

test('archive and unarchive, each confirmed, and checked on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'engineering');
  await section(editor, 'Archive').getByRole('button', { name: 'Archive #engineering…' }).click();
  const ask = page.getByRole('dialog', { name: 'Archive #engineering?' });
  await expect(ask).toContainText('Its 17 subscribers keep their subscription');
  // Cancel is the default answer: nothing happens.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await serverChannel(adam, 'engineering')).is_archived).toBe(false);

  await section(editor, 'Archive').getByRole('button', { name: 'Archive #engineering…' }).click();
  await page.getByRole('dialog', { name: 'Archive #engineering?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(section(editor, 'Unarchive').getByRole('status')).toHaveText('#engineering was archived.');
  await expect(editor.getByRole('status').first()).toContainText('#engineering is archived.');
  expect((await serverChannel(adam, 'engineering')).is_archived).toBe(true);
  // The list shows active channels by default; archived ones are a filter away.
  await expect(channelRow(page, 'engineering')).toHaveCount(0);
  await page.getByRole('radio', { name: /^Archived \d/ }).check();
  await expect(channelRow(page, 'engineering')).toContainText('Archived');

  await section(editor, 'Unarchive').getByRole('button', { name: 'Unarchive #engineering…' }).click();
  await page.getByRole('dialog', { name: 'Unarchive #engineering?' }).getByRole('button', { name: 'Unarchive' }).click();
  await expect(section(editor, 'Archive').getByRole('status')).toHaveText('#engineering was unarchived.');
  expect((await serverChannel(adam, 'engineering')).is_archived).toBe(false);
});

// Kept open, as the Users screen keeps the user it shows: the administrator was working on this channel.
test('a channel archived while the list shows active channels stays in the editor, which says the list hides it and shows it again', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  // Enough channels for the list to scroll: shown again, the channel is scrolled into view.
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: Array.from({ length: 10 }, (_, index) => ({ name: `zz-${String(index)}` })) });
  await openChannels(page);
  const editor = await openChannel(page, 'design');
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('');
  await section(editor, 'Archive').getByRole('button', { name: 'Archive #design…' }).click();
  await page.getByRole('dialog', { name: 'Archive #design?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(channelRow(page, 'design')).toHaveCount(0);
  const hidden = editor.getByRole('status').filter({ hasText: '#design is not shown by the list’s search and filters.' });
  await expect(hidden).toBeVisible();
  expect((await serverChannel(adam, 'design')).is_archived).toBe(true);

  const grid = page.getByRole('grid', { name: 'Channels' });
  await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(channelRow(page, 'announcements')).not.toBeInViewport();

  await hidden.getByRole('button', { name: 'Show it in the list' }).click();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('radio', { name: /^All \d/ })).toBeChecked();
  await expect(channelRow(page, 'design')).toContainText('Archived');
  await expect(channelRow(page, 'design')).toBeInViewport({ ratio: 1 });
  await expect(hidden).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: '#design' })).toBeVisible();
});

test('with the editor open in a 1024-pixel window the list keeps its first columns without a sideways scroll; closed, every column is back', async ({ consolePage: page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openChannels(page);
  const grid = page.getByRole('grid', { name: 'Channels' });
  const overflows = () => grid.evaluate((element) => element.scrollWidth > element.clientWidth);
  await openChannel(page, 'design');
  for (const name of ['Channel', 'Privacy', 'Subscribers']) await expect(grid.getByRole('columnheader', { name })).toBeVisible();
  // The editor shows these facts of the channel it edits; the list gives them way.
  for (const name of ['Messages kept', 'Weekly traffic', 'Created']) await expect(grid.getByRole('columnheader', { name })).toBeHidden();
  expect(await overflows()).toBe(false);

  await page.setViewportSize({ width: 1440, height: 900 });
  for (const name of ['Channel', 'Privacy', 'Subscribers', 'Folder']) await expect(grid.getByRole('columnheader', { name })).toBeVisible();
  expect(await overflows()).toBe(false);

  await page.getByRole('button', { name: 'Close channel editor' }).click();
  for (const name of ['Messages kept', 'Weekly traffic', 'Created']) await expect(grid.getByRole('columnheader', { name })).toBeVisible();
});

test('create a channel: a taken name is said first; the new one opens in the editor and is on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  await page.getByRole('button', { name: 'Create a channel…' }).click();
  const form = page.getByRole('complementary', { name: 'New channel' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Old-Projects');
  await expect(form).toContainText('A channel named old-projects already exists (archived): choose another name.');
  await form.getByRole('textbox', { name: 'Name' }).fill('launch-room');
  await form.getByRole('textbox', { name: 'Description (Markdown, optional)' }).fill('Everything about the **launch**');
  await form.getByRole('radio', { name: 'Private, shared history' }).check();
  await expect(form.getByRole('checkbox', { name: /A default channel/ })).toBeDisabled();
  await form.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Teams' });
  await form.getByRole('combobox', { name: 'Topics' }).selectOption({ label: 'Named topics only' });
  await form.getByRole('button', { name: 'Create #launch-room' }).click();

  const editor = page.getByRole('complementary', { name: '#launch-room' });
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('(you are one)');
  await expect(channelRow(page, 'launch-room')).toContainText('Private, shared history');
  const created = await serverChannel(adam, 'launch-room');
  expect(created).toMatchObject({
    description: 'Everything about the **launch**',
    invite_only: true,
    history_public_to_subscribers: true,
    topics_policy: 'disable_empty_topic',
    folder_id: expect.any(Number),
    creator_id: await adam.userId('olivia@sandbox.test'),
  });
});
