// Composing a campaign end to end, each checked against the server (GET /invites as another
// administrator sees them): known failures left out by default with an honest count; an address
// with a pending invitation offered a resend instead of a second invitation; the whole form kept
// across screens; and the options following channels changed elsewhere while the form is open.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  campaignBadge,
  checkAddresses,
  expectEachInvitedOnce,
  freshAddresses,
  invitationsOnServer,
  invitesOnServer,
  openInvitations,
  outcomeFigure,
  pasteAddresses,
} from '../support/invitations-page';
import { signInDirectly } from '../support/realm-client';

test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });

const checkStatus = (page: Page) => page.locator('.inv-check-summary');

async function confirmSend(page: Page, button: string) {
  await page.getByRole('button', { name: `${button}…` }).click();
  await page.getByRole('dialog', { name: `${button}?` }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('button', { name: '← All campaigns' })).toBeVisible();
}

test('known failures are left out by default, the count says why, and the server holds exactly the good ones', async ({ consolePage: page, sandbox }) => {
  const good = freshAddresses('good', 3);
  const failing = ['mark@sandbox.test', 'gina@sandbox.test', 'derek@sandbox.test', 'not-an-address', 'nobody@'];
  await openInvitations(page);
  await pasteAddresses(page, [...good, ...failing].join('\n'));
  await checkAddresses(page, 8);

  await expect(checkStatus(page)).toHaveText(
    '3 will be invited. 5 will fail because 2 already have an account, 1 has a deactivated account and 2 are not valid addresses: they are left out.',
  );
  await expect(page.getByRole('group', { name: 'Addresses that will fail (5)' }).getByRole('radio', { name: /Leave them out/ })).toBeChecked();
  // Never "Send 8 invitations" with 5 known failures in it.
  await expect(page.getByRole('button', { name: /^Send 8/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send 3 invitations…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send 3 invitations?' });
  await expect(dialog).toContainText('3 addresses will be invited as member');
  await expect(dialog).toContainText('5 addresses that would fail are left out.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
  await expect(outcomeFigure(page, 'Invited')).toHaveText('3');
  await expect(page.locator('.inv-outcome-counts dt')).toHaveText(['Invited']);
  const onServer = await invitationsOnServer(sandbox.directUrl);
  expectEachInvitedOnce(onServer, good);
  for (const email of failing) expect(onServer.get(email), email).toBeUndefined();
});

test('sending the failing ones anyway says so in the count, and the report gives the server’s verdict', async ({ consolePage: page, sandbox }) => {
  const good = freshAddresses('anyway', 2);
  await openInvitations(page);
  await pasteAddresses(page, [...good, 'mark@sandbox.test', 'derek@sandbox.test'].join('\n'));
  await checkAddresses(page, 4);
  await page.getByRole('radio', { name: /Send them anyway/ }).check();
  await expect(checkStatus(page)).toHaveText(
    '2 will be invited. 2 will fail because 1 already has an account and 1 has a deactivated account: they are sent anyway, and the report will give the server’s answer for each.',
  );
  await page.getByRole('button', { name: 'Send 4 addresses…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send 4 addresses?' });
  await expect(dialog).toContainText('2 addresses will be invited as member');
  await expect(dialog).toContainText('2 will fail because 1 already has an account and 1 has a deactivated account: they are sent anyway');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
  await expect(outcomeFigure(page, 'Already has an account')).toHaveText('1');
  await expect(outcomeFigure(page, 'Deactivated')).toHaveText('1');
  expectEachInvitedOnce(await invitationsOnServer(sandbox.directUrl), good);
});

test.describe('an address that already has a pending invitation', () => {
  // The demo's invitations were all sent days ago: a limit of 2 leaves room for exactly one resend and
  // one new invitation, so a third request proves the server counted the resend.
  test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 2 }, signedIn: true } });

  test('is checked “Already invited”, is offered a resend, and the server still holds one invitation for it', async ({ consolePage: page, sandbox }) => {
    const before = (await invitesOnServer(sandbox.directUrl)).filter((invite) => invite.email === 'new.hire@sandbox.test');
    expect(before).toHaveLength(1);
    const [fresh] = freshAddresses('next', 1);
    await openInvitations(page);
    await pasteAddresses(page, `new.hire@sandbox.test\n${fresh}`);
    await checkAddresses(page, 2);

    const table = page.getByRole('table', { name: 'Addresses and what the check found' });
    const row = table.getByRole('row').filter({ hasText: 'new.hire@sandbox.test' });
    await expect(row).toContainText('Already invited');
    await expect(row).toContainText('Pending since');
    await expect(checkStatus(page)).toContainText('1 will be invited.');
    await expect(checkStatus(page)).toContainText('1 address already has a pending invitation: a second one is not sent. Resend it instead if the email was lost.');

    await row.getByRole('button', { name: 'Resend the invitation to new.hire@sandbox.test' }).click();
    await page.getByRole('dialog', { name: 'Send this invitation again?' }).getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The invitation to new.hire@sandbox.test was sent again.' })).toBeVisible();

    await confirmSend(page, 'Send 1 invitation');
    await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
    await expect(outcomeFigure(page, 'Invited')).toHaveText('1');
    // The report lists it as resent, not as left out.
    await expect(page.getByText('1 pending invitation was resent when composing')).toBeVisible();
    const report = page.getByRole('table', { name: 'Every address of the campaign, with its status' });
    await page.getByRole('group', { name: 'Show addresses by status' }).getByRole('radio', { name: 'Resent 1' }).check();
    await expect(report.getByRole('row').filter({ hasText: 'new.hire@sandbox.test' }).getByRole('cell')).toHaveText([
      'new.hire@sandbox.test',
      '',
      'Resent',
      'Had a pending invitation: its email was sent again',
    ]);
    await expect(page.getByRole('group', { name: 'Show addresses by status' }).getByRole('radio', { name: /^Left out/ })).toHaveCount(0);

    const after = await invitesOnServer(sandbox.directUrl);
    // One invitation, the same one: resent, not sent a second time.
    expect(after.filter((invite) => invite.email === 'new.hire@sandbox.test').map((invite) => invite.id)).toEqual(before.map((invite) => invite.id));
    expect(after.filter((invite) => invite.email === fresh)).toHaveLength(1);
    // The server counted the resend against today's limit: the resend and the new invitation used both places.
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const third = await adam.request('POST', '/invites', { invitee_emails: 'one.more@newcomers.example', stream_ids: [] });
    expect(third).toMatchObject({ result: 'error', code: 'INVITATION_FAILED', daily_limit_reached: true });
  });
});

