import { describe, expect, test } from 'vitest';
import type { CheckedAddress } from '../../../../../shared/ipc';
import { CHECK_REASON } from '../../../../../shared/domain/invitee-checks';
import { tooLongLine } from '../../../../../shared/domain/left-out';
import { choices } from '../testing/invitation-samples';
import { choicesLost, defaultFormValues } from './campaign-form';
import { failureSentence, failureWords, planCampaign } from './campaign-plan';

const row = (email: string, check: CheckedAddress['check'], reason: string | null = null): CheckedAddress => ({
  email,
  name: null,
  check,
  reason,
  invite: check === 'invited' ? { id: 5, invited: 100, invitedBy: 2 } : null,
});

const CHECKED: CheckedAddress[] = [
  row('a@example.com', 'ok'),
  row('b@example.com', 'ok'),
  row('mark@example.com', 'member', CHECK_REASON.member),
  row('olivia@example.com', 'member', CHECK_REASON.member),
  row('bot@example.com', 'member', CHECK_REASON.systemBot),
  row('derek@example.com', 'deactivated', CHECK_REASON.deactivated),
  row('nope', 'invalid', CHECK_REASON.invalid),
  row('waiting@example.com', 'invited'),
  row('A@example.com', 'duplicate', CHECK_REASON.duplicate),
];

describe('what a campaign would do with the checked addresses', () => {
  test('by default the failing ones are left out; already invited and duplicates are never sent', () => {
    const plan = planCampaign(CHECKED, 'leave');
    expect(plan.send.map((invitee) => invitee.email)).toEqual(['a@example.com', 'b@example.com']);
    expect(plan.sendFailing).toBe(0);
    expect(plan.failing).toHaveLength(5);
    expect(plan.invited.map((address) => address.email)).toEqual(['waiting@example.com']);
    expect(plan.duplicates).toBe(1);
  });

  test('every address not sent is left out once, with why, so the report can account for every line', () => {
    const plan = planCampaign(CHECKED, 'leave');
    expect(plan.leftOut.map((address) => [address.email, address.reason])).toEqual([
      ['mark@example.com', 'member'],
      ['olivia@example.com', 'member'],
      ['bot@example.com', 'system_bot'],
      ['derek@example.com', 'deactivated'],
      ['nope', 'invalid'],
      ['waiting@example.com', 'invited'],
      ['A@example.com', 'duplicate'],
    ]);
    expect(plan.send.length + plan.leftOut.length).toBe(CHECKED.length);
  });

  test('lines dropped as repeats before the check are left out too, each one', () => {
    const repeated = [{ email: 'a@example.com', name: null }, { email: 'A@EXAMPLE.COM', name: 'Ann' }];
    const plan = planCampaign(CHECKED, 'leave', { repeated });
    expect(plan.leftOut.slice(-2)).toEqual([
      { email: 'a@example.com', name: null, reason: 'duplicate' },
      { email: 'A@EXAMPLE.COM', name: 'Ann', reason: 'duplicate' },
    ]);
  });

  test('a line too long to be an address, dropped before the check, is left out too, shortened with its length', () => {
    const line = `${'x'.repeat(500)}@example.com`;
    const plan = planCampaign(CHECKED, 'leave', { tooLong: [tooLongLine(line, null)] });
    expect(plan.leftOut.at(-1)).toEqual({ email: 'x'.repeat(60), name: null, reason: 'too_long', characters: 512 });
  });

  test('a pending invitation resent from the check is resent, not left out; one not resent still is', () => {
    const twoWaiting = [...CHECKED, { ...row('later@example.com', 'invited'), invite: { id: 6, invited: 100, invitedBy: 2 } }];
    const plan = planCampaign(twoWaiting, 'leave', { resent: [5] });
    expect(plan.resent).toEqual([{ email: 'waiting@example.com', name: null }]);
    expect(plan.leftOut.filter((address) => address.reason === 'invited').map((address) => address.email)).toEqual(['later@example.com']);
    // Never sent by the campaign, and every line accounted for once.
    expect(plan.send.map((invitee) => invitee.email)).not.toContain('waiting@example.com');
    expect(plan.send.length + plan.resent.length + plan.leftOut.length).toBe(twoWaiting.length);
  });

  test('sent anyway, the failing ones are not left out; duplicates and the already invited still are', () => {
    const plan = planCampaign(CHECKED, 'send');
    expect(plan.leftOut.map((address) => address.reason)).toEqual(['invited', 'duplicate']);
    expect(plan.send.length + plan.leftOut.length).toBe(CHECKED.length);
  });

  test('sent anyway, the failing ones go too, counted as failing', () => {
    const plan = planCampaign(CHECKED, 'send');
    expect(plan.send.map((invitee) => invitee.email)).toEqual(['a@example.com', 'b@example.com', 'mark@example.com', 'olivia@example.com', 'bot@example.com', 'derek@example.com', 'nope']);
    expect(plan.sendFailing).toBe(5);
  });

  test('the reasons are grouped and counted in words', () => {
    const { failureGroups } = planCampaign(CHECKED, 'leave');
    expect(failureWords(failureGroups)).toBe('2 already have an account, 1 is reserved for system bots, 1 has a deactivated account and 1 is not a valid address');
    expect(failureSentence(5, failureWords(failureGroups), 'leave')).toBe(
      '5 will fail because 2 already have an account, 1 is reserved for system bots, 1 has a deactivated account and 1 is not a valid address: they are left out.',
    );
    expect(failureSentence(1, '1 is not a valid address', 'send')).toBe('1 will fail because 1 is not a valid address: it is sent anyway, and the report will give the server’s answer.');
    expect(failureWords([])).toBe('');
  });

  test('a reason the screen has no words for is still counted, in the core’s words', () => {
    const { failureGroups } = planCampaign([row('x@example.com', 'invalid'), row('y@example.com', 'member', 'Please use your real email address.')], 'leave');
    expect(failureWords(failureGroups)).toBe('1 is not a valid address and 1 cannot be invited (Please use your real email address.)');
  });
});

describe('the form against what may be chosen now', () => {
  const values = { invite_as: 300 as const, stream_ids: [3, 4], group_ids: [20, 21] };

  test('nothing to do while everything is still offered', () => {
    expect(choicesLost(values, choices())).toBeNull();
  });

  test('a channel, a group and a role no longer offered are taken out; the role falls back to member', () => {
    const now = choices({
      channels: [{ id: 3, name: 'engineering', isDefault: false }],
      groups: [{ id: 20, name: 'engineers' }],
      roles: choices().roles.map((choice) => (choice.role === 300 ? { ...choice, allowed: false, reason: 'No.' } : choice)),
    });
    expect(choicesLost(values, now)).toEqual({ values: { invite_as: 400, stream_ids: [3], group_ids: [20] }, channels: [4], groups: [21], role: 300 });
    expect(defaultFormValues(now).invite_as).toBe(400);
  });
});
