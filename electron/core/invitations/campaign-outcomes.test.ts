import { expect, test } from 'vitest';
import type { Invite } from '../../../shared/api';
import { CLOCK_SKEW_SECONDS, invitedByInterruptedBatch, outcomeForReason, readInvitationFailure } from './campaign-outcomes';

test('upstream’s reasons become outcomes; anything else is "other" in the server’s words', () => {
  expect(outcomeForReason('Already has an account.')).toBe('existing');
  expect(outcomeForReason('Account has been deactivated.')).toBe('deactivated');
  expect(outcomeForReason('Invalid address.')).toBe('invalid');
  expect(outcomeForReason('Outside your domain.')).toBe('outside_domain');
  expect(outcomeForReason('Email addresses containing + are not allowed.')).toBe('other');
  expect(outcomeForReason('Reserved for system bots.')).toBe('other');
});

test('INVITATION_FAILED names addresses by lowercased key; the deactivated flag wins over the words', () => {
  const verdict = readInvitationFailure({
    errors: [
      ['Mark@Example.com', 'Already has an account.', false],
      ['gone@example.com', 'Some newer wording', true],
    ],
    sent_invitations: true,
    daily_limit_reached: false,
    license_limit_reached: false,
  });
  expect(verdict.restInvited).toBe(true);
  expect([...verdict.marked]).toEqual([
    ['mark@example.com', { outcome: 'existing', reason: 'Already has an account.' }],
    ['gone@example.com', { outcome: 'deactivated', reason: 'Some newer wording' }],
  ]);
});

const invite = (email: string, invited: number, by = 7, extra: Partial<Invite> = {}): Invite => ({
  id: invited,
  email,
  invited,
  invited_by_user_id: by,
  expiry_date: null,
  invited_as: 400,
  is_multiuse: false,
  ...extra,
});

test('an interrupted batch counts as received for its addresses with a fresh invitation from this inviter', () => {
  const startedAt = 1_700_000_000_000;
  const start = startedAt / 1000;
  const inFlight = { emails: ['A@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test'], startedAt };
  const invites = [
    invite('a@x.test', start + 1),
    // A server clock a little behind ours.
    invite('b@x.test', start - CLOCK_SKEW_SECONDS + 1),
    // Invited long before this batch: this batch did not make it.
    invite('c@x.test', start - 3600),
    // Someone else's invitation.
    invite('d@x.test', start + 1, 99),
    // Not in the batch at all.
    invite('z@x.test', start + 1),
    { ...invite('', start + 1), email: undefined, is_multiuse: true, link_url: 'https://x.test/join/abc' },
  ];
  expect([...invitedByInterruptedBatch(inFlight, invites, 7)].sort()).toEqual(['a@x.test', 'b@x.test']);
});
