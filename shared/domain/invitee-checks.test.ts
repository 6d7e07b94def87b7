import { expect, test } from 'vitest';
import { parseAddressList } from './address-list';
import { CHECK_REASON, checkInvitees, indexUsers, type UserLike } from './invitee-checks';

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
    { email: 'ada@example.com', name: 'Ada', check: 'ok', reason: null },
  ]);
});

test('an address the server would split in two is invalid', () => {
  expect(checkInvitees([{ email: '"a,b"@example.com', name: null }], [])[0]?.check).toBe('invalid');
});

test('a prebuilt index gives the same answers as the user list', () => {
  const invitees = parseAddressList('mark@example.com, derek@example.com, x@example.com');
  expect(checkInvitees(invitees, indexUsers(users))).toEqual(checkInvitees(invitees, users));
});
