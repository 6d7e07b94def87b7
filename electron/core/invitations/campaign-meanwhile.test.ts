// An address invited outside the campaign while it waited (paused at the daily limit, or cancelled
// and retried) is not invited a second time: upstream would send a second invitation rather than
// refuse (https://zulip.com/api/send-invites), so the campaign reads the pending invitations again
// before it sends (campaign-recheck.ts), and the report and the journal say why it was not sent.
import { afterEach, expect, test } from 'vitest';
import { sendInvites } from '../../../shared/api';
import { startSandbox } from '../testing/sandbox';
import { sendInvitesParams } from './campaign-request';
import { campaignConsole, clientFor, invitationsPerAddress, MEMBER_OPTIONS } from './testing/campaign-harness';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // Consoles before their sandboxes.
  for (const item of open.splice(0).reverse()) await item.close();
});

const addressesOf = (tag: string, count: number) => Array.from({ length: count }, (_, i) => ({ email: `${tag}${i}@new.example`, name: null }));

test('an address another administrator invited while the campaign was paused at the daily limit is not invited again on Resume', async () => {
  const sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '5'] });
  open.push(sandbox);
  const console_ = await campaignConsole(sandbox.url);
  open.push(console_);
  const addresses = addressesOf('x', 12);
  const { id } = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 2 });
  await console_.campaigns.whenIdle(id);
  expect(console_.campaigns.get(console_.accountId, id)).toMatchObject({ status: 'paused', pauseReason: 'daily_limit', counts: expect.objectContaining({ invited: 5, pending: 7 }) });

  await sandbox.restart(['--daily-invite-limit', '1000']);
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  await adam.call(sendInvites, sendInvitesParams(MEMBER_OPTIONS, ['x11@new.example']));

  console_.campaigns.resume(console_.accountId, id);
  await console_.campaigns.whenIdle(id);
  const done = console_.campaigns.get(console_.accountId, id);
  expect(done).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 11, already_invited: 1, pending: 0 }) });
  const x11 = { email: 'x11@new.example', name: null, outcome: 'already_invited', reason: 'Invited meanwhile by Adam Admin: not sent again.' };
  expect(done.addresses.find((address) => address.email === 'x11@new.example')).toEqual(x11);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of addresses) expect(onServer.get(email), email).toBe(1);

  // The journal says so too: the next start of the console reads the same outcome.
  expect(console_.restart().get(console_.accountId, id).addresses.find((address) => address.email === 'x11@new.example')).toEqual(x11);
}, 60_000);

test('"Retry failed" after a cancel does not invite an address that was invited meanwhile', async () => {
  const sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '1000'] });
  open.push(sandbox);
  const console_ = await campaignConsole(sandbox.url);
  open.push(console_);
  const addresses = addressesOf('retry', 4);
  // Cancelled before it sends anything: every address is "Not sent".
  const { id } = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 2 });
  await console_.campaigns.cancel(console_.accountId, id);
  await console_.campaigns.whenIdle(id);
  const cancelled = console_.campaigns.get(console_.accountId, id);
  expect(cancelled.status).toBe('cancelled');
  const unsent = cancelled.addresses.filter((address) => address.outcome === 'not_attempted').map((address) => address.email);
  expect(unsent.length).toBeGreaterThan(0);
  const meanwhile = unsent[0]!;

  // The signed-in owner invites it herself, from elsewhere.
  const olivia = await clientFor(sandbox.url, 'olivia@sandbox.test');
  await olivia.call(sendInvites, sendInvitesParams(MEMBER_OPTIONS, [meanwhile]));

  console_.campaigns.retryFailed(console_.accountId, id);
  await console_.campaigns.whenIdle(id);
  const retried = console_.campaigns.get(console_.accountId, id);
  expect(retried.status).toBe('done');
  expect(retried.addresses.find((address) => address.email === meanwhile)).toMatchObject({
    outcome: 'already_invited',
    reason: 'Invited meanwhile by you, outside this campaign: not sent again.',
  });
  const onServer = await invitationsPerAddress(olivia);
  for (const { email } of addresses) expect(onServer.get(email), email).toBe(1);
}, 60_000);
