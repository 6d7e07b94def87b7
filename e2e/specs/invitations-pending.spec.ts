// The pending invitations end to end: the list uses the page's height, so every one of 12
// invitations is in view and the stated count is the rows listed (with a filter too); at 1024 px an
// address stays whole on one line, and one too long for its column is cut with an ellipsis, whole in
// its title; and the list follows revokes made elsewhere, closing a confirmation about an invitation
// that is gone.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { invitesOnServer, openInvitations } from '../support/invitations-page';
import { signInDirectly } from '../support/realm-client';

const table = (page: Page) => page.getByRole('table', { name: 'Pending invitations, newest first' });
const listSummary = (page: Page) => page.locator('.inv-pending-head p');

async function openPending(page: Page) {
  await openInvitations(page);
  await page.getByRole('tab', { name: /Pending invitations/ }).click();
  await expect(table(page)).toBeVisible();
}

test.describe('at 1024 × 700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('each address is whole on one line, and one too long for its column is cut with an ellipsis and whole in its title', async ({ consolePage: page, sandbox }) => {
    const long = 'a.rather.long.address.for.one.person@regional-office.newcomers.example';
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    expect(await adam.request('POST', '/invites', { invitee_emails: long, stream_ids: [] })).toMatchObject({ result: 'success' });
    const emails = (await invitesOnServer(sandbox.directUrl)).map((invite) => invite.email ?? '');
    expect(emails).toContain(long);

    await openPending(page);
    const addresses = table(page).locator('tbody td:first-child > span');
    await expect(addresses).toHaveCount(emails.length);
    const shown = await addresses.evaluateAll((spans) =>
      spans.map((span) => ({
        text: span.textContent,
        title: span.getAttribute('title'),
        // One line: a second would make it at least twice its font size tall. Cut: its text is wider than its box.
        oneLine: span.getBoundingClientRect().height < 2 * Number.parseFloat(getComputedStyle(span).fontSize),
        cut: span.scrollWidth > span.clientWidth,
      })),
    );
    expect(shown.map((address) => address.text).sort()).toEqual([...emails].sort());
    for (const address of shown) {
      expect(address, String(address.text)).toMatchObject({ title: address.text, oneLine: true, cut: address.text === long });
    }
    // The cell and the buttons still name the whole address.
    await expect(table(page).getByRole('cell', { name: long, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Revoke the invitation to ${long}` })).toBeVisible();
  });
});

test.describe('a list of 12', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every row is in view inside the page, and the count is of the rows listed, with a filter too', async ({ consolePage: page, sandbox }) => {
    // The demo's 3 pending invitations, and 9 more from another administrator.
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const more = [...Array.from({ length: 4 }, (_, i) => `team-a.${i}@newcomers.example`), ...Array.from({ length: 5 }, (_, i) => `team-b.${i}@newcomers.example`)];
    expect(await adam.request('POST', '/invites', { invitee_emails: more.join('\n'), stream_ids: [] })).toMatchObject({ result: 'success' });
    expect(await invitesOnServer(sandbox.directUrl)).toHaveLength(12);

    await openPending(page);
    await expect(listSummary(page)).toHaveText('12 invitations are waiting to be accepted.');
    const rows = table(page).locator('tbody tr');
    await expect(rows).toHaveCount(12);
    // No box of its own cut short: the region is as tall as its rows, and the last row is in view.
    const region = page.getByRole('region', { name: 'Pending invitations, newest first' });
    const fits = await region.evaluate((element) => element.scrollHeight <= element.clientHeight);
    expect(fits).toBe(true);
    await expect(rows.last()).toBeInViewport({ ratio: 1 });

    await page.getByRole('searchbox', { name: 'Find an invitation by address' }).fill('team-a');
    await expect(listSummary(page)).toHaveText('12 pending, 4 shown.');
    await expect(rows).toHaveCount(4);
  });

  test('a longer list than the page holds scrolls inside the page’s height, not a shorter box', async ({ consolePage: page, sandbox }) => {
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const more = Array.from({ length: 37 }, (_, i) => `crowd.${i}@newcomers.example`);
    expect(await adam.request('POST', '/invites', { invitee_emails: more.join('\n'), stream_ids: [] })).toMatchObject({ result: 'success' });

    await openPending(page);
    await expect(listSummary(page)).toHaveText('40 invitations are waiting to be accepted.');
    const region = page.getByRole('region', { name: 'Pending invitations, newest first' });
    const main = page.getByRole('main');
    const [regionBox, mainBox] = [await region.boundingBox(), await main.boundingBox()];
    // The region ends where the page does (less the page's own padding), far below a 480 px box.
    expect(regionBox && mainBox && mainBox.y + mainBox.height - (regionBox.y + regionBox.height)).toBeLessThanOrEqual(32);
    expect(regionBox?.height).toBeGreaterThan(480);
    // Scrolled to its end, the last invitation is in view.
    await region.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(table(page).locator('tbody tr').last()).toBeInViewport({ ratio: 1 });
  });
});

test('the list follows a revoke made elsewhere, even with its confirmation open', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const invites = await invitesOnServer(sandbox.directUrl);
  const id = (email: string) => invites.find((invite) => invite.email === email)?.id;
  await openPending(page);
  await expect(listSummary(page)).toHaveText('3 invitations are waiting to be accepted.');

  expect(await adam.request('DELETE', `/invites/${id('contractor@example.com')}`)).toMatchObject({ result: 'success' });
  await expect(table(page).getByRole('cell', { name: 'contractor@example.com' })).toHaveCount(0);
  await expect(listSummary(page)).toHaveText('2 invitations are waiting to be accepted.');

  // Olivia is about to revoke the invitation to new.hire when Adam does it first.
  await page.getByRole('button', { name: 'Revoke the invitation to new.hire@sandbox.test' }).click();
  await expect(page.getByRole('dialog', { name: 'Revoke this invitation?' })).toBeVisible();
  expect(await adam.request('DELETE', `/invites/${id('new.hire@sandbox.test')}`)).toMatchObject({ result: 'success' });
  await expect(page.getByRole('dialog', { name: 'Revoke this invitation?' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The invitation to new.hire@sandbox.test is no longer pending' })).toBeVisible();
  await expect(listSummary(page)).toHaveText('1 invitation is waiting to be accepted.');
  expect((await invitesOnServer(sandbox.directUrl)).map((invite) => invite.email)).toEqual(['design.candidate@sandbox.test']);
});
