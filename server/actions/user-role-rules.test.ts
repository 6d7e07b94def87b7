// spec 12 role rules and the deactivation rules, for every actor, target role and new role.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../lib/errors';
import type { Role } from '../../shared/api';
import { checkDeactivation, checkRoleChange, GUEST_TO_ADMIN_MESSAGE, LAST_OWNER_DEACTIVATE_MESSAGE, LAST_OWNER_ROLE_MESSAGE } from './user-role-rules';

const ROLES = [100, 200, 300, 400, 600] as const satisfies readonly Role[];

/** What a rule answered: 'ok', or the error's code and message in short. */
function outcome(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.message === 'Must be an organization owner') return 'owner';
    if (error.message === 'Must be an organization administrator') return 'admin';
    if (error.message === GUEST_TO_ADMIN_MESSAGE) return 'guest';
    if (error.message === LAST_OWNER_ROLE_MESSAGE || error.message === LAST_OWNER_DEACTIVATE_MESSAGE) return 'last';
    return `${error.code}: ${error.message}`;
  }
}

const human = (role: Role) => ({ role, is_bot: 0 });

// Rows: the target's current role; columns: the new role (owner, administrator, moderator, member, guest).
// 'ok' allowed; 'owner' / 'admin' the UNAUTHORIZED_PRINCIPAL errors; 'guest' spec 12's guest-to-administrator error.
// Below administrator, only the owner check comes before "Must be an organization administrator".
const NOT_ADMIN: Record<Role, string[]> = {
  100: ['ok', 'owner', 'owner', 'owner', 'owner'],
  200: ['owner', 'ok', 'admin', 'admin', 'admin'],
  300: ['owner', 'admin', 'ok', 'admin', 'admin'],
  400: ['owner', 'admin', 'admin', 'ok', 'admin'],
  600: ['owner', 'admin', 'admin', 'admin', 'ok'],
};
const EXPECTED: Record<string, Record<Role, string[]>> = {
  owner: {
    100: ['ok', 'ok', 'ok', 'ok', 'ok'],
    200: ['ok', 'ok', 'ok', 'ok', 'ok'],
    300: ['ok', 'ok', 'ok', 'ok', 'ok'],
    400: ['ok', 'ok', 'ok', 'ok', 'ok'],
    600: ['guest', 'guest', 'ok', 'ok', 'ok'],
  },
  administrator: {
    100: ['ok', 'owner', 'owner', 'owner', 'owner'],
    200: ['owner', 'ok', 'ok', 'ok', 'ok'],
    300: ['owner', 'ok', 'ok', 'ok', 'ok'],
    400: ['owner', 'ok', 'ok', 'ok', 'ok'],
    600: ['owner', 'guest', 'ok', 'ok', 'ok'],
  },
  moderator: NOT_ADMIN,
  member: NOT_ADMIN,
  guest: NOT_ADMIN,
};
const ACTOR_ROLE: Record<string, Role> = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 };

describe('role changes (spec 12), with two owners in the organization', () => {
  for (const [actorName, table] of Object.entries(EXPECTED)) {
    for (const from of ROLES) {
      test(`${actorName} changing a ${String(from)} to each role: ${table[from].join(', ')}`, () => {
        const actor = { role: ACTOR_ROLE[actorName] ?? 600 };
        const answers = ROLES.map((to) => outcome(() => checkRoleChange(actor, human(from), to, 2)));
        expect(answers).toEqual(table[from]);
      });
    }
  }
});

describe('the only owner', () => {
  test('the only owner cannot give up the owner role', () => {
    for (const to of [200, 300, 400, 600] as const) {
      expect(outcome(() => checkRoleChange({ role: 100 }, human(100), to, 1))).toBe('last');
    }
  });

  test('the only owner may keep the owner role (an unchanged role is no change)', () => {
    expect(outcome(() => checkRoleChange({ role: 100 }, human(100), 100, 1))).toBe('ok');
  });

  test('a bot owner is not the only owner, whatever the count of human owners', () => {
    expect(outcome(() => checkRoleChange({ role: 100 }, { role: 100, is_bot: 1 }, 400, 1))).toBe('ok');
  });

  test('guest to administrator is refused with BAD_REQUEST and says to make the guest a member first', () => {
    try {
      checkRoleChange({ role: 100 }, human(600), 200, 2);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('BAD_REQUEST');
      expect((error as ApiError).message).toMatch(/member first/);
    }
  });
});

describe('deactivation', () => {
  const cases: [string, Role, Role, number, string][] = [
    ['an administrator deactivating a member', 200, 400, 1, 'ok'],
    ['an administrator deactivating another administrator', 200, 200, 1, 'ok'],
    ['an administrator deactivating an owner', 200, 100, 2, 'owner'],
    ['an owner deactivating another owner', 100, 100, 2, 'ok'],
    ['an owner deactivating the only owner', 100, 100, 1, 'last'],
  ];
  for (const [name, actor, target, owners, expected] of cases) {
    test(`${name}: ${expected}`, () => {
      expect(outcome(() => checkDeactivation({ role: actor }, human(target), owners))).toBe(expected);
    });
  }
});
