// The Invitations screen end to end: a campaign from a spreadsheet, checked before sending, sent in
// batches and reported per address (checked against GET /invites on the server); the daily limit
// pausing it, and an address invited by someone else meanwhile not invited again on Resume; the core dying with a batch in flight and a new one finishing the work without
// inviting anyone twice; and files that are not a CSV of addresses.
import type { Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { CampaignJournal } from '../../electron/core/invitations/campaign-journal';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startBrowserHost } from '../../electron/browser-host';
import { expect, test } from '../support/fixtures';
import {
  campaignBadge,
  checkAndSend,
  expectEachInvitedOnce,
  exportReport,
  type ExportedReport,
  freshAddresses,
  importCsv,
  invitationsOnServer,
  openInvitations,
  outcomeFigure,
  pasteAddresses,
} from '../support/invitations-page';
import { signInDirectly } from '../support/realm-client';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer');

/** The report as the user exports it: every address's status and reason. */
async function exportedReport(page: Page): Promise<ExportedReport> {
  return exportReport(page, 'Export CSV');
}

test.describe('a campaign of 500 addresses from a spreadsheet', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });
  test.setTimeout(120_000);

  test('new, existing, deactivated, invalid and duplicate addresses: the report is right for every one, and matches the server', async ({ consolePage: page, sandbox }) => {
    const newcomers = freshAddresses('staff', 460);
    const existing = ['olivia@sandbox.test', 'adam@sandbox.test', 'mona@sandbox.test', 'mark@sandbox.test', 'gina@sandbox.test'];
    const deactivated = ['derek@sandbox.test'];
    const invalid = ['not-an-address', 'two@@newcomers.example', 'space in@newcomers.example', 'dot.@newcomers.example', 'nobody@'];
    // 29 entries repeat an address already listed, in another case.
    const duplicates = [...newcomers.slice(0, 28).map((email) => email.toUpperCase()), 'Mark@Sandbox.test'];
    const rows = [...newcomers, ...existing, ...deactivated, ...invalid, ...duplicates].map((email, i) => `Person ${i},${email}`);
    expect(rows).toHaveLength(500);

    await openInvitations(page);
    await importCsv(page, 'staff.csv', `Full name,Email\n${rows.join('\n')}\n`);
    await expect(page.getByLabel('Addresses are in')).toHaveValue('1');
    await expect(page.getByRole('checkbox', { name: /The first row is a header/ })).toBeChecked();
    await expect(page.getByText('471 addresses; 29 duplicates removed.')).toBeVisible();

    // Before anything is sent, the check says what it found for each address.
    await page.getByRole('button', { name: 'Check 471 addresses' }).click();
    const checkCounts = page.getByRole('group', { name: 'Show addresses by check result' });
    await expect(checkCounts.getByRole('radio', { name: 'Can be invited 460' })).toBeVisible();
    await expect(checkCounts.getByRole('radio', { name: 'Already has an account 5' })).toBeVisible();
    await expect(checkCounts.getByRole('radio', { name: 'Deactivated account 1' })).toBeVisible();
    await expect(checkCounts.getByRole('radio', { name: 'Not a valid address 5' })).toBeVisible();
    expect((await invitationsOnServer(sandbox.directUrl)).get(newcomers[0] ?? '')).toBeUndefined();

    // The known failures are left out unless the administrator chooses to send them for the server's verdict.
    await expect(page.getByRole('button', { name: 'Send 460 invitations…' })).toBeVisible();
    await page.getByRole('group', { name: 'Addresses that will fail (11)' }).getByRole('radio', { name: /Send them anyway/ }).check();
    await page.getByLabel('Addresses per request').fill('100');
    await page.getByRole('button', { name: 'Send 471 addresses…' }).click();
    await page.getByRole('dialog', { name: 'Send 471 addresses?' }).getByRole('button', { name: 'Send', exact: true }).click();
    await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 60_000 });
    await expect(outcomeFigure(page, 'Invited')).toHaveText('460');
    await expect(outcomeFigure(page, 'Already has an account')).toHaveText('5');
    await expect(outcomeFigure(page, 'Deactivated')).toHaveText('1');
    await expect(outcomeFigure(page, 'Invalid address')).toHaveText('5');

    const exported = await exportedReport(page);
    const report = exported.rows;
    expect(report.size).toBe(471);
    // Every line of the spreadsheet is in the file: the 29 repeats as lines left out, with why.
    expect(exported.lines).toHaveLength(500);
    const repeats = exported.lines.filter((line) => line.status === 'Left out');
    expect(repeats.map((line) => line.email).sort()).toEqual([...duplicates].sort());
    for (const line of repeats) expect(line.reason, line.email).toBe('Duplicate of a line above');
    for (const email of newcomers) expect(report.get(email), email).toEqual({ status: 'Invited', reason: '' });
    for (const email of existing) expect(report.get(email), email).toEqual({ status: 'Already has an account', reason: 'Already has an account.' });
    expect(report.get('derek@sandbox.test')).toEqual({ status: 'Deactivated', reason: 'Account has been deactivated.' });
    for (const email of invalid) expect(report.get(email.toLowerCase()), email).toEqual({ status: 'Invalid address', reason: 'Invalid address.' });

    const onServer = await invitationsOnServer(sandbox.directUrl);
    expectEachInvitedOnce(onServer, newcomers);
    for (const email of [...existing, ...deactivated, ...invalid]) expect(onServer.get(email.toLowerCase()), email).toBeUndefined();

    // The filter shows one status at a time.
    await page.getByRole('group', { name: 'Show addresses by status' }).getByRole('radio', { name: 'Deactivated 1' }).check();
    const table = page.getByRole('table', { name: 'Every address of the campaign, with its status' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('derek@sandbox.test');
  });
});

