import { describe, expect, test } from 'vitest';
import type { Role } from '../api/common';
import {
  checkDeactivation,
  checkRoleChange,
  countHumanOwners,
  hazardConsent,
  hazardWarning,
  moveWords,
  planRoleChange,
  reviewRoleChange,
  roleWithArticle,
  ROLES_IN_ORDER,
  type RoleHolder,
} from './role-rules';

const change = (actorRole: Role, targetRole: Role, newRole: Role, humanOwners = 2) => checkRoleChange({ actorRole, targetRole, newRole, humanOwners });

describe('role rules', () => {
  test('an owner may make any change except those the other rules forbid', () => {
    expect(change(100, 400, 200)).toEqual({ allowed: true });
    expect(change(100, 200, 100)).toEqual({ allowed: true });
    expect(change(100, 100, 400)).toEqual({ allowed: true });
  });

  test('only owners grant the owner role', () => {
    expect(change(200, 400, 100)).toMatchObject({ allowed: false, reason: expect.stringContaining('Only organization owners can grant the owner role') });
  });

  test('only owners remove the owner role', () => {
    expect(change(200, 100, 200)).toMatchObject({ allowed: false, reason: expect.stringContaining('only organization owners can remove the owner role') });
  });

  test('the only owner cannot lose the role', () => {
    expect(change(100, 100, 200, 1)).toMatchObject({ allowed: false, reason: expect.stringContaining('the only owner') });
    expect(checkRoleChange({ actorRole: 100, targetRole: 100, newRole: 200, humanOwners: 1, targetIsBot: true })).toEqual({ allowed: true });
  });

  test('a guest cannot be made an administrator or an owner directly', () => {
    expect(change(100, 600, 200)).toMatchObject({ allowed: false, reason: expect.stringContaining('Make them a member first') });
    expect(change(100, 600, 100)).toMatchObject({ allowed: false, reason: expect.stringContaining('made an owner directly') });
    expect(change(100, 600, 300)).toEqual({ allowed: true });
  });

  test('moderators, members and guests cannot change roles', () => {
    for (const actor of [300, 400, 600] as const) {
      expect(change(actor, 400, 600)).toMatchObject({ allowed: false, reason: 'Only organization administrators and owners can change roles.' });
    }
  });

  test('keeping the same role is always allowed', () => {
    for (const role of ROLES_IN_ORDER) expect(change(600, role, role)).toEqual({ allowed: true });
  });

  test('the full matrix for an administrator matches the spec', () => {
    const allowed = (target: Role) => ROLES_IN_ORDER.filter((role) => change(200, target, role).allowed);
    expect(allowed(400)).toEqual([200, 300, 400, 600]);
    expect(allowed(600)).toEqual([300, 400, 600]);
    expect(allowed(100)).toEqual([100]);
  });

  test('deactivation follows the owner rules', () => {
    expect(checkDeactivation({ actorRole: 200, targetRole: 400, humanOwners: 1 })).toEqual({ allowed: true });
    expect(checkDeactivation({ actorRole: 200, targetRole: 100, humanOwners: 2 })).toMatchObject({ allowed: false });
    expect(checkDeactivation({ actorRole: 100, targetRole: 100, humanOwners: 1 })).toMatchObject({ allowed: false, reason: expect.stringContaining('only owner') });
    expect(checkDeactivation({ actorRole: 400, targetRole: 400, humanOwners: 2 })).toMatchObject({ allowed: false });
  });
});

const person = (user_id: number, full_name: string, role: Role, extra: Partial<RoleHolder> = {}): RoleHolder => ({ user_id, full_name, role, is_active: true, is_bot: false, ...extra });

/** The demo organization: one owner, one administrator, a moderator, a member, a guest, a bot owner and a departed administrator. */
const olivia = person(1, 'Olivia Owner', 100);
const adam = person(2, 'Adam Admin', 200);
const mona = person(3, 'Mona Moderator', 300);
const mark = person(4, 'Mark Member', 400);
const gina = person(5, 'Gina Guest', 600);
const botOwner = person(6, 'Echo Bot', 100, { is_bot: true });
const departed = person(7, 'Derek Departed', 200, { is_active: false });
const realm = [olivia, adam, mona, mark, gina, botOwner, departed];
/** The same realm with a second administrator, so that demoting Adam leaves one. */
const twoAdmins = [...realm, person(8, 'Ada Second', 200)];

describe('planning a change of several users', () => {
  test('sorts them into changes, unchanged and refused with the reason', () => {
    const plan = planRoleChange(100, [olivia, adam, mona, gina], 300, countHumanOwners(realm), olivia.user_id);
    expect(plan.changes).toEqual([adam, gina]);
    expect(plan.unchanged).toEqual([mona]);
    expect(plan.refused.map((refusal) => [refusal.user.full_name, refusal.reason])).toEqual([
      ['Olivia Owner', 'Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.'],
    ]);
    expect(planRoleChange(100, [gina], 200, 1, olivia.user_id).refused[0]?.reason).toContain('Make them a member first');
  });

  test('owners count down as the plan goes: the last human owner is refused, a bot owner is not counted', () => {
    const second = person(8, 'Oscar Owner', 100);
    expect(countHumanOwners([...realm, second, person(9, 'Old Owner', 100, { is_active: false })])).toBe(2);
    const plan = planRoleChange(100, [olivia, second, botOwner], 200, 2, null);
    expect(plan.changes).toEqual([olivia, botOwner]);
    expect(plan.refused.map((refusal) => refusal.user)).toEqual([second]);
  });

  test('the signed-in owner’s own change is planned last, as it is sent: the other owner is demoted and they are refused', () => {
    const second = person(8, 'Oscar Owner', 100);
    const plan = planRoleChange(100, [olivia, second], 200, 2, olivia.user_id);
    expect(plan.changes).toEqual([second]);
    expect(plan.refused.map((refusal) => [refusal.user.full_name, refusal.reason])).toEqual([
      ['Olivia Owner', 'Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.'],
    ]);
  });
});

