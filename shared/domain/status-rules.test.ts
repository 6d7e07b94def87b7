import { describe, expect, test } from 'vitest';
import type { Role } from '../api/common';
import type { RoleHolder } from './role-rules';
import { botsGoingWith, botsStayingDeactivated, checkStatusChange, planStatusChange, reviewDeactivation } from './status-rules';

const person = (user_id: number, role: Role, extra: Partial<RoleHolder> = {}): RoleHolder => ({
  user_id,
  full_name: `User ${user_id}`,
  role,
  is_active: true,
  is_bot: false,
  ...extra,
});

const owner = { role: 100 as Role, userId: 1 };
const admin = { role: 200 as Role, userId: 2 };

describe('who may be deactivated or reactivated', () => {
  test('the only owner cannot be deactivated, a second one can', () => {
    expect(checkStatusChange(owner, person(3, 100), false, 1)).toEqual({ allowed: false, reason: expect.stringContaining('only owner') });
    expect(checkStatusChange(owner, person(3, 100), false, 2)).toEqual({ allowed: true });
  });

  test('nobody deactivates themselves, administrators not an owner, members nobody', () => {
    expect(checkStatusChange(admin, person(2, 200), false, 1)).toEqual({ allowed: false, reason: expect.stringContaining('signed in with') });
    expect(checkStatusChange(admin, person(3, 100), false, 2)).toEqual({ allowed: false, reason: expect.stringContaining('only organization owners') });
    expect(checkStatusChange({ role: 400, userId: 9 }, person(3, 400), false, 1)).toEqual({ allowed: false, reason: expect.stringContaining('administrators and owners') });
    expect(checkStatusChange({ role: 300, userId: 9 }, person(3, 400, { is_active: false }), true, 1)).toEqual({ allowed: false, reason: expect.stringContaining('reactivate') });
  });

  test('bots are refused for deactivation but may be reactivated', () => {
    expect(checkStatusChange(owner, person(5, 400, { is_bot: true }), false, 1)).toEqual({ allowed: false, reason: expect.stringContaining('bot') });
    expect(checkStatusChange(owner, person(5, 400, { is_bot: true, is_active: false }), true, 1)).toEqual({ allowed: true });
  });
});

describe('planning a bulk deactivation', () => {
  test('lists bots apart, the already deactivated as unchanged, and refuses the last of the owners in order', () => {
    const everyone = [person(1, 100), person(3, 100), person(4, 400), person(5, 400, { is_bot: true }), person(6, 400, { is_active: false })];
    const [me, second, member, bot, gone] = everyone as [RoleHolder, RoleHolder, RoleHolder, RoleHolder, RoleHolder];
    const plan = planStatusChange({ role: 100, userId: 7 }, [second, me, member, bot, gone], false, [...everyone, person(7, 100)]);
    // Three owners: 7 (the actor), 1 and 3. Deactivating 3 and then 1 leaves the actor, so both may go.
    expect(plan.changes.map((user) => user.user_id)).toEqual([3, 1, 4]);
    expect(plan.bots).toEqual([{ user: bot, reason: expect.stringContaining('bot') }]);
    expect(plan.unchanged).toEqual([gone]);
    expect(plan.refused).toEqual([]);

    const alone = planStatusChange({ role: 200, userId: 2 }, [me], false, [me]);
    expect(alone.refused).toEqual([{ user: me, reason: expect.stringContaining('only organization owners') }]);
    const last = planStatusChange({ role: 100, userId: 1 }, [second, me], false, [me, second]);
    expect(last.changes).toEqual([second]);
    expect(last.refused).toEqual([{ user: me, reason: expect.stringContaining('only owner') }]);
  });

  test('a reactivation lists bots apart as changing, with no reason', () => {
    const bot = person(5, 400, { is_bot: true, is_active: false });
    const plan = planStatusChange(owner, [bot, person(4, 400)], true, [bot]);
    expect(plan.bots).toEqual([{ user: bot, reason: null }]);
    expect(plan.unchanged.map((user) => user.user_id)).toEqual([4]);
  });
});

describe('what a deactivation leaves', () => {
  test('deactivating the only administrator, owners left, is a hazard to confirm; one of two is not', () => {
    const everyone = [person(1, 100), person(2, 200), person(3, 400), person(4, 200, { is_bot: true })];
    const [, adminOne, member] = everyone as [RoleHolder, RoleHolder, RoleHolder];
    const review = reviewDeactivation(everyone, [adminOne], 1);
    expect(review).toMatchObject({ hazards: ['noAdministrator'], leavesNoAdministrator: true, leavesNobody: false, ownersLeft: 1, ownLoss: null });
    expect(reviewDeactivation([...everyone, person(5, 200)], [adminOne], 1).hazards).toEqual([]);
    expect(reviewDeactivation(everyone, [member], 1).hazards).toEqual([]);
  });

  test('the bots of those deactivated go with them, named; a bot selected itself, or of someone else, does not', () => {
    const owner3 = { ...person(3, 400), bot_owner_id: null };
    const everyone = [
      owner3,
      { ...person(4, 400), bot_owner_id: null },
      { ...person(10, 400, { is_bot: true }), bot_owner_id: 3 },
      { ...person(11, 400, { is_bot: true, is_active: false }), bot_owner_id: 3 },
      { ...person(12, 400, { is_bot: true }), bot_owner_id: 3 },
      { ...person(13, 400, { is_bot: true }), bot_owner_id: 4 },
    ];
    const selectedBot = everyone[4] as RoleHolder;
    expect(botsGoingWith(everyone, [owner3, selectedBot]).map((bot) => bot.user_id)).toEqual([10]);
  });

  test('reactivating restores the user alone: their deactivated bots stay so, named; active ones are not listed', () => {
    const owner3 = { ...person(3, 400, { is_active: false }), bot_owner_id: null };
    const everyone = [owner3, { ...person(10, 400, { is_bot: true, is_active: false }), bot_owner_id: 3 }, { ...person(11, 400, { is_bot: true }), bot_owner_id: 3 }];
    expect(botsStayingDeactivated(everyone, [owner3]).map((bot) => bot.user_id)).toEqual([10]);
  });
});
