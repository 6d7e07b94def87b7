// What the Invitations specs share: opening the screen, pasting or importing addresses, checking and
// sending, reading the exported report, and the server's pending invitations as another
// administrator (Adam, signed in directly) sees them.
import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { signInDirectly } from './realm-client';

export async function openInvitations(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
}

/** Pastes the text at once, as a paste does (Playwright's fill types a long text very slowly here). */
export async function pasteAddresses(page: Page, text: string) {
  await page.getByLabel('Addresses', { exact: true }).evaluate((element, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

export async function importCsv(page: Page, name: string, contents: string | Buffer) {
  await page.getByRole('radio', { name: 'Import a CSV file' }).check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(contents) });
}

/** Presses "Check N addresses" and waits for the results. */
export async function checkAddresses(page: Page, count: number) {
  await page.getByRole('button', { name: `Check ${count.toLocaleString('en-US')} ${count === 1 ? 'address' : 'addresses'}` }).click();
  await expect(page.getByRole('table', { name: 'Addresses and what the check found' })).toBeVisible();
}

/** Checks the addresses (all of which can be invited), sets the batch size and sends, confirming; ends on the campaign's view. */
export async function checkAndSend(page: Page, count: number, batchSize: number) {
  await checkAddresses(page, count);
  await page.getByLabel('Addresses per request').fill(String(batchSize));
  await page.getByRole('button', { name: `Send ${count.toLocaleString('en-US')} invitations…` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('button', { name: '← All campaigns' })).toBeVisible();
}

export const campaignBadge = (page: Page) => page.locator('.inv-campaign-progress .inv-status-badge');
export const outcomeFigure = (page: Page, label: string) => page.locator(`.inv-outcome-counts dt:text-is("${label}") + dd`);

export interface ServerInvite {
  id: number;
  email?: string;
  invited: number;
  invited_as: number;
  expiry_date: number | null;
  invited_by_user_id: number;
}

/** Every pending invitation on the server, as an administrator sees them (upstream GET /invites). */
export async function invitesOnServer(directUrl: string): Promise<ServerInvite[]> {
  const adam = await signInDirectly(directUrl, 'adam@sandbox.test');
  return (await adam.request('GET', '/invites')).invites as ServerInvite[];
}

/** How many pending invitations each address has on the server (lowercased). */
export async function invitationsOnServer(directUrl: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const invite of await invitesOnServer(directUrl)) {
    if (invite.email) counts.set(invite.email.toLowerCase(), (counts.get(invite.email.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

export function expectEachInvitedOnce(onServer: Map<string, number>, emails: string[]) {
  const wrong = emails.filter((email) => onServer.get(email.toLowerCase()) !== 1).map((email) => `${email}: ${onServer.get(email.toLowerCase()) ?? 0}`);
  expect(wrong).toEqual([]);
}

export const freshAddresses = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${i}@newcomers.example`);

/** Presses an export button and reads the file the browser saved: its name and its rows by address. */
export interface ExportedReport {
  filename: string;
  /** Each address's first line (an address pasted twice is sent once; its repeat is a line left out). */
  rows: Map<string, { status: string; reason: string }>;
  /** Every line of the file, in order. */
  lines: { email: string; status: string; reason: string }[];
}

export async function exportReport(page: Page, button: string): Promise<ExportedReport> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const saved = await download;
  const text = (await readFile(await saved.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data.map((row) => ({ email: row.Email ?? '', status: row.Status ?? '', reason: row.Reason ?? '' }));
  const rows = new Map<string, { status: string; reason: string }>();
  for (const { email, status, reason } of lines) if (!rows.has(email.toLowerCase())) rows.set(email.toLowerCase(), { status, reason });
  return { filename: saved.suggestedFilename(), rows, lines };
}
