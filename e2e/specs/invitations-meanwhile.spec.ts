// The send confirmation never changes silently under the user (docs/style.md, "Dangerous actions"):
// Adam, an administrator, is about to invite two administrators, box ticked, when Olivia, an owner,
// makes him a moderator on the server. He may no longer invite administrators: the dialog says so,
// what it would send now (members), and Send waits for a new tick; the server then holds member
// invitations, or none when he cancels.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openConsoleAs } from '../support/console-as';
import { campaignBadge, checkAddresses, freshAddresses, openInvitations, outcomeFigure, pasteAddresses, type ServerInvite } from '../support/invitations-page';
import { signInDirectly, type RealmClient } from '../support/realm-client';

test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });

const CHANGED = 'Your role changed on the server: you may no longer invite administrators, so these invitations would be sent as members.';
const AGAIN = 'I have read what changed, and want to send these invitations as they are now';

/** Adam's console with two administrators about to be invited, box ticked; Olivia then makes him a moderator. */
async function demotedWhileConfirming(page: Page, directUrl: string, prefix: string) {
  const emails = freshAddresses(prefix, 2);
  await openInvitations(page);
  await pasteAddresses(page, emails.join('\n'));
  await checkAddresses(page, 2);
  await page.getByRole('radio', { name: 'Administrator', exact: true }).check();
  await page.getByRole('button', { name: 'Send 2 invitations…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send 2 invitations?' });
  await dialog.getByRole('checkbox', { name: 'I understand that 2 people will become administrators of Sandbox Org' }).check();
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();

  const olivia = await signInDirectly(directUrl, 'olivia@sandbox.test');
  expect(await olivia.request('PATCH', `/users/${await olivia.userId('adam@sandbox.test')}`, { role: 300 })).toMatchObject({ result: 'success' });
  return { emails, dialog, olivia };
}

/** The pending invitations to `emails`, as Olivia sees them on the server: address and role. */
async function invitedOnServer(olivia: RealmClient, emails: string[]) {
  const invites = (await olivia.request('GET', '/invites')).invites as ServerInvite[];
  return invites.filter((invite) => emails.includes(invite.email ?? '')).map((invite) => [invite.email, invite.invited_as]);
}

test('a role lost while the confirmation is open is said in it, and Send waits for a new tick; the server holds 2 member invitations', async ({ page, sandbox, target }) => {
  test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
  const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
  try {
    const { emails, dialog, olivia } = await demotedWhileConfirming(page, sandbox.directUrl, 'meanwhile');
    const changed = dialog.getByRole('group', { name: 'Changed on the server while this dialog was open' });
    await expect(changed).toContainText(CHANGED);
    await expect(dialog).toContainText('2 addresses will be invited as member');
    await expect(dialog.getByRole('group', { name: /will become administrators/ })).toHaveCount(0);
    const again = changed.getByRole('checkbox', { name: AGAIN });
    await expect(again).not.toBeChecked();
    // The focus is on the new step, and Send waits for it.
    await expect(again).toBeFocused();
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    expect(await invitedOnServer(olivia, emails)).toEqual([]);

    await again.check();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
    await expect(outcomeFigure(page, 'Invited')).toHaveText('2');
    expect((await invitedOnServer(olivia, emails)).sort()).toEqual(emails.map((email) => [email, 400]).sort());
  } finally {
    await adam.close();
  }
});

test('Cancel after the role is lost sends nothing, and the form says what changed', async ({ page, sandbox, target }) => {
  test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
  const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
  try {
    const { emails, dialog, olivia } = await demotedWhileConfirming(page, sandbox.directUrl, 'meanwhile-cancel');
    await expect(dialog.getByRole('group', { name: 'Changed on the server while this dialog was open' })).toContainText(CHANGED);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The organization changed while this form was open.' })).toContainText('member is chosen instead');
    await expect(page.getByRole('radio', { name: 'Member', exact: true })).toBeChecked();
    expect(await invitedOnServer(olivia, emails)).toEqual([]);
  } finally {
    await adam.close();
  }
});
