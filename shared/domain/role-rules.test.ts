import { describe, expect, test } from 'vitest';
import type { Role } from '../api/common';
import { checkDeactivation, checkRoleChange, ROLES_IN_ORDER } from './role-rules';

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
