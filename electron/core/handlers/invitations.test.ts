// The invites.* channels end to end through the contract router (input checked, output checked
// against the contract, errors as envelopes), with a live session signed in to a real sandbox.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHANNEL_NAMES, contract, type InviteChoices, type IpcResult } from '../../../shared/ipc';
import type { Invite } from '../../../shared/api';
import { tooLongLine } from '../../../shared/domain/left-out';
import { campaignConsole, freshAddresses, MEMBER_OPTIONS, type CampaignConsole } from '../invitations/testing/campaign-harness';
import { createRouter, type Handlers, type Router } from '../router';
import { SessionManager } from '../session-manager';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { invitationHandlers, type InvitationsContext } from './invitations';

let sandbox: Sandbox;
const sender = { origin: 'test', trusted: true };

interface Signed {
  console_: CampaignConsole;
  sessions: SessionManager;
  router: Router;
  call<T = unknown>(channel: string, input: Record<string, unknown>): Promise<IpcResult<T>>;
  value<T>(channel: string, input?: Record<string, unknown>): Promise<T>;
}
const signed: Signed[] = [];

async function signIn(email: string): Promise<Signed> {
  const console_ = await campaignConsole(sandbox.url, email);
  const sessions = new SessionManager(console_.accounts, () => undefined);
  sessions.syncWithAccounts();
  await sessions.get(console_.accountId).whenReady();
  // The router needs every channel; those this file does not serve fail loudly if called.
  const notServed = Object.fromEntries(CHANNEL_NAMES.map((name) => [name, () => Promise.reject(new Error(`${name} is not served here`))]));
  const ctx: InvitationsContext = { accounts: console_.accounts, sessions, campaigns: console_.campaigns, activity: console_.activity };
  const router = createRouter(contract, { ...notServed, ...invitationHandlers } as unknown as Handlers<InvitationsContext>, ctx);
  const call = <T,>(channel: string, input: Record<string, unknown>) =>
    router.handle(channel, { account: console_.accountId, ...input }, sender) as Promise<IpcResult<T>>;
  const value = async <T,>(channel: string, input: Record<string, unknown> = {}) => {
    const result = await call<T>(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.msg}`);
    return result.value;
  };
  const entry = { console_, sessions, router, call, value };
  signed.push(entry);
  return entry;
}

/** Polls an asynchronous check until it gives a value (the session refetches on invites_changed). */
async function until<T>(check: () => Promise<T | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let olivia: Signed;
let mona: Signed;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
  [olivia, mona] = await Promise.all([signIn('olivia@sandbox.test'), signIn('mona@sandbox.test')]);
}, 60_000);

afterAll(async () => {
  for (const { sessions, console_ } of signed) {
    await sessions.stopAll();
    await console_.close();
  }
  await sandbox?.close();
});

test('an owner may invite as any role, into every live channel she can see into, with a welcome message', async () => {
  const choices = await olivia.value<InviteChoices>('invites.choices');
  expect(choices.roles.every((role) => role.allowed)).toBe(true);
  expect(choices.channels.map((channel) => [channel.name, channel.isDefault])).toEqual([
    ['announcements', false],
    ['design', false],
    ['engineering', false],
    ['general', true],
    ['leadership', false],
    ['moderation', false],
  ]);
  expect(choices.groups.map((group) => group.name)).toEqual(['designers', 'engineers']);
  expect(choices).toMatchObject({ canWriteWelcomeMessage: true, defaultExpiryMinutes: 14400 });
});

test('a moderator is told why the higher roles are not offered, and sees only what she may use', async () => {
  const choices = await mona.value<InviteChoices>('invites.choices');
  expect(choices.roles).toEqual([
    { role: 100, allowed: false, reason: 'Only organization owners can invite owners.' },
    { role: 200, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' },
    { role: 300, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' },
    { role: 400, allowed: true, reason: null },
    { role: 600, allowed: true, reason: null },
  ]);
  // Not the private leadership channel she is not in; groups are managed by administrators.
  expect(choices.channels.map((channel) => channel.name)).toEqual(['announcements', 'design', 'engineering', 'general', 'moderation']);
  expect(choices.groups).toEqual([]);
  expect(choices.canWriteWelcomeMessage).toBe(false);
});

test('everything offered to a moderator is accepted by the server', async () => {
  const choices = await mona.value<InviteChoices>('invites.choices');
  const options = { ...MEMBER_OPTIONS, invite_as: 600, stream_ids: choices.channels.map((channel) => channel.id) };
  const started = await mona.value<{ id: string }>('invites.campaign.start', { addresses: freshAddresses('mona-choices', 2), options });
  await mona.console_.campaigns.whenIdle(started.id);
  expect(mona.console_.campaigns.get(mona.console_.accountId, started.id)).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 2 }) });
});

test('addresses are checked against the realm’s users before sending', async () => {
  const checked = await olivia.value<{ email: string; check: string; reason: string | null }[]>('invites.check', {
    addresses: [
      { email: 'brand.new@newcomers.test', name: null },
      { email: 'Mark@sandbox.test', name: 'Mark' },
      { email: 'derek@sandbox.test', name: null },
      { email: 'brand.NEW@newcomers.test', name: null },
      { email: 'not an address', name: null },
    ],
  });
  expect(checked.map(({ email, check, reason }) => [email, check, reason])).toEqual([
    ['brand.new@newcomers.test', 'ok', null],
    ['Mark@sandbox.test', 'member', 'Already has an account.'],
    ['derek@sandbox.test', 'deactivated', 'Account has been deactivated.'],
    ['brand.NEW@newcomers.test', 'duplicate', 'Listed more than once: it is invited once.'],
    ['not an address', 'invalid', 'Invalid address.'],
  ]);
});

test('an address with a pending invitation is checked as invited, with the invitation to resend', async () => {
  // The demo's pending invitations: new.hire from Adam, design.candidate from Mona.
  const pending = await olivia.value<Invite[]>('invites.pending.list');
  const newHire = pending.find((invite) => invite.email === 'new.hire@sandbox.test');
  const checked = await olivia.value<{ email: string; check: string; invite: { id: number; invited: number } | null }[]>('invites.check', {
    addresses: [
      { email: 'New.Hire@sandbox.test', name: null },
      { email: 'never.invited@newcomers.test', name: null },
    ],
  });
  expect(checked.map(({ email, check, invite }) => [email, check, invite])).toEqual([
    ['New.Hire@sandbox.test', 'invited', { id: newHire!.id, invited: newHire!.invited, invitedBy: newHire!.invited_by_user_id }],
    ['never.invited@newcomers.test', 'ok', null],
  ]);

  // A moderator's session keeps no list: her own invitations are asked from the server.
  const asMona = await mona.value<{ email: string; check: string }[]>('invites.check', {
    addresses: [
      { email: 'design.candidate@sandbox.test', name: null },
      { email: 'new.hire@sandbox.test', name: null },
    ],
  });
  expect(asMona.map(({ check }) => check)).toEqual(['invited', 'ok']);
});

test('the welcome message preview is rendered by the server', async () => {
  const { html } = await olivia.value<{ html: string }>('invites.renderWelcome', { content: 'Welcome to **the team**!' });
  expect(html).toContain('<strong>the team</strong>');
  expect(await olivia.value('invites.renderWelcome', { content: '  ' })).toEqual({ html: '' });
});

test('a campaign runs through the channels, with the contract’s default batch size', async () => {
  const started = await olivia.value<{ id: string; batchSize: number; status: string }>('invites.campaign.start', {
    addresses: freshAddresses('router', 3),
    options: MEMBER_OPTIONS,
  });
  expect(started).toMatchObject({ batchSize: 100, status: 'running' });
  await olivia.console_.campaigns.whenIdle(started.id);
  const campaign = await olivia.value<{ addresses: { outcome: string }[] }>('invites.campaign.get', { campaignId: started.id });
  expect(campaign.addresses.map((address) => address.outcome)).toEqual(['invited', 'invited', 'invited']);
  const history = await olivia.value<{ id: string }[]>('invites.campaign.list');
  expect(history[0]?.id).toBe(started.id);
  const all = await olivia.value<{ filename: string; csv: string; rows: number }>('invites.campaign.exportCsv', { campaignId: started.id });
  expect(all.csv.startsWith('Email,Name,Status,Reason\r\n')).toBe(true);
  expect(all.rows).toBe(3);
  // What a filter shows, named so in the file name.
  const invited = await olivia.value<{ filename: string; rows: number }>('invites.campaign.exportCsv', { campaignId: started.id, outcome: 'invited' });
  expect(invited.rows).toBe(3);
  expect(invited.filename).toMatch(/-invited-only\.csv$/);
  const none = await olivia.value<{ csv: string; rows: number }>('invites.campaign.exportCsv', { campaignId: started.id, outcome: 'deactivated' });
  expect(none).toEqual({ filename: expect.stringMatching(/-deactivated-only\.csv$/), csv: 'Email,Name,Status,Reason\r\n', rows: 0 });

  const paused = await olivia.call('invites.campaign.pause', { campaignId: started.id });
  expect(paused).toMatchObject({ ok: false, error: { code: 'CAMPAIGN_FINISHED' } });
  const unknown = await olivia.call('invites.campaign.get', { campaignId: 'nope' });
  expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CAMPAIGN' } });
});

test('pending invitations are listed live, and can be resent and revoked', async () => {
  const started = await olivia.value<{ id: string }>('invites.campaign.start', { addresses: freshAddresses('pending', 2), options: MEMBER_OPTIONS });
  await olivia.console_.campaigns.whenIdle(started.id);
  const emails = freshAddresses('pending', 2).map((address) => address.email);
  const listed = await until(async () => {
    const pending = await olivia.value<Invite[]>('invites.pending.list');
    return emails.every((email) => pending.some((invite) => invite.email === email)) && pending;
  }, 'the new invitations in the list');
  const [first, second] = emails.map((email) => listed.find((invite) => invite.email === email));

  expect(await olivia.value('invites.pending.resend', { inviteId: first!.id })).toBeNull();
  expect(await olivia.value('invites.pending.revoke', { inviteId: second!.id })).toBeNull();
  await until(async () => !(await olivia.value<Invite[]>('invites.pending.list')).some((invite) => invite.id === second!.id), 'the revoked invitation to go');
  const again = await olivia.call('invites.pending.revoke', { inviteId: second!.id });
  expect(again).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', msg: 'No such invitation' } });
});

test('revoking and resending a pending invitation are in the activity log by address, and cannot be undone from it', async () => {
  const addresses = freshAddresses('logged', 2);
  const started = await olivia.value<{ id: string }>('invites.campaign.start', { addresses, options: MEMBER_OPTIONS });
  await olivia.console_.campaigns.whenIdle(started.id);
  const [resent, revoked] = await until(async () => {
    const pending = await olivia.value<Invite[]>('invites.pending.list');
    const found = addresses.map((address) => pending.find((invite) => invite.email === address.email));
    return found.every(Boolean) && (found as Invite[]);
  }, 'the new invitations in the list');

  await olivia.value('invites.pending.resend', { inviteId: resent!.id });
  await olivia.value('invites.pending.revoke', { inviteId: revoked!.id });
  await until(async () => !(await olivia.value<Invite[]>('invites.pending.list')).some((invite) => invite.id === revoked!.id), 'the revoked invitation to go');
  await olivia.call('invites.pending.revoke', { inviteId: revoked!.id });

  const logged = olivia.console_.activity.list(olivia.console_.accountId, 3);
  expect(logged.map(({ action, kind, target, details, result, error, undo }) => ({ action, kind, target, details, result, error, undo }))).toEqual([
    { action: 'Revoked an invitation', kind: 'invitation', target: 'An invitation no longer pending', details: '', result: 'failed', error: 'No such invitation', undo: undefined },
    { action: 'Revoked an invitation', kind: 'invitation', target: revoked!.email, details: 'Invited as Member by Olivia Owner', result: 'ok', error: null, undo: undefined },
    { action: 'Resent an invitation', kind: 'invitation', target: resent!.email, details: 'Invited as Member by Olivia Owner', result: 'ok', error: null, undo: undefined },
  ]);
  expect(logged.every((entry) => entry.actor.startsWith('Olivia Owner'))).toBe(true);
});

test('a moderator’s pending list holds her own invitations, asked from the server', async () => {
  const pending = await mona.value<Invite[]>('invites.pending.list');
  const monaId = mona.console_.accounts.list()[0]!.userId;
  expect(pending.length).toBeGreaterThanOrEqual(2);
  expect(pending.every((invite) => invite.invited_by_user_id === monaId)).toBe(true);
});

test('malformed input is refused before any handler runs', async () => {
  const result = await olivia.call('invites.campaign.start', { addresses: [], options: MEMBER_OPTIONS });
  expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
});

test('a left-out list with an unknown reason, or longer than any paste, is refused; a good one is kept with the campaign', async () => {
  const addresses = freshAddresses('router-left-out', 1);
  const unknown = await olivia.call('invites.campaign.start', { addresses, leftOut: [{ email: 'a@x.test', name: null, reason: 'bored' }], options: MEMBER_OPTIONS });
  expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  const tooMany = Array.from({ length: 100_001 }, () => ({ email: 'a@x.test', name: null, reason: 'duplicate' }));
  expect(await olivia.call('invites.campaign.start', { addresses, leftOut: tooMany, options: MEMBER_OPTIONS })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

  const leftOut = [{ email: 'mark@sandbox.test', name: 'Mark', reason: 'member' }];
  const started = await olivia.value<{ id: string; total: number; leftOut: number }>('invites.campaign.start', { addresses, leftOut, options: MEMBER_OPTIONS });
  expect(started).toMatchObject({ total: 1, leftOut: 1 });
  await olivia.console_.campaigns.whenIdle(started.id);
  const campaign = await olivia.value<{ leftOutAddresses: unknown[] }>('invites.campaign.get', { campaignId: started.id });
  expect(campaign.leftOutAddresses).toEqual(leftOut);
});

test('a line too long to be an address comes as its first characters and its length, bounded; anything else is refused', async () => {
  const addresses = freshAddresses('router-too-long', 1);
  const line = `${'y'.repeat(5000)}@example.com`;
  const start = (leftOut: unknown[]) => olivia.call('invites.campaign.start', { addresses, leftOut, options: MEMBER_OPTIONS });
  const refused = { ok: false, error: { code: 'INVALID_INPUT' } };
  // The whole line, a preview longer than kept, no length, a length that fits an address, a length on another reason.
  expect(await start([{ email: line.slice(0, 320), name: null, reason: 'too_long', characters: line.length }])).toMatchObject(refused);
  expect(await start([{ email: line.slice(0, 61), name: null, reason: 'too_long', characters: line.length }])).toMatchObject(refused);
  expect(await start([{ email: line.slice(0, 60), name: null, reason: 'too_long' }])).toMatchObject(refused);
  expect(await start([{ email: 'a@x.test', name: null, reason: 'too_long', characters: 320 }])).toMatchObject(refused);
  expect(await start([{ email: 'mark@sandbox.test', name: null, reason: 'member', characters: 400 }])).toMatchObject(refused);

  const kept = tooLongLine(line, 'Yves');
  const started = await olivia.value<{ id: string; leftOut: number }>('invites.campaign.start', { addresses, leftOut: [kept], options: MEMBER_OPTIONS });
  expect(started.leftOut).toBe(1);
  await olivia.console_.campaigns.whenIdle(started.id);
  const campaign = await olivia.value<{ leftOutAddresses: unknown[] }>('invites.campaign.get', { campaignId: started.id });
  expect(campaign.leftOutAddresses).toEqual([{ email: 'y'.repeat(60), name: 'Yves', reason: 'too_long', characters: 5012 }]);
});

test('the resent addresses are bounded like the others, and kept with the campaign', async () => {
  const addresses = freshAddresses('router-resent', 1);
  const start = (resent: unknown[]) => olivia.call('invites.campaign.start', { addresses, resent, options: MEMBER_OPTIONS });
  expect(await start([{ email: `${'z'.repeat(321)}@x.test`, name: null }])).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  expect(await start([{ email: 'a@x.test', name: null, inviteId: 4 }])).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  expect(await start(Array.from({ length: 100_001 }, () => ({ email: 'a@x.test', name: null })))).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  const started = await olivia.value<{ id: string; resent: number }>('invites.campaign.start', { addresses, resent: [{ email: 'gone@x.test', name: null }], options: MEMBER_OPTIONS });
  expect(started.resent).toBe(1);
  await olivia.console_.campaigns.whenIdle(started.id);
  expect(await olivia.value('invites.campaign.get', { campaignId: started.id })).toMatchObject({ resentAddresses: [{ email: 'gone@x.test', name: null }] });
});
