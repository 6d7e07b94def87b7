import { describe, expect, test } from 'vitest';
import { parseAddressList } from './address-list';
import type { Invite } from '../api/invites';
import { CHECK_REASON, checkInvitees, indexPendingInvites, indexUsers, type UserLike } from './invitee-checks';

const users: UserLike[] = [
  { email: 'mark@example.com', delivery_email: 'mark@example.com', is_active: true },
  { email: 'derek@example.com', delivery_email: 'derek@example.com', is_active: false },
  // Address visibility hides the real address behind a placeholder.
  { email: 'user42@example.invalid', delivery_email: 'Hidden@Example.com', is_active: true },
  { email: 'notify-bot@example.com', delivery_email: 'notify-bot@example.com', is_active: true, is_system_bot: true },
  // A deactivated account and a newer active one with the same address: the active one decides.
  { email: 'back@example.com', delivery_email: 'back@example.com', is_active: false },
  { email: 'back@example.com', delivery_email: 'back@example.com', is_active: true },
];

test('each address gets one verdict in upstream’s words, in input order', () => {
  const invitees = parseAddressList(
    'new@example.com, MARK@example.com, derek@example.com, not-an-address, hidden@example.com, New@Example.com, notify-bot@example.com, back@example.com',
  );
  expect(checkInvitees(invitees, users).map(({ email, check, reason }) => [email, check, reason])).toEqual([
    ['new@example.com', 'ok', null],
    ['MARK@example.com', 'member', CHECK_REASON.member],
    ['derek@example.com', 'deactivated', CHECK_REASON.deactivated],
    ['not-an-address', 'invalid', CHECK_REASON.invalid],
    ['hidden@example.com', 'member', CHECK_REASON.member],
    ['New@Example.com', 'duplicate', CHECK_REASON.duplicate],
    ['notify-bot@example.com', 'member', CHECK_REASON.systemBot],
    ['back@example.com', 'member', CHECK_REASON.member],
  ]);
});

test('the reasons are the server’s own texts', () => {
  expect(CHECK_REASON.member).toBe('Already has an account.');
  expect(CHECK_REASON.deactivated).toBe('Account has been deactivated.');
  expect(CHECK_REASON.invalid).toBe('Invalid address.');
});

test('names are kept and whitespace around an address is trimmed', () => {
  expect(checkInvitees([{ email: '  ada@example.com ', name: 'Ada' }], [])).toEqual([
    { email: 'ada@example.com', name: 'Ada', check: 'ok', reason: null, invite: null },
  ]);
});

test('an address the server would split in two is invalid', () => {
  expect(checkInvitees([{ email: '"a,b"@example.com', name: null }], [])[0]?.check).toBe('invalid');
});

test('a prebuilt index gives the same answers as the user list', () => {
  const invitees = parseAddressList('mark@example.com, derek@example.com, x@example.com');
  expect(checkInvitees(invitees, indexUsers(users))).toEqual(checkInvitees(invitees, users));
});

const invite = (id: number, email: string | undefined, invited: number, overrides: Partial<Invite> = {}): Invite => ({
  id,
  email,
  invited,
  invited_by_user_id: 7,
  expiry_date: null,
  invited_as: 400,
  is_multiuse: false,
  ...overrides,
});

describe('pending invitations', () => {
  const pending = [
    invite(1, 'Waiting@Example.com', 1_000),
    // Sent twice before the console checked for it: the older one says since when.
    invite(3, 'twice@example.com', 3_000),
    invite(2, 'twice@example.com', 2_000),
    // An invitation to someone who has an account by now (they joined another way).
    invite(4, 'mark@example.com', 4_000),
    invite(5, 'derek@example.com', 5_000),
    // A reusable link has no address.
    invite(6, undefined, 6_000, { is_multiuse: true, link_url: 'https://chat.example.com/join/abc/' }),
  ];

  test('an address with a pending invitation is “invited”, with the invitation a resend needs', () => {
    const checked = checkInvitees(parseAddressList('waiting@example.com, twice@example.com, new@example.com'), users, pending);
    expect(checked.map(({ email, check, reason, invite: ref }) => [email, check, reason, ref])).toEqual([
      ['waiting@example.com', 'invited', null, { id: 1, invited: 1_000, invitedBy: 7 }],
      ['twice@example.com', 'invited', null, { id: 2, invited: 2_000, invitedBy: 7 }],
      ['new@example.com', 'ok', null, null],
    ]);
  });

  test('an account, an invalid address and a duplicate decide before an invitation', () => {
    const checked = checkInvitees(parseAddressList('mark@example.com, derek@example.com, waiting@example.com, WAITING@example.com'), users, [
      ...pending,
      invite(9, 'not-an-address', 1),
    ]);
    expect(checked.map(({ check }) => check)).toEqual(['member', 'deactivated', 'invited', 'duplicate']);
    expect(checkInvitees(parseAddressList('not-an-address'), users, [invite(9, 'not-an-address', 1)])[0]?.check).toBe('invalid');
  });

  test('reusable links are left out of the index, and a prebuilt index answers the same', () => {
    const index = indexPendingInvites(pending);
    expect([...index.keys()].sort()).toEqual(['derek@example.com', 'mark@example.com', 'twice@example.com', 'waiting@example.com']);
    const invitees = parseAddressList('waiting@example.com, twice@example.com');
    expect(checkInvitees(invitees, users, index)).toEqual(checkInvitees(invitees, users, pending));
  });

  test('without the pending invitations, every free address can be invited', () => {
    expect(checkInvitees(parseAddressList('waiting@example.com'), users)[0]?.check).toBe('ok');
  });
});
