// Upstream's GET /invites, DELETE /invites/{invite_id} and POST /invites/{invite_id}/resend over
// HTTP against the demo organization: who sees, revokes and resends which invitations.
import { beforeAll, describe, expect, test } from 'vitest';
import { resendInvite, revokeInvite, type Invite } from '../../shared/api';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { fresh, invitationFor, invitesServerForFile, listed, listedEmails } from '../testing/invites-harness';

const { server, clients, ids, invite } = invitesServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

/** A new invitation made by this client. */
async function invitedBy(client: ApiClient, params: Record<string, unknown> = {}): Promise<Invite> {
  const email = fresh();
  expectSuccess(await invite(client, { invitee_emails: email, ...params }));
  return invitationFor(olivia, email);
}

/** Each role's client, owner first, for permission matrices; the invitation each acts on is someone else's. */
const roles = () =>
  [
    ['owner', olivia],
    ['administrator', adam],
    ['moderator', mona],
    ['member', mark],
    ['guest', gina],
  ] as const;
const someoneElse = (actor: ApiClient) => (actor === adam ? olivia : adam);
/** What each role is told when acting on someone else's (member) invitation; null: allowed. */
const refusals = {
  owner: null,
  administrator: null,
  moderator: 'Must be an organization administrator',
  member: 'Must be an organization administrator',
  guest: 'Not allowed for guest users',
} as const;

describe('GET /invites', () => {
  test('administrators see every pending invitation, the demo\'s three included', async () => {
    const email = fresh();
    expectSuccess(await invite(mona, { invitee_emails: email }));
    for (const admin of [olivia, adam]) {
      const emails = await listedEmails(admin);
      expect(emails).toEqual(expect.arrayContaining(['new.hire@sandbox.test', 'contractor@example.com', 'design.candidate@sandbox.test', email]));
    }
  });

  test.each([['moderator', () => mona, 'mona@sandbox.test'], ['member', () => mark, 'mark@sandbox.test']] as const)(
    'a %s sees only their own invitations',
    async (_role, client, email) => {
      const own = await invitedBy(client());
      const others = await invitedBy(adam);
      const invites = await listed(client());
      expect(invites.map((i) => i.id)).toContain(own.id);
      expect(invites.map((i) => i.id)).not.toContain(others.id);
      expect(invites.every((i) => i.invited_by_user_id === ids.user[email])).toBe(true);
    },
  );

  test('a guest is refused', async () => {
    expectError(await gina.get('/invites'), 'BAD_REQUEST', 'Not allowed for guest users');
  });
});

