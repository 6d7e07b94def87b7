// An edit typed in the channel editor and not saved is not dropped unasked: opening another channel
// or going to another screen asks "Leave without saving?"; Stay keeps the typed text, and nothing
// reaches the server unless saved.
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
