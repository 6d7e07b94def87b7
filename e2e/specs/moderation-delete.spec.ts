// Deleting a reported message end to end: the button in the report, a confirmation that says what goes
// (Cancel first, and cancelling leaves the server as it was), then the deletion on the server, the
// report's conversation saying so, and the activity log's entry with no undo offered.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';
import { openUsers } from '../support/users-page';

async function openModeration(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
}

/** Whether the message is on the server as `client` sees it: one message with its ID, or none. */
async function onServer(client: RealmClient, messageId: number): Promise<boolean> {
  const reply = await client.request('GET', '/messages', { anchor: messageId, num_before: 0, num_after: 0, narrow: [{ operator: 'id', operand: messageId }] });
  expect(reply.result).toBe('success');
  return (reply.messages as { id: number }[]).some((message) => message.id === messageId);
}

test('the reported message is deleted only once confirmed: cancelled, the server keeps it; confirmed, it is gone and logged with no undo', async ({ consolePage: page, sandbox }) => {
  const mona = await signInDirectly(sandbox.directUrl, 'mona@sandbox.test');
  const found = await mona.request('GET', '/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'lunch plans' }, { operator: 'search', operand: 'Nobody wants' }],
  });
  const [rude] = found.messages as { id: number; sender_full_name: string }[];
  if (!rude) throw new Error('no reported message in the seed');
  expect(await onServer(mona, rude.id)).toBe(true);

  await openModeration(page);
  await page.getByRole('listbox', { name: 'Reports' }).getByRole('option').filter({ hasText: 'Harassment' }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('listitem', { name: `Reported message from ${rude.sender_full_name}` })).toContainText('Nobody wants to eat with you people.');

  const remove = detail.getByRole('button', { name: 'Delete message…' });
  await expect(remove).not.toBeFocused();
  await remove.click();
  const dialog = page.getByRole('dialog', { name: `Delete the message from ${rude.sender_full_name}?` });
  await expect(dialog).toContainText('#general › lunch plans');
  await expect(dialog).toContainText('Nobody wants to eat with you people.');
  await expect(dialog).toContainText('This cannot be undone.');
  // The safe answer first, and it has the focus: Enter would cancel.
  await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Delete message']);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect(await onServer(mona, rude.id)).toBe(true);

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete message' }).click();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(`Deleted the message from ${rude.sender_full_name}.`);
  await expect(detail.getByText(/The reported message was deleted\./)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Delete message…' })).toHaveCount(0);
  // On the server: gone for everyone who could read it.
  expect(await onServer(mona, rude.id)).toBe(false);
  expect(await onServer(await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test'), rude.id)).toBe(false);
  // The report stays, new until it is marked reviewed.
  await expect(page.getByRole('listbox', { name: 'Reports' }).getByRole('option').filter({ hasText: 'Harassment' })).toContainText('New');

  // The activity log has the deletion, and offers no undo for it.
  await openUsers(page);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Moderation' });
  const entry = page.getByRole('table').getByRole('row').filter({ hasText: 'Deleted message' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Message from ${rude.sender_full_name} in #general › lunch plans`);
  await expect(entry).toContainText('Done');
  await expect(entry.getByRole('button')).toHaveCount(0);
});