describe('reviewing a change: who gains, who loses, and the hazards', () => {
  test('counts promotions and demotions, in the order given', () => {
    const review = reviewRoleChange(realm, [adam, mark, gina], 300, 1);
    expect(review.promotions.map(moveWords)).toEqual(['Mark Member: Member → Moderator', 'Gina Guest: Guest → Moderator']);
    expect(review.demotions.map(moveWords)).toEqual(['Adam Admin: Administrator → Moderator']);
    expect(review.ownLoss).toBeNull();
  });

  test('demoting the only administrator leaves the owners alone to administer the realm', () => {
    const review = reviewRoleChange(realm, [adam, mark], 300, 1);
    expect(review).toMatchObject({ leavesNoAdministrator: true, leavesNobody: false, ownersLeft: 1, hazards: ['noAdministrator'] });
    expect(hazardConsent(review, 'Sandbox Org')).toBe('I understand that Sandbox Org will have no administrators, only its owner');
    expect(hazardWarning(review, 'Sandbox Org')).toBe(
      'After this change Sandbox Org has no administrators: only its 1 owner could manage its settings, users and channels, or undo this change.',
    );
    // Made an owner, the administrator still administers it; a second administrator left is enough.
    expect(reviewRoleChange(realm, [adam], 100, 1).hazards).toEqual([]);
    expect(reviewRoleChange([...realm, person(9, 'Ada Second', 200)], [adam], 300, 1).hazards).toEqual([]);
  });

  test('demoting the last owner and administrator leaves nobody to administer the realm', () => {
    // A realm whose only owner is a bot: Olivia and Adam are its human administrators.
    const ownerless = [withRole(olivia, 200), adam, mona, botOwner, departed];
    const both = reviewRoleChange(ownerless, [withRole(olivia, 200), adam], 300, 2);
    expect(both).toMatchObject({ leavesNoAdministrator: true, leavesNobody: true });
    expect(both.hazards).toEqual(['noAdministrator', 'ownRights']);
    // Only one of them: the other still administers it. Bots and deactivated users never do.
    expect(reviewRoleChange(ownerless, [adam], 300, 1).leavesNoAdministrator).toBe(false);
    // A realm that had no administrator is not left without one by a change.
    expect(reviewRoleChange([mona, mark], [mark], 600, 3).leavesNoAdministrator).toBe(false);
  });

  test('taking away one’s own rights: an owner losing the role, an administrator made anything less', () => {
    expect(reviewRoleChange(twoAdmins, [adam], 300, 2)).toMatchObject({ ownLoss: { from: 200, to: 300 }, hazards: ['ownRights'] });
    // The only administrator demoting themselves: both hazards, confirmed with one box that says both.
    const both = reviewRoleChange(realm, [adam], 300, 2);
    expect(both.hazards).toEqual(['noAdministrator', 'ownRights']);
    expect(hazardConsent(both, 'Sandbox Org')).toBe('I understand that I will no longer be an administrator of Sandbox Org, only a moderator, and that it will have no administrators, only its owner');
    expect(reviewRoleChange(realm, [olivia], 200, 1).hazards).toEqual(['ownRights']);
    expect(reviewRoleChange(realm, [adam], 100, 2).hazards).toEqual([]);
    // Someone else's demotion is not one's own.
    expect(reviewRoleChange(twoAdmins, [adam], 600, 1).hazards).toEqual([]);
  });

  test('the hazards in words: the consent to tick, and the warning above it', () => {
    const ownerless = [withRole(olivia, 200), adam];
    const both = reviewRoleChange(ownerless, ownerless, 400, 2);
    expect(hazardConsent(both, 'Sandbox Org')).toBe('I understand that nobody, me included, will be able to administer Sandbox Org');
    expect(hazardWarning(both, 'Sandbox Org')).toContain('After this change Sandbox Org has no active owner or administrator');
    const own = reviewRoleChange(twoAdmins, [adam], 300, 2);
    expect(hazardConsent(own, 'Sandbox Org')).toBe('I understand that I will no longer be an administrator of Sandbox Org, only a moderator');
    expect(hazardWarning(own, 'Sandbox Org')).toBe(
      'You are taking away your own rights (Adam Admin: Administrator → Moderator): from then on you can do only what a moderator may, and you cannot undo it yourself.',
    );
    expect(hazardConsent(reviewRoleChange(realm, [mark], 300, 1), 'Sandbox Org')).toBe('');
  });

  test('role names with their article', () => {
    expect(ROLES_IN_ORDER.map(roleWithArticle)).toEqual(['an owner', 'an administrator', 'a moderator', 'a member', 'a guest']);
  });
});

function withRole(user: RoleHolder, role: Role): RoleHolder {
  return { ...user, role };
}
