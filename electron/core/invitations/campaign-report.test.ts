// The campaign in words, as the activity log keeps it: what it was asked to do and what came of it.
import { expect, test } from 'vitest';
import type { CampaignRecord } from './campaign-record';
import { describePause } from './campaign-failures';
import { countsInWords, optionsInWords } from './campaign-report';
import { campaignRecord, MEMBER_OPTIONS } from './testing/campaign-harness';

const record = (extra: Partial<CampaignRecord> = {}) => campaignRecord('c1', { batchSize: 100, addresses: [], inFlight: null, ...extra });

test('the options read as a person says them: the role, the channels, how long invitations last, the batch size', () => {
  const options = { ...MEMBER_OPTIONS, include_realm_default_subscriptions: true, stream_ids: [4, 5], group_ids: [9], invite_expires_in_minutes: 14_400 };
  expect(optionsInWords(record({ options }))).toBe('as Member; the default channels and 2 more channels; 1 group; valid for 10 days; batches of 100');
});

test('no channels at all, an expiry in hours, and invitations that never expire are each said plainly', () => {
  expect(optionsInWords(record({ options: { ...MEMBER_OPTIONS, invite_as: 600, invite_expires_in_minutes: 720 } }))).toBe('as Guest; no channels; valid for 12 hours; batches of 100');
  expect(optionsInWords(record({ options: { ...MEMBER_OPTIONS, stream_ids: [3], invite_expires_in_minutes: null } }))).toBe('as Member; 1 channel; invitations never expire; batches of 100');
  expect(optionsInWords(record({ options: { ...MEMBER_OPTIONS, invite_expires_in_minutes: 90 } }))).toContain('valid for 90 minutes');
});

test('the result counts only the outcomes that happened', () => {
  const addresses = [
    { email: 'a@x.test', name: null, outcome: 'invited' as const, reason: null },
    { email: 'b@x.test', name: null, outcome: 'invited' as const, reason: null },
    { email: 'c@x.test', name: null, outcome: 'deactivated' as const, reason: 'Account has been deactivated.' },
  ];
  expect(countsInWords(record({ addresses }))).toBe('2 invited, 1 deactivated');
  expect(countsInWords(record())).toBe('no addresses');
  const resent = [{ email: 'd@x.test', name: null }];
  const leftOut = [{ email: 'e@x.test', name: null, reason: 'member' as const }];
  expect(countsInWords(record({ addresses, resent, leftOut }))).toBe('2 invited, 1 deactivated, 1 pending invitation resent, 1 left out');
});

test('a pause says how many addresses are left with the numbers grouped, as the banner above it does', () => {
  const addresses = Array.from({ length: 5_000 }, (_, index) => ({ email: `p${String(index)}@x.test`, name: null, outcome: index < 94 ? ('invited' as const) : ('pending' as const), reason: null }));
  expect(describePause('user', record({ addresses }))).toBe('Paused. 4,906 of 5,000 addresses are still to be sent; resume to send them.');
  expect(describePause('daily_limit', record({ addresses }))).toContain('The organization has reached the server’s daily invitation limit');
});
