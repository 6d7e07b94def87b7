// Inviting owners end to end: the confirmation says what owners can do once they accept and how many
// they will be, Send waits for the box stating it, and the server then holds the invitations as
// owner invitations (GET /invites as another administrator); Cancel sends nothing. Signed in as an
// administrator, Owner cannot be chosen, and says why.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openConsoleAs } from '../support/console-as';
import { campaignBadge, checkAddresses, freshAddresses, invitesOnServer, openInvitations, outcomeFigure, pasteAddresses } from '../support/invitations-page';

test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });

/** Four new addresses and one that already has an account (left out: it would not become an owner). */
async function composeOwners(page: Page, prefix: string) {
  const emails = freshAddresses(prefix, 4);
  await openInvitations(page);
  await pasteAddresses(page, [...emails, 'mark@sandbox.test'].join('\n'));
  await checkAddresses(page, 5);
  await page.getByRole('radio', { name: 'Owner', exact: true }).check();
  await page.getByRole('button', { name: 'Send 4 invitations…' }).click();
  return { emails, dialog: page.getByRole('dialog', { name: 'Send 4 invitations?' }) };
}

test('inviting owners says what they can do, and sends only once the box is ticked; the server holds 4 owner invitations', async ({ consolePage: page, sandbox }) => {
  const { emails, dialog } = await composeOwners(page, 'owners');
  await expect(dialog).toContainText('4 addresses will be invited as owner');
  const warning = dialog.getByRole('group', { name: '4 people will become owners' });
  await expect(warning).toContainText('Once they accept, each of them is an owner of Sandbox Org. Owners can do everything in the organization, including managing other owners.');
  const consent = warning.getByRole('checkbox', { name: 'I understand that 4 people will become owners of Sandbox Org' });
  await expect(consent).not.toBeChecked();
  // The safe answer comes first and has the focus; Send waits for the box.
  await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Send']);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();

  await consent.check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
  await expect(outcomeFigure(page, 'Invited')).toHaveText('4');
  const onServer = (await invitesOnServer(sandbox.directUrl)).filter((invite) => emails.includes(invite.email ?? ''));
  expect(onServer.map((invite) => [invite.email, invite.invited_as]).sort()).toEqual(emails.map((email) => [email, 100]).sort());
});

test('Cancel sends nothing, even with the box ticked', async ({ consolePage: page, sandbox }) => {
  const before = await invitesOnServer(sandbox.directUrl);
  const { emails, dialog } = await composeOwners(page, 'not-owners');
  await dialog.getByRole('checkbox', { name: 'I understand that 4 people will become owners of Sandbox Org' }).check();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Still composing, and asking again starts unticked.
  await page.getByRole('button', { name: 'Send 4 invitations…' }).click();
  await expect(dialog.getByRole('checkbox', { name: /^I understand/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const after = await invitesOnServer(sandbox.directUrl);
  expect(after.map((invite) => invite.id)).toEqual(before.map((invite) => invite.id));
  expect(after.filter((invite) => emails.includes(invite.email ?? ''))).toEqual([]);
});

test('signed in as an administrator, Owner cannot be chosen, and says why', async ({ page, sandbox, target }) => {
  test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
  const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
  try {
    await openInvitations(page);
    const owner = page.getByRole('radio', { name: /^Owner/ });
    await expect(owner).toBeDisabled();
    await expect(owner.locator('xpath=ancestor::label')).toContainText('Only organization owners can invite owners.');
    await expect(page.getByRole('radio', { name: 'Administrator', exact: true })).toBeEnabled();
  } finally {
    await adam.close();
  }
});
