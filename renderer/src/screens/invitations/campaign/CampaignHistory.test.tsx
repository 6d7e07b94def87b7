// The campaigns list: each Open button is named by its own campaign, so two campaigns started in the
// same minute are still two different buttons to a screen reader.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { address, campaign, campaignWithLeftOut, summaryOf } from '../testing/invitation-samples';
import { CampaignHistory } from './CampaignHistory';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const at = (second: number) => Date.UTC(2026, 10, 27, 22, 4, second);
const secondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

test('two campaigns started in the same minute have Open buttons with different names, by their seconds and sizes', async () => {
  const three = ['ann@example.com', 'bob@example.com', 'cy@example.com'].map((email) => address(email, 'invited'));
  installFakeBridge({
    'invites.campaign.list': () => [summaryOf(campaign(three, { id: 'c2', createdAt: at(40) })), summaryOf(campaign(three.slice(0, 1), { id: 'c1', createdAt: at(10) }))],
  });
  renderWithQueries(<CampaignHistory account="acc-olivia" onOpen={() => undefined} onCompose={() => undefined} />);
  const buttons = await screen.findAllByRole('button', { name: /^Open the campaign of/ });
  const names = buttons.map((button) => button.getAttribute('aria-label'));
  expect(names).toEqual([`Open the campaign of ${secondsFormat.format(at(40))}, 3 addresses`, `Open the campaign of ${secondsFormat.format(at(10))}, 1 address`]);
  expect(new Set(names).size).toBe(2);
  // The visible text stays "Open", and is part of the name.
  for (const button of buttons) expect(button.textContent).toBe('Open');
});

test("a campaign's addresses count those compose left out, as its report does, and show them in a column of their own", async () => {
  const sent = ['ann@example.com', 'bob@example.com'].map((email) => address(email, 'invited'));
  const leftOut = [{ email: 'not an email', name: 'Bob', reason: 'invalid' as const }];
  installFakeBridge({ 'invites.campaign.list': () => [summaryOf(campaignWithLeftOut(sent, leftOut))] });
  renderWithQueries(<CampaignHistory account="acc-olivia" onOpen={() => undefined} onCompose={() => undefined} />);
  const table = await screen.findByRole('table', { name: 'Campaigns, newest first' });
  const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers.slice(2, 7)).toEqual(['Addresses', 'Invited', 'Left out', 'Not invited', 'To send']);
  const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
  expect(cells.slice(2, 7)).toEqual(['3', '2', '1', '0', '0']);
  expect(within(table).getByRole('button', { name: /, 3 addresses$/ })).toBeTruthy();
});

test('a paused campaign shows what it still has to send, so it does not look finished', async () => {
  const addresses = [address('ann@example.com', 'invited'), address('bob@example.com', 'pending'), address('cy@example.com', 'pending')];
  installFakeBridge({ 'invites.campaign.list': () => [summaryOf(campaign(addresses, { status: 'paused' }))] });
  renderWithQueries(<CampaignHistory account="acc-olivia" onOpen={() => undefined} onCompose={() => undefined} />);
  const table = await screen.findByRole('table', { name: 'Campaigns, newest first' });
  const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
  expect(cells.slice(1, 7)).toEqual(['Paused', '3', '1', '0', '0', '2']);
});
