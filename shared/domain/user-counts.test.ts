import { describe, expect, test } from 'vitest';
import type { Role } from '../api/common';
import { ALL_USERS, countUsers, FACET_CODES, facetCode, FACET_WORDS, KIND_OPTIONS, passingCodes, ROLE_OPTIONS, STATUS_OPTIONS, type CountedUser, type UserFacets } from './user-counts';

const person = (role: Role, extra: Partial<CountedUser> = {}): CountedUser => ({ role, is_active: true, is_bot: false, ...extra });

// The demo realm's shape: an owner, an administrator, a moderator, members, a guest, one member bot
// and one deactivated member.
const realm: CountedUser[] = [
  person(100),
  person(200),
  person(300),
  person(400),
  person(400),
  person(600),
  person(400, { is_bot: true }),
  person(400, { is_active: false }),
];

describe('counting users', () => {
  test('with nothing chosen, a bot and a deactivated user count under their role and under Bots or Deactivated', () => {
    const counts = countUsers(realm);
    expect(counts.role).toEqual({ all: 8, 100: 1, 200: 1, 300: 1, 400: 4, 600: 1 });
    expect(counts.status).toEqual({ all: 8, active: 7, deactivated: 1 });
    expect(counts.kind).toEqual({ all: 8, humans: 7, bots: 1 });
  });

  test('each group counts what its options would show with the other groups as chosen', () => {
    const counts = countUsers(realm, { role: 'all', status: 'active', kind: 'humans' });
    // Active humans by role: the bot and the deactivated member are left out of Members.
    expect(counts.role).toEqual({ all: 6, 100: 1, 200: 1, 300: 1, 400: 2, 600: 1 });
    // Status ignores its own choice: humans, active or deactivated.
    expect(counts.status).toEqual({ all: 7, active: 6, deactivated: 1 });
    // Kind ignores its own choice: active users, human or bot.
    expect(counts.kind).toEqual({ all: 7, humans: 6, bots: 1 });
  });

  test('a user is shown only when it passes all three groups', () => {
    const shown = (user: CountedUser, facets: UserFacets) => passingCodes(facets)[facetCode(user)] === 1;
    expect(shown(person(400, { is_bot: true }), { ...ALL_USERS, role: 400 })).toBe(true);
    expect(shown(person(400, { is_bot: true }), { ...ALL_USERS, role: 400, kind: 'humans' })).toBe(false);
    expect(shown(person(200, { is_active: false }), { ...ALL_USERS, status: 'active' })).toBe(false);
    expect(shown(person(600, { is_active: false, is_bot: true }), ALL_USERS)).toBe(true);
  });

  test('every role, status and kind has a facet code of its own', () => {
    const codes = new Set(ROLE_OPTIONS.slice(1).flatMap((role) => [true, false].flatMap((active) => [true, false].map((bot) => facetCode(person(role as CountedUser['role'], { is_active: active, is_bot: bot }))))));
    expect(codes.size).toBe(FACET_CODES);
    expect(Math.max(...codes)).toBe(FACET_CODES - 1);
  });

  test('every option has its words, the same on every screen', () => {
    expect(ROLE_OPTIONS.map((option) => FACET_WORDS.role[option])).toEqual(['All roles', 'Owners', 'Administrators', 'Moderators', 'Members', 'Guests']);
    expect(STATUS_OPTIONS.map((option) => FACET_WORDS.status[option])).toEqual(['Active and deactivated', 'Active', 'Deactivated']);
    expect(KIND_OPTIONS.map((option) => FACET_WORDS.kind[option])).toEqual(['Humans and bots', 'Humans', 'Bots']);
  });
});
