// A channel's subscribers in the editor: the list with roles, searching it, adding a guest by search
// and removing a member after confirming, adding from the keyboard, each checked against the server's
// subscriber list.
import { openChannel, openChannels, section, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

async function serverSubscribers(client: RealmClient, channel: string): Promise<number[]> {
  const { stream_id } = await serverChannel(client, channel);
  return (await client.request('GET', `/streams/${String(stream_id)}/members`)).subscribers as number[];
}

test('subscribers listed with roles, a guest added by search and a member removed, on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const gina = await adam.userId('gina@sandbox.test');
  const mark = await adam.userId('mark@sandbox.test');
  await openChannels(page);
  const subscribers = section(await openChannel(page, 'engineering'), 'Subscribers');
  const list = subscribers.getByRole('list', { name: 'Subscribers of #engineering' });
  await expect(subscribers.getByText('17 subscribers')).toBeVisible();

  await subscribers.getByLabel('Search subscribers').fill('mark');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Mark Member');
  await expect(list.getByRole('listitem')).toContainText('Member');

  // Add Gina Guest, found by name.
  await subscribers.getByLabel('Add people').fill('gina');
  await subscribers.getByRole('button', { name: 'Add Gina Guest' }).click();
  await expect(subscribers.getByRole('status')).toHaveText('Gina Guest was subscribed to #engineering.');
  expect(await serverSubscribers(adam, 'engineering')).toContain(gina);

  // Remove Mark Member, after confirming.
  await list.getByRole('button', { name: 'Remove Mark Member' }).click();
  await page.getByRole('dialog', { name: 'Remove Mark Member from #engineering?' }).getByRole('button', { name: 'Remove subscriber' }).click();
  await expect(subscribers.getByRole('status')).toHaveText('Mark Member was unsubscribed from #engineering.');
  expect(await serverSubscribers(adam, 'engineering')).not.toContain(mark);
  await subscribers.getByLabel('Search subscribers').fill('');
  await expect(subscribers.getByText('17 subscribers')).toBeVisible();
});

test('from the keyboard: Enter adds the one person found, on the server; Escape closes the editor', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const gina = await adam.userId('gina@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'engineering');
  const subscribers = section(editor, 'Subscribers');
  const add = subscribers.getByLabel('Add people');
  await add.fill('gina');
  await expect(subscribers.getByText('Press Enter to add Gina Guest.')).toBeVisible();
  await add.press('Enter');
  await expect(subscribers.getByRole('status')).toHaveText('Gina Guest was subscribed to #engineering.');
  expect(await serverSubscribers(adam, 'engineering')).toContain(gina);

  // Escape in a box holding text is the box's (Chromium empties a search box); once it is empty, the
  // next Escape closes the editor, as Close does.
  const search = subscribers.getByLabel('Search subscribers');
  await search.fill('gina');
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(editor).toBeVisible();
  await search.press('Escape');
  await expect(editor).toBeHidden();
});

test('removing oneself, the last subscriber of a private channel, says nobody would be left and waits for the tick; the server ends with it empty', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const olivia = await adam.userId('olivia@sandbox.test');
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'solo-room' }], invite_only: true, principals: [olivia] });
  expect(await serverSubscribers(adam, 'solo-room')).toEqual([olivia]);
  await openChannels(page);
  const subscribers = section(await openChannel(page, 'solo-room'), 'Subscribers');
  await subscribers.getByRole('list', { name: 'Subscribers of #solo-room' }).getByRole('button', { name: 'Remove Olivia Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Olivia Owner from #solo-room?' });
  await expect(dialog).toContainText('You stop receiving #solo-room’s messages and can no longer read them.');
  const nobody = dialog.getByRole('group', { name: 'Nobody would be left in #solo-room' });
  await expect(nobody).toContainText('you could not add anyone back');
  const remove = dialog.getByRole('button', { name: 'Remove subscriber' });
  await expect(remove).toBeDisabled();
  await nobody.getByRole('checkbox', { name: 'I understand that I will no longer be subscribed to #solo-room, and #solo-room will have no subscribers.' }).check();
  await remove.click();
  await expect(subscribers.getByRole('status')).toHaveText('Olivia Owner was unsubscribed from #solo-room.');
  expect(await serverSubscribers(adam, 'solo-room')).toEqual([]);
});
