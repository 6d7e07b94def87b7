// spec 9, send invitations, over HTTP against the demo organization: parameters, per-address
// reasons and outcomes, and who may invite as which role into which channels and groups. Listing,
// revoking and resending: invites-manage.test.ts. The daily and licence limits need their own server
// options: invites-limits.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { sendInvites, type Invite } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { fresh, invitationFailed, invitationFor, invitesServerForFile, listed, listedEmails } from '../testing/invites-harness';

const { server, clients, ids, invite } = invitesServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

const pendingInvitation = (email: string): Promise<Invite> => invitationFor(olivia, email);

describe('POST /invites (spec 9)', () => {
  test('a member invites a new address: an empty success, and the invitation is listed', async () => {
    const email = fresh();
    const response = await invite(mark, { invitee_emails: email });
    expectSuccess(response);
    expect(sendInvites.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    const invitation = await pendingInvitation(email);
    expect(invitation).toMatchObject({ email, invited_by_user_id: ids.user['mark@sandbox.test'], invited_as: 400, is_multiuse: false, notify_referrer_on_join: true });
  });

  test('the invitation expires 14400 minutes (10 days) after it was sent by default', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email }));
    const invitation = await pendingInvitation(email);
    expect(invitation.invited).toBe(Math.floor(server.clock.now() / 1000));
    expect(invitation.expiry_date).toBe(invitation.invited + 14400 * 60);
  });

  test('invite_expires_in_minutes sets the expiry', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email, invite_expires_in_minutes: 90 }));
    const invitation = await pendingInvitation(email);
    expect(invitation.expiry_date).toBe(invitation.invited + 90 * 60);
  });

  test('invite_expires_in_minutes null means the invitation never expires', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email, invite_expires_in_minutes: null }));
    expect((await pendingInvitation(email)).expiry_date).toBeNull();
  });

  test('an expired invitation is no longer listed', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email, invite_expires_in_minutes: 30 }));
    server.clock.advance(31 * 60 * 1000);
    expect(await listedEmails(olivia)).not.toContain(email);
  });

  test('addresses may be separated by commas and newlines and written as "Name <email>"', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    expectSuccess(await invite(adam, { invitee_emails: `Ada <${a}>,\n ${b} \n\n, ${c.toUpperCase()}, ${c}` }));
    const emails = await listedEmails(olivia);
    expect(emails).toEqual(expect.arrayContaining([a, b, c.toUpperCase()]));
    expect(emails.filter((email) => email?.toLowerCase() === c)).toHaveLength(1);
  });

  test('a list without any address is refused', async () => {
    expectError(await invite(mark, { invitee_emails: ' ,\n, ' }), 'BAD_REQUEST', 'You must specify at least one email address.');
  });

  test('stream_ids is required', async () => {
    const response = await mark.post('/invites', { invitee_emails: fresh() });
    expect(response.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'stream_ids' argument", var_name: 'stream_ids' });
  });

  test('an unknown role is refused', async () => {
    expectError(await invite(olivia, { invitee_emails: fresh(), invite_as: 500 }), 'BAD_REQUEST', 'Invalid invite_as');
  });

  test('a parameter the endpoint does not support is reported, not rejected', async () => {
    const response = await invite(mark, { invitee_emails: fresh(), invite_expires_in_days: 3 });
    expectSuccess(response);
    expect(response.body.ignored_parameters_unsupported).toEqual(['invite_expires_in_days']);
  });

  test('a multipart request, as upstream clients send, is understood', async () => {
    const email = fresh();
    const form = new FormData();
    form.set('invitee_emails', email);
    form.set('stream_ids', JSON.stringify([ids.channel.general]));
    form.set('invite_as', '600');
    expectSuccess(await mark.postMultipart('/invites', form));
    expect((await pendingInvitation(email)).invited_as).toBe(600);
  });

  test('an address with a pending invitation can be invited again: a second invitation', async () => {
    const email = fresh();
    expectSuccess(await invite(mark, { invitee_emails: email }));
    expectSuccess(await invite(adam, { invitee_emails: email }));
    expect((await listedEmails(olivia)).filter((listedEmail) => listedEmail === email)).toHaveLength(2);
  });
});

