// spec 9's daily_limit_reached and license_limit_reached: the limits come from the server's options
// (--daily-invite-limit, --license-limit), so each group of tests starts its own server.
import { describe, expect, test } from 'vitest';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';
import { invitationFailed, listedEmails } from '../testing/invites-harness';

const HOUR = 3_600_000;
let counter = 0;
const addresses = (n: number) => Array.from({ length: n }, () => `limited-${String(++counter)}@example.com`);

describe('the daily limit (here 5 invitations in 24 hours)', () => {
  const { server, clients, ids } = demoServerForFile({ config: { dailyInviteLimit: 5 } });
  const invite = (emails: string[]) => clients.adam.post('/invites', { invitee_emails: emails.join(','), stream_ids: [ids.channel.general] });
  const dailyLimitFailure = {
    result: 'error',
    code: 'INVITATION_FAILED',
    msg: 'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
    errors: [],
    sent_invitations: false,
    daily_limit_reached: true,
    license_limit_reached: false,
  };

  test('six addresses at once are over the limit: nothing is sent', async () => {
    const emails = addresses(6);
    expect(invitationFailed(await invite(emails))).toEqual(dailyLimitFailure);
    const listed = await listedEmails(clients.adam);
    expect(emails.filter((email) => listed.includes(email))).toEqual([]);
  });

  test('invitations sent earlier in the day count: three, then three more is over, then two fits', async () => {
    expectSuccess(await invite(addresses(3)));
    expect(invitationFailed(await invite(addresses(3)))).toEqual(dailyLimitFailure);
    expectSuccess(await invite(addresses(2)));
  });

  test('a resend is one more invitation, refused once the limit is reached', async () => {
    const [first] = (await clients.adam.get('/invites')).body.invites as { id: number }[];
    expect(invitationFailed(await clients.adam.post(`/invites/${String(first?.id)}/resend`))).toEqual(dailyLimitFailure);
  });

  test('addresses that already have accounts count too: the limit is checked before the addresses', async () => {
    expect(invitationFailed(await invite(['mark@sandbox.test']))).toEqual(dailyLimitFailure);
  });

  test('the window rolls over 24 hours after the invitations were sent', async () => {
    server.clock.advance(24 * HOUR - 60_000);
    expect(invitationFailed(await invite(addresses(1)))).toMatchObject({ daily_limit_reached: true });
    server.clock.advance(60_000);
    expectSuccess(await invite(addresses(5)));
    expect(invitationFailed(await invite(addresses(1)))).toMatchObject({ daily_limit_reached: true });
  });
});

describe('the licence limit (here 50 seats)', () => {
  // The demo organization holds 45 active humans and 3 pending invitations: 48 of 50 seats.
  const { server, clients, ids } = demoServerForFile({ config: { licenseLimit: 50 } });
  const invite = (emails: string[]) => clients.adam.post('/invites', { invitee_emails: emails.join('\n'), stream_ids: [ids.channel.general] });

  test('inviting more people than there are free seats sends nothing', async () => {
    const emails = addresses(3);
    expect(invitationFailed(await invite(emails))).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: 'Your organization does not have enough unused Zulip licenses to invite 3 users.',
      errors: [],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: true,
    });
    const listed = await listedEmails(clients.adam);
    expect(emails.filter((email) => listed.includes(email))).toEqual([]);
  });

  test('pending invitations hold seats: after filling the last two, one more is refused', async () => {
    expectSuccess(await invite(addresses(2)));
    expect(invitationFailed(await invite(addresses(1)))).toMatchObject({
      msg: 'All Zulip licenses for this organization are currently in use.',
      license_limit_reached: true,
      sent_invitations: false,
    });
  });

  test('revoking an invitation frees its seat', async () => {
    const [first] = (await clients.adam.get('/invites')).body.invites as { id: number }[];
    expectSuccess(await clients.adam.delete(`/invites/${String(first?.id)}`));
    expectSuccess(await invite(addresses(1)));
  });

  test('an expired invitation frees its seat', async () => {
    const [first] = (await clients.adam.get('/invites')).body.invites as { id: number }[];
    expectSuccess(await clients.adam.delete(`/invites/${String(first?.id)}`));
    expectSuccess(await clients.adam.post('/invites', { invitee_emails: addresses(1).join(), stream_ids: [ids.channel.general], invite_expires_in_minutes: 30 }));
    expect(invitationFailed(await invite(addresses(1)))).toMatchObject({ license_limit_reached: true });
    server.clock.advance(31 * 60_000);
    expectSuccess(await invite(addresses(1)));
  });
});
