// The server's limits (https://zulip.com/api/send-invites): the daily invitation limit pauses a
// campaign with the right counts, after filling what is left of the day's allowance, and it resumes
// once the limit allows; the licence limit stops it, with an explanation. A refusal of the whole
// request stops it with the server's words.
import { afterAll, afterEach, expect, test } from 'vitest';
import { getInvites, getUsers } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { campaignConsole, clientFor, freshAddresses, invitationsPerAddress, MEMBER_OPTIONS, type CampaignConsole } from './testing/campaign-harness';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // Consoles before their sandboxes.
  for (const item of open.splice(0).reverse()) await item.close();
});
afterAll(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setUp(args: string[]): Promise<{ sandbox: Sandbox; console_: CampaignConsole }> {
  const sandbox = await startSandbox({ seed: 'demo', args });
  open.push(sandbox);
  const console_ = await campaignConsole(sandbox.url);
  open.push(console_);
  return { sandbox, console_ };
}

test('the daily limit pauses the campaign with the right counts; it resumes once the limit is raised', async () => {
  const { sandbox, console_ } = await setUp(['--daily-invite-limit', '50']);
  const addresses = freshAddresses('daily', 120);
  const { id } = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 20 });
  await console_.campaigns.whenIdle(id);
  const paused = console_.campaigns.get(console_.accountId, id);
  // 20 + 20, then the third batch is halved until it fits: the day's 50 are used to the last.
  expect(paused).toMatchObject({ status: 'paused', pauseReason: 'daily_limit', finishedAt: null });
  expect(paused.counts).toMatchObject({ invited: 50, pending: 70, not_attempted: 0 });
  expect(paused.detail).toBe(
    "The organization has reached the server’s daily invitation limit, which counts the invitations sent in the last 24 hours. 70 of 120 addresses are still to be sent: resume once enough of those are 24 hours old, or ask whoever runs the server to raise the limit.",
  );
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  const onServer = await invitationsPerAddress(adam);
  expect(addresses.filter((a) => onServer.get(a.email) === 1)).toHaveLength(50);
  const progress = console_.pushes.flatMap((push) => (push.kind === 'job.progress' && push.job.id === id ? [push.job] : [])).at(-1);
  expect(progress).toMatchObject({ status: 'paused', done: 50, total: 120, detail: paused.detail });
  expect(console_.activity.list(console_.accountId, 10).some((entry) => entry.action === 'Invitation campaign paused at the daily limit')).toBe(true);

  // Resuming while the limit still holds pauses again at once, losing nothing.
  console_.campaigns.resume(console_.accountId, id);
  await console_.campaigns.whenIdle(id);
  expect(console_.campaigns.get(console_.accountId, id)).toMatchObject({ status: 'paused', pauseReason: 'daily_limit', counts: expect.objectContaining({ invited: 50, pending: 70 }) });

  // Whoever runs the server raises the limit.
  await sandbox.restart(['--daily-invite-limit', '1000']);
  expect(console_.campaigns.resume(console_.accountId, id).status).toBe('running');
  await console_.campaigns.whenIdle(id);
  expect(console_.campaigns.get(console_.accountId, id)).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 120, pending: 0 }) });
  const after = await invitationsPerAddress(await clientFor(sandbox.url, 'adam@sandbox.test'));
  for (const { email } of addresses) expect(after.get(email)).toBe(1);
}, 60_000);

test('the licence limit stops the campaign once no licence is left, and says what to do', async () => {
  const { sandbox, console_ } = await setUp([]);
  // Licences cover active humans plus pending invitations: leave room for exactly 12 more.
  const adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  const humans = (await adam.call(getUsers, {})).value.members.filter((user) => user.is_active && !user.is_bot).length;
  const pending = (await adam.call(getInvites, {})).value.invites.length;
  await sandbox.restart(['--license-limit', String(humans + pending + 12)]);

  const addresses = freshAddresses('licence', 30);
  const { id } = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 10 });
  await console_.campaigns.whenIdle(id);
  const stopped = console_.campaigns.get(console_.accountId, id);
  expect(stopped).toMatchObject({ status: 'stopped', pauseReason: null });
  expect(stopped.finishedAt).not.toBeNull();
  expect(stopped.counts).toMatchObject({ invited: 12, not_attempted: 18, pending: 0 });
  expect(stopped.detail).toMatch(/^The organization has no licences left for more users \("All Zulip licenses for this organization are currently in use\."\), so the campaign stopped: 18 addresses were not sent\. Free licences .* then use "Retry failed"\.$/);
  const unsent = stopped.addresses.filter((a) => a.outcome === 'not_attempted');
  expect(new Set(unsent.map((a) => a.reason))).toEqual(new Set(['All Zulip licenses for this organization are currently in use.']));
  const onServer = await invitationsPerAddress(adam);
  expect(addresses.filter((a) => onServer.get(a.email) === 1)).toHaveLength(12);
  const logged = console_.activity.list(console_.accountId, 10).find((entry) => entry.action === 'Invitation campaign stopped');
  expect(logged).toMatchObject({ result: 'failed', error: stopped.detail, details: '12 invited, 18 not sent' });
}, 60_000);

test('a request the server refuses as a whole stops the campaign with the server’s words', async () => {
  const { console_ } = await setUp([]);
  const options = { ...MEMBER_OPTIONS, stream_ids: [999_999] };
  const { id } = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('refused', 5), options, batchSize: 2 });
  await console_.campaigns.whenIdle(id);
  const stopped = console_.campaigns.get(console_.accountId, id);
  expect(stopped.status).toBe('stopped');
  expect(stopped.detail).toBe(
    'The server refused the invitations: "Invalid channel ID 999999. No invites were sent." A channel chosen for the invitations is gone or cannot be used: start a new campaign without it. 5 addresses were not sent.',
  );
  expect(stopped.counts).toMatchObject({ not_attempted: 5, invited: 0 });
  expect(stopped.addresses[0]?.reason).toBe('Invalid channel ID 999999. No invites were sent.');
}, 60_000);

test('a moderator inviting an administrator is refused in the server’s words', async () => {
  const { sandbox } = await setUp([]);
  const mona = await campaignConsole(sandbox.url, 'mona@sandbox.test');
  open.push(mona);
  const { id } = mona.campaigns.start(mona.accountId, { addresses: freshAddresses('mona', 2), options: { ...MEMBER_OPTIONS, invite_as: 200 }, batchSize: 2 });
  await mona.campaigns.whenIdle(id);
  const stopped = mona.campaigns.get(mona.accountId, id);
  expect(stopped.status).toBe('stopped');
  expect(stopped.detail).toContain('"Must be an organization administrator" Invite with a role you may grant');
}, 60_000);
