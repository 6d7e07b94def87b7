// An edit typed in the channel editor and not saved is not dropped unasked: opening another channel
// or going to another screen asks "Leave without saving?"; Stay keeps the typed text, and nothing
// reaches the server unless saved. Escape asks as Close does; the new channel form asks before its
// Cancel drops a typed name.
import { expect, test } from '../support/fixtures';
import { channelRow, openChannel, openChannels, section, serverChannel } from '../support/channels-page';
import { signInDirectly } from '../support/realm-client';

test('an unsaved description in #design: another channel and another screen ask first', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const before = (await serverChannel(adam, 'design')).description;
  await openChannels(page);
  const design = await openChannel(page, 'design');
  const text = section(design, 'Description').getByLabel('Description (Markdown)');
  await text.fill('Typed, never saved');
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('');

  // Another channel: Stay keeps the typed text in #design's editor.
  await channelRow(page, 'engineering').click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('You have an unsaved change to #design.');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(text).toHaveValue('Typed, never saved');

  // Another screen asks too.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  await expect(question).toContainText('You have an unsaved change to #design.');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channels & folders' })).toBeVisible();
  await expect(text).toHaveValue('Typed, never saved');

  // Agreeing drops the edit and opens #engineering; the server's description is untouched.
  await channelRow(page, 'engineering').click();
  await question.getByRole('button', { name: 'Discard and leave' }).click();
  const engineering = page.getByRole('complementary', { name: '#engineering' });
  await expect(engineering).toBeVisible();
  // The typed text went with #design: #engineering's form holds its own description.
  await expect(section(engineering, 'Description').getByLabel('Description (Markdown)')).toHaveValue((await serverChannel(adam, 'engineering')).description);
  expect((await serverChannel(adam, 'design')).description).toBe(before);
});

test('Escape over an unsaved edit asks first, the question stays open, and Stay keeps the edit; a typed channel name too', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const before = (await serverChannel(adam, 'design')).description;
  await openChannels(page);
  const design = await openChannel(page, 'design');
  const text = section(design, 'Description').getByLabel('Description (Markdown)');
  await text.fill('Typed, never saved');

  // Escape from the editor's Close button: the question opens and stays (the same key does not cancel it).
  await design.getByRole('button', { name: 'Close channel editor' }).press('Escape');
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('You have an unsaved change to #design.');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(text).toHaveValue('Typed, never saved');
  await design.getByRole('button', { name: 'Close channel editor' }).press('Escape');
  await question.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(design).toBeHidden();
  expect((await serverChannel(adam, 'design')).description).toBe(before);

  // The new channel form: a typed name is not dropped by Cancel unasked; nothing is created.
  await page.getByRole('button', { name: 'Create a channel…' }).click();
  const form = page.getByRole('complementary', { name: 'New channel' });
  await form.getByRole('textbox', { name: 'Name' }).fill('launch-plans');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toContainText('The channel you were creating is not created yet.');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('launch-plans');
  await form.getByRole('button', { name: 'Cancel' }).press('Escape');
  await question.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(form).toBeHidden();
  const streams = (await adam.request('GET', '/streams')).streams as { name: string }[];
  expect(streams.map((stream) => stream.name)).not.toContain('launch-plans');
});
