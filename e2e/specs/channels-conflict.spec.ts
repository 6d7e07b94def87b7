// Two administrators on the same channel setting: a change made in a second console while the first has
// an unsent edit is never overwritten blindly. The first console shows their value beside its edit and
// sends nothing until its user chooses; applying the edit on top of theirs sends `{new, old}` with their
// value as `old`, which the server accepts; the second console follows live, its "saved" note too.
import { openConsoleAs } from '../support/console-as';
import { groupId, openChannel, openChannels, openPermission, section, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

test('a permission changed by another administrator meanwhile: theirs beside mine, then mine on top of theirs', async ({ consolePage: page, sandbox, browser, target }) => {
  test.skip(target !== 'browser', 'the second console runs in browser mode beside the first');
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const context = await browser.newContext();
  const other = await context.newPage();
  const second = await openConsoleAs(other, sandbox.url, 'adam@sandbox.test');
  try {
    // Olivia starts an edit of who may post in #design: Moderators instead of Everyone (not sent yet).
    await openChannels(page);
    const mine = await openPermission(await openChannel(page, 'design'), 'Post messages');
    await mine.getByRole('combobox', { name: 'Add to “Post messages”' }).fill('moderators');
    await mine.getByRole('option', { name: /^Moderators/ }).click();
    await mine.getByRole('button', { name: 'Remove Everyone, guests included' }).click();

    // Meanwhile Adam, in his own console, lets only administrators post.
    await openChannels(other);
    const theirs = await openPermission(await openChannel(other, 'design'), 'Post messages');
    await theirs.getByRole('combobox', { name: 'Add to “Post messages”' }).fill('administrators');
    await theirs.getByRole('option', { name: /^Administrators/ }).click();
    await theirs.getByRole('button', { name: 'Remove Everyone, guests included' }).click();
    await theirs.getByRole('button', { name: 'Save “Post messages”' }).click();
    await expect(theirs.getByRole('status')).toContainText('Post messages: now Administrators.');

    // Olivia's form says so, keeps her edit apart, and will not send it until she chooses.
    const meanwhile = mine.locator('.meanwhile');
    await expect(meanwhile).toContainText('Changed on the server to Administrators meanwhile. Your edit, Moderators, is not sent.');
    await expect(mine.getByRole('button', { name: 'Save “Post messages”' })).toBeDisabled();
    expect((await serverChannel(adam, 'design')).can_send_message_group).toBe(await groupId(adam, 'role:administrators'));

    // She applies hers on top of theirs: sent with their value as `old`, accepted.
    await meanwhile.getByRole('button', { name: 'Keep my edit' }).click();
    await mine.getByRole('button', { name: 'Save “Post messages”' }).click();
    await expect(mine.getByRole('status')).toContainText('Post messages: now Moderators.');
    expect((await serverChannel(adam, 'design')).can_send_message_group).toBe(await groupId(adam, 'role:moderators'));

    // Adam's console follows live: his open permission shows Olivia's value, his list of holders too.
    await expect(section(other.getByRole('complementary', { name: '#design' }), 'Permissions').getByRole('button', { name: /^Post messages/ })).toContainText('Moderators');
    await expect(theirs.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText(['Moderators']);
    // His "now Administrators." no longer stands: it says what the value is now.
    await expect(theirs.getByRole('status')).toHaveText('Changed again on the server since your save: now Moderators.');
  } finally {
    await context.close();
    await second.close();
  }
});

test('a setting changed meanwhile: taking theirs drops the edit, and nothing is sent', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'engineering');
  const topics = section(editor, 'Topics');
  await topics.getByRole('radio', { name: 'Named topics only' }).check();

  // Another administrator changes the same setting over the API.
  const { stream_id: id } = await serverChannel(adam, 'engineering');
  await adam.request('PATCH', `/streams/${id}`, { topics_policy: 'allow_empty_topic' });

  await expect(topics.locator('.meanwhile')).toContainText('Changed on the server to Named topics and “general chat” meanwhile. Your choice, Named topics only, is not sent.');
  await topics.getByRole('button', { name: 'Take theirs' }).click();
  await expect(topics.getByRole('radio', { name: 'Named topics and “general chat”' })).toBeChecked();
  await expect(topics.getByRole('button', { name: 'Save topics policy' })).toBeDisabled();
  expect((await serverChannel(adam, 'engineering')).topics_policy).toBe('allow_empty_topic');
});