describe('per-address reasons and outcomes (INVITATION_FAILED)', () => {
  test('an invalid address stops every invitation; the invalid and the taken addresses are reported', async () => {
    const valid = fresh();
    const body = invitationFailed(await invite(adam, { invitee_emails: `${valid}, not-an-address, mark@sandbox.test` }));
    expect(body).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [
        ['not-an-address', 'Invalid address.', false],
        ['mark@sandbox.test', 'Already has an account.', false],
      ],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(await listedEmails(olivia)).not.toContain(valid);
  });

  test('when every address already has an account nobody is invited', async () => {
    const body = invitationFailed(await invite(adam, { invitee_emails: 'mark@sandbox.test, derek@sandbox.test, notify-bot@sandbox.test' }));
    expect(body).toMatchObject({
      msg: "We weren't able to invite anyone.",
      errors: [
        ['mark@sandbox.test', 'Already has an account.', false],
        ['derek@sandbox.test', 'Account has been deactivated.', true],
        ['notify-bot@sandbox.test', 'Reserved for system bots.', false],
      ],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
  });

  test('when some addresses have accounts, exactly the others are invited', async () => {
    const [a, b] = [fresh(), fresh()];
    const before = await listedEmails(olivia);
    const body = invitationFailed(await invite(adam, { invitee_emails: `${a}, Gina@sandbox.test, ${b}, echo-bot@sandbox.test` }));
    expect(body).toMatchObject({
      msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors: [
        ['Gina@sandbox.test', 'Already has an account.', false],
        ['echo-bot@sandbox.test', 'Already has an account.', false],
      ],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    const after = await listedEmails(olivia);
    expect(after.filter((email) => !before.includes(email)).sort()).toEqual([a, b].sort());
  });
});

describe('invite_as: roles equal to or stricter than the inviter\'s (spec Authentication 7)', () => {
  const inviters = { owner: () => olivia, administrator: () => adam, moderator: () => mona, member: () => mark };
  const rank = { owner: 100, administrator: 200, moderator: 300, member: 400 } as const;
  const cases = Object.keys(inviters).flatMap((who) => [100, 200, 300, 400, 600].map((role) => [who as keyof typeof inviters, role] as const));

  test.each(cases)('%s inviting as %i', async (who, role) => {
    const email = fresh(who);
    const response = await invite(inviters[who](), { invitee_emails: email, invite_as: role });
    if (role === 100 && who !== 'owner') {
      expectError(response, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    } else if ((role === 200 || role === 300) && rank[who] > 200) {
      expectError(response, 'BAD_REQUEST', 'Must be an organization administrator');
    } else {
      expectSuccess(response);
      expect((await pendingInvitation(email)).invited_as).toBe(role);
    }
  });

  test.each([100, 200, 300, 400, 600])('a guest cannot invite as %i', async (role) => {
    expectError(await invite(gina, { invitee_emails: fresh(), invite_as: role }), 'BAD_REQUEST', 'Insufficient permission');
  });
});

describe('stream_ids', () => {
  /** Runs `run` with the channel's can_add_subscribers_group at `group`, then puts back the demo's
   * role:nobody, even if `run` fails. */
  const withChannelAddSubscribers = async (channel: string, group: string, run: () => Promise<void>) => {
    const set = async (to: string) => {
      const response = await olivia.patch(`/streams/${String(ids.channel[channel])}`, { can_add_subscribers_group: { new: ids.group[to] } });
      expect(response.status).toBe(200);
    };
    await set(group);
    try {
      await run();
    } finally {
      await set('role:nobody');
    }
  };
  /** Runs `run` with the organization-wide setting at `group`, then puts back the demo's role:members,
   * even if `run` fails. The setting has no endpoint yet, so this changes it in the database. */
  const withRealmAddSubscribers = async (group: string, run: () => Promise<void>) => {
    const set = (to: string) => withDb(server, (db) => db.prepare('UPDATE realm SET can_add_subscribers_group = ?').run(JSON.stringify(ids.group[to])));
    set(group);
    try {
      await run();
    } finally {
      set('role:members');
    }
  };

  test('an unknown channel is refused and nothing is sent', async () => {
    const email = fresh();
    expectError(await invite(adam, { invitee_emails: email, stream_ids: [ids.channel.general, 999_999] }), 'BAD_REQUEST', 'Invalid channel ID 999999. No invites were sent.');
    expect(await listedEmails(olivia)).not.toContain(email);
  });

  test('an archived channel is refused', async () => {
    const id = ids.channel['old-projects'];
    expectError(await invite(adam, { invitee_emails: fresh(), stream_ids: [id] }), 'BAD_REQUEST', `Invalid channel ID ${String(id)}. No invites were sent.`);
  });

  test('an empty list is allowed: the new user joins no channel', async () => {
    expectSuccess(await invite(mark, { invitee_emails: fresh(), stream_ids: [] }));
  });

  test('a private channel the inviter cannot see into is refused as an invalid channel', async () => {
    const id = ids.channel.leadership;
    expectError(await invite(mark, { invitee_emails: fresh(), stream_ids: [id] }), 'BAD_REQUEST', `Invalid channel ID ${String(id)}. No invites were sent.`);
    expectSuccess(await invite(adam, { invitee_emails: fresh(), stream_ids: [id] }));
  });

  test("members of a private channel's can_add_subscribers_group may invite into it without being subscribed", async () => {
    await withChannelAddSubscribers('leadership', 'role:members', async () => {
      expectSuccess(await invite(mark, { invitee_emails: fresh(), stream_ids: [ids.channel.leadership] }));
    });
  });

  test('outside the organization\'s can_add_subscribers_group, a channel is refused', async () => {
    await withRealmAddSubscribers('role:administrators', async () => {
      const response = await invite(mark, { invitee_emails: fresh(), stream_ids: [ids.channel.general, ids.channel.engineering] });
      expectError(response, 'BAD_REQUEST', 'You do not have permission to subscribe other users to channels.');
    });
  });

  test("the channel's own can_add_subscribers_group lets its members invite there", async () => {
    await withRealmAddSubscribers('role:administrators', async () => {
      await withChannelAddSubscribers('engineering', 'role:members', async () => {
        expectSuccess(await invite(mark, { invitee_emails: fresh(), stream_ids: [ids.channel.engineering] }));
      });
    });
  });

  test('administrators may always invite into public channels', async () => {
    await withRealmAddSubscribers('role:owners', async () => {
      expectSuccess(await invite(adam, { invitee_emails: fresh(), stream_ids: [ids.channel.engineering] }));
    });
  });

  test('a default channel is always allowed', async () => {
    await withRealmAddSubscribers('role:administrators', async () => {
      expectSuccess(await invite(mark, { invitee_emails: fresh(), stream_ids: [ids.channel.general] }));
    });
  });
});

describe('group_ids', () => {
  test('an administrator may invite into a user group', async () => {
    expectSuccess(await invite(adam, { invitee_emails: fresh(), group_ids: [ids.group.engineers] }));
  });

  test('a member outside the group\'s can_manage_group and can_add_members_group may not', async () => {
    expectError(await invite(mark, { invitee_emails: fresh(), group_ids: [ids.group.engineers] }), 'BAD_REQUEST', 'Insufficient permission');
  });

  test('nobody invites into a system group', async () => {
    expectError(await invite(olivia, { invitee_emails: fresh(), group_ids: [ids.group['role:members']] }), 'BAD_REQUEST', 'Insufficient permission');
  });

  test('an unknown group is refused', async () => {
    expectError(await invite(adam, { invitee_emails: fresh(), group_ids: [999_999] }), 'BAD_REQUEST', 'Invalid user group');
  });
});

describe('welcome_message_custom_text', () => {
  /** Not part of any reply (upstream's invitation object leaves it out), so read from the data file. */
  function storedWelcomeText(email: string): string | null | undefined {
    const row = withDb(server, (db) =>
      db.prepare('SELECT welcome_message_custom_text AS text FROM invites WHERE email = ? ORDER BY id DESC').get(email),
    ) as { text: string | null } | undefined;
    return row?.text;
  }

  test('an administrator\'s text of 8000 characters is stored', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email, welcome_message_custom_text: 'w'.repeat(8000) }));
    expect(storedWelcomeText(email)).toBe('w'.repeat(8000));
  });

  test('8001 characters are refused', async () => {
    const response = await invite(adam, { invitee_emails: fresh(), welcome_message_custom_text: 'w'.repeat(8001) });
    expectError(response, 'BAD_REQUEST', 'welcome_message_custom_text is too long (limit: 8000 characters)');
  });

  test('a member\'s text is accepted but stored as null', async () => {
    const email = fresh();
    expectSuccess(await invite(mark, { invitee_emails: email, welcome_message_custom_text: 'Hi from Mark' }));
    expect(storedWelcomeText(email)).toBeNull();
  });
});

describe('restart', () => {
  test('invitations survive a restart unchanged', async () => {
    const email = fresh();
    expectSuccess(await invite(adam, { invitee_emails: email, invite_as: 600, invite_expires_in_minutes: null, notify_referrer_on_join: false }));
    const before = await listed(olivia);
    await server.restart();
    olivia = await server.as('olivia@sandbox.test');
    expect(await listed(olivia)).toEqual(before);
    expect(before.find((i) => i.email === email)).toMatchObject({ invited_as: 600, expiry_date: null, notify_referrer_on_join: false });
  });
});