describe('DELETE /invites/{invite_id}', () => {
  test('permission matrix: owners and administrators revoke someone else\'s invitation; the others are refused', async () => {
    for (const [role, actor] of roles()) {
      const invitation = await invitedBy(someoneElse(actor));
      const response = await actor.delete(`/invites/${String(invitation.id)}`);
      const refusal = refusals[role];
      if (refusal === null) expectSuccess(response);
      else expectError(response, 'BAD_REQUEST', refusal);
      // still pending exactly when the role was refused
      expect((await listedEmails(olivia)).includes(invitation.email ?? ''), role).toBe(refusal !== null);
    }
  });

  test('the inviter revokes their own invitation and it is no longer listed', async () => {
    const invitation = await invitedBy(mark);
    const response = await mark.delete(`/invites/${String(invitation.id)}`);
    expectSuccess(response);
    revokeInvite.reply.parse(response.body);
    expect(await listedEmails(olivia)).not.toContain(invitation.email);
  });

  test('a revoked invitation cannot be revoked again', async () => {
    const invitation = await invitedBy(mark);
    expectSuccess(await mark.delete(`/invites/${String(invitation.id)}`));
    expectError(await mark.delete(`/invites/${String(invitation.id)}`), 'BAD_REQUEST', 'No such invitation');
  });

  test('an unknown invitation is refused', async () => {
    expectError(await adam.delete('/invites/999999'), 'BAD_REQUEST', 'No such invitation');
  });

  test('an expired invitation is refused', async () => {
    const invitation = await invitedBy(mark, { invite_expires_in_minutes: 5 });
    server.clock.advance(6 * 60 * 1000);
    expectError(await mark.delete(`/invites/${String(invitation.id)}`), 'BAD_REQUEST', 'No such invitation');
  });

  test.each([['moderator', () => mona], ['member', () => mark]] as const)('a %s cannot revoke someone else\'s invitation', async (_role, client) => {
    const invitation = await invitedBy(adam);
    expectError(await client().delete(`/invites/${String(invitation.id)}`), 'BAD_REQUEST', 'Must be an organization administrator');
  });

  test('an administrator revokes a member\'s invitation', async () => {
    const invitation = await invitedBy(mark);
    expectSuccess(await adam.delete(`/invites/${String(invitation.id)}`));
  });

  test('an owner invitation made by someone else needs an owner', async () => {
    const invitation = await invitedBy(olivia, { invite_as: 100 });
    expectError(await adam.delete(`/invites/${String(invitation.id)}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    const second = await invitedBy(adam);
    expectSuccess(await olivia.delete(`/invites/${String(second.id)}`));
    expectSuccess(await olivia.delete(`/invites/${String(invitation.id)}`));
  });

  test('a guest is refused', async () => {
    const invitation = await invitedBy(mark);
    expectError(await gina.delete(`/invites/${String(invitation.id)}`), 'BAD_REQUEST', 'Not allowed for guest users');
  });
});

describe('POST /invites/{invite_id}/resend', () => {
  test('permission matrix: owners and administrators resend someone else\'s invitation; the others are refused', async () => {
    for (const [role, actor] of roles()) {
      const invitation = await invitedBy(someoneElse(actor));
      const response = await actor.post(`/invites/${String(invitation.id)}/resend`);
      const refusal = refusals[role];
      if (refusal === null) expectSuccess(response);
      else expectError(response, 'BAD_REQUEST', refusal);
    }
  });

  test('the inviter resends their invitation; it stays listed as it was', async () => {
    const invitation = await invitedBy(mark);
    server.clock.advance(60_000);
    const response = await mark.post(`/invites/${String(invitation.id)}/resend`);
    expectSuccess(response);
    resendInvite.reply.parse(response.body);
    expect(await invitationFor(olivia, invitation.email ?? '')).toEqual(invitation);
  });

  test('an unknown invitation is refused', async () => {
    expectError(await adam.post('/invites/999999/resend'), 'BAD_REQUEST', 'No such invitation');
  });

  test('a revoked invitation cannot be resent', async () => {
    const invitation = await invitedBy(mark);
    expectSuccess(await mark.delete(`/invites/${String(invitation.id)}`));
    expectError(await mark.post(`/invites/${String(invitation.id)}/resend`), 'BAD_REQUEST', 'No such invitation');
  });

  test('a member cannot resend someone else\'s invitation', async () => {
    const invitation = await invitedBy(mona);
    expectError(await mark.post(`/invites/${String(invitation.id)}/resend`), 'BAD_REQUEST', 'Must be an organization administrator');
  });

  test('an administrator resends a member\'s invitation', async () => {
    const invitation = await invitedBy(mark);
    expectSuccess(await adam.post(`/invites/${String(invitation.id)}/resend`));
  });

  test('resending an owner invitation made by someone else needs an owner', async () => {
    const invitation = await invitedBy(olivia, { invite_as: 100 });
    expectError(await adam.post(`/invites/${String(invitation.id)}/resend`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  });

  test('a guest is refused', async () => {
    const invitation = await invitedBy(mark);
    expectError(await gina.post(`/invites/${String(invitation.id)}/resend`), 'BAD_REQUEST', 'Not allowed for guest users');
  });
});