test.describe('the daily invitation limit', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 50 }, signedIn: true } });
  test.setTimeout(90_000);

  test('reached mid-campaign, it pauses with the right counts, and resumes once the limit is raised, not inviting again who was invited meanwhile', async ({ consolePage: page, sandbox }) => {
    const emails = freshAddresses('limited', 120);
    await openInvitations(page);
    await pasteAddresses(page, emails.join('\n'));
    await checkAndSend(page, 120, 20);

    await expect(campaignBadge(page)).toHaveText('Paused', { timeout: 30_000 });
    const sent = [...(await invitationsOnServer(sandbox.directUrl)).keys()].filter((email) => email.startsWith('limited.')).length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(50);
    await expect(outcomeFigure(page, 'Invited')).toHaveText(String(sent));
    await expect(outcomeFigure(page, 'Still to send')).toHaveText(String(120 - sent));
    await expect(page.getByText(`Paused: the organization’s daily invitation limit was reached. ${120 - sent} addresses are left.`)).toBeVisible();

    // Whoever runs the server raises the limit (it restarts with it); meanwhile another administrator
    // invites the campaign's last address directly; the administrator resumes.
    await sandbox.restart({ dailyInviteLimit: 1_000 });
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    expect(await adam.request('POST', '/invites', { invitee_emails: emails[119], stream_ids: [] })).toMatchObject({ result: 'success' });
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
    await expect(outcomeFigure(page, 'Invited')).toHaveText('119');
    await expect(outcomeFigure(page, 'Already invited')).toHaveText('1');
    expectEachInvitedOnce(await invitationsOnServer(sandbox.directUrl), emails);
  });
});

test.describe('the core dying mid-campaign', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });
  test.setTimeout(120_000);

  test('with a batch in flight, a new core on the same data resumes, and every address is invited exactly once', async ({ consolePage: page, sandbox, core, coreDataDir }) => {
    const emails = freshAddresses('crash', 200);
    const sentOnServer = async () => [...(await invitationsOnServer(sandbox.directUrl)).keys()].filter((email) => email.startsWith('crash.')).length;
    await openInvitations(page);
    await pasteAddresses(page, emails.join('\n'));
    await page.getByRole('button', { name: 'Check 200 addresses' }).click();
    await expect(page.getByRole('table', { name: 'Addresses and what the check found' })).toBeVisible();
    await page.getByLabel('Addresses per request').fill('10');

    // The server's replies are held back: the first batch goes out and the server invites it, but its
    // reply never arrives: the core is closed while waiting for it, and the connection dies after.
    sandbox.proxy.holdReplies();
    await page.getByRole('button', { name: 'Send 200 invitations…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(sentOnServer).toBe(10);
    const closing = core.close();
    await page.waitForTimeout(3_500);
    sandbox.proxy.cut();
    await closing;
    sandbox.proxy.restore();
    // What the core left on disk: that batch in flight, its fate unknown to the console.
    const journal = new CampaignJournal(coreDataDir);
    const [account] = journal.accounts();
    const [campaignId] = account ? journal.ids(account) : [];
    const left = account && campaignId ? journal.read(account, campaignId) : null;
    expect(left?.inFlight?.emails).toEqual(emails.slice(0, 10));

    // A new core on the same data folder picks the campaign up from its journal.
    const second = await createCore({
      dataDir: coreDataDir,
      secrets: new FileSecretStore(coreDataDir),
      appInfo: describeRuntime('realm-console', '0.0.0-e2e', process.platform, process.versions),
    });
    const host = await startBrowserHost({ core: second, rendererDir });
    try {
      await page.goto(host.url);
      await openInvitations(page);
      await page.getByRole('tab', { name: /Campaigns/ }).click();
      await page.getByRole('button', { name: /Open the campaign of/ }).first().click();
      await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 60_000 });
      await expect(outcomeFigure(page, 'Invited')).toHaveText('200');
      expectEachInvitedOnce(await invitationsOnServer(sandbox.directUrl), emails);
    } finally {
      await host.close();
      await second.close();
    }
  });
});

test('a binary file, an empty file and a file without a column of addresses each get a clear message', async ({ consolePage: page }) => {
  await openInvitations(page);
  const alert = page.locator('.csv-import [role="alert"]');

  await importCsv(page, 'staff.xlsx.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]));
  await expect(alert).toContainText('staff.xlsx.png is not text (it looks like a binary file). Export the spreadsheet as CSV and try again.');

  await importCsv(page, 'empty.csv', '');
  await expect(alert).toContainText('empty.csv is empty: there are no addresses in it. Export the spreadsheet as CSV and try again.');

  await importCsv(page, 'names.csv', 'Name,Team\nAnn Lee,Sales\nBob Roy,Support\n');
  await expect(alert).toContainText('No column of addresses was found: nothing in names.csv looks like an email address');

  // Nothing can be checked or sent from any of them.
  await expect(page.getByRole('button', { name: 'Check addresses' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send invitations…' })).toBeDisabled();
});