test('leaving the screen and coming back keeps the whole form, and the campaign is sent with all of it', async ({ consolePage: page, sandbox }) => {
  const emails = freshAddresses('kept', 2);
  await openInvitations(page);
  await pasteAddresses(page, emails.join('\n'));
  await checkAddresses(page, 2);
  await page.getByRole('radio', { name: 'Guest' }).check();
  await page.getByRole('checkbox', { name: '#design' }).check();
  await page.getByLabel('Valid for').selectOption({ label: '1 day' });
  await page.getByRole('radio', { name: /No custom message/ }).check();
  await page.getByLabel('Addresses per request').fill('1');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users & roles' })).toBeVisible();
  await openInvitations(page);

  await expect(page.getByRole('radio', { name: 'Guest' })).toBeChecked();
  await expect(page.getByLabel('Addresses', { exact: true })).toHaveValue(emails.join('\n'));
  await expect(page.getByRole('table', { name: 'Addresses and what the check found' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '#design' })).toBeChecked();
  await expect(page.getByLabel('Valid for')).toHaveValue('1440');
  await expect(page.getByRole('radio', { name: /No custom message/ })).toBeChecked();
  await expect(page.getByLabel('Addresses per request')).toHaveValue('1');

  await page.getByRole('button', { name: 'Send 2 invitations…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send 2 invitations?' });
  await expect(dialog).toContainText('2 addresses will be invited as guest, subscribed to the default channels and #design.');
  await expect(dialog).toContainText('Sent in 2 requests of up to 1.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });

  const invites = (await invitesOnServer(sandbox.directUrl)).filter((invite) => emails.includes(invite.email ?? ''));
  expect(invites).toHaveLength(2);
  for (const invite of invites) {
    expect(invite.invited_as).toBe(600);
    expect(invite.expiry_date !== null && invite.expiry_date - invite.invited).toBe(24 * 60 * 60);
  }
});

test('a channel renamed or closed elsewhere while the form is open is followed, and the campaign is not stopped by it', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const streams = (await adam.request('GET', '/streams')).streams as { stream_id: number; name: string }[];
  const idOf = (name: string) => streams.find((stream) => stream.name === name)?.stream_id;
  const emails = freshAddresses('live', 2);
  await openInvitations(page);
  await pasteAddresses(page, emails.join('\n'));
  await checkAddresses(page, 2);
  await page.getByRole('checkbox', { name: '#design' }).check();
  await page.getByRole('checkbox', { name: '#engineering' }).check();

  // Another administrator renames #design, and closes #engineering to Olivia (private, and only its
  // subscribers may add anyone; she is not one of them).
  expect(await adam.request('PATCH', `/streams/${idOf('design')}`, { new_name: 'design-team' })).toMatchObject({ result: 'success' });
  const nobody = { new: { direct_members: [], direct_subgroups: [] } };
  expect(
    await adam.request('PATCH', `/streams/${idOf('engineering')}`, { is_private: true, can_add_subscribers_group: nobody, can_subscribe_group: nobody, can_administer_channel_group: nobody }),
  ).toMatchObject({ result: 'success' });

  await expect(page.getByRole('checkbox', { name: '#design-team' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '#engineering' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'The organization changed while this form was open.' })).toContainText(
    '#engineering is no longer offered (archived or deleted, or you may no longer add people to it), so it was taken out of the channels.',
  );

  await page.getByRole('button', { name: 'Send 2 invitations…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send 2 invitations?' });
  await expect(dialog).toContainText('subscribed to the default channels and #design-team.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  // With #engineering still in it the server would refuse the whole request, and the campaign stop.
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
  expectEachInvitedOnce(await invitationsOnServer(sandbox.directUrl), emails);
});
