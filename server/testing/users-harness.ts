// What the user endpoint tests share: a demo server with a client for each named role, the generated
// members to change, and the owner's view of a user.
import { beforeAll } from 'vitest';
import { getUser, getUsers, type Role, type User } from '../../shared/api';
import type { ApiClient, TestServer } from './harness';
import { expectSuccess } from './replies';
import { demoServerForFile, type DemoPerson } from './server-per-file';

const ROLES = { owner: 'olivia', administrator: 'adam', moderator: 'mona', member: 'mark', guest: 'gina' } as const satisfies Record<string, DemoPerson>;
export type RoleName = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
const NAMED = ['olivia', 'adam', 'mona', 'mark', 'gina', 'derek'].map((name) => `${name}@sandbox.test`);

export interface UsersFixture {
  readonly server: TestServer;
  /** A signed-in client for the demo person in each role: Olivia, Adam, Mona, Mark and Gina. */
  readonly as: Record<RoleName, ApiClient>;
  /** Each role's client, owner first, for permission matrices. */
  actors(): [RoleName, ApiClient][];
  /** An account's ID by email, as it was when the file started. */
  id(email: string): number;
  /** A generated member (not one of the named demo people), active and a member when the file started. */
  person(index: number): User;
  /** The user as the owner sees it now, checked against upstream's reply schema. */
  fetchUser(userId: number, params?: Record<string, unknown>): Promise<User>;
  /** Puts a user in a role as the owner would, through member so a guest can become anything. */
  setRole(userId: number, role: Role): Promise<void>;
}

/** Starts a demo server for the test file (beforeAll) and closes it afterwards (afterAll). */
export function usersFixture(): UsersFixture {
  const { server, clients, ids } = demoServerForFile();
  const as = {} as Record<RoleName, ApiClient>;
  let generated: User[] = [];

  beforeAll(async () => {
    for (const role of ROLE_NAMES) as[role] = clients[ROLES[role]];
    const users = getUsers.reply.parse((await as.owner.get('/users')).body).members;
    generated = users.filter((user) => !NAMED.includes(user.email) && !user.is_bot && user.is_active && user.role === 400);
  });

  return {
    server,
    as,
    actors: () => ROLE_NAMES.map((name) => [name, as[name]]),
    id(email) {
      const id = ids.user[email];
      if (id === undefined) throw new Error(`no account ${email}`);
      return id;
    },
    person(index) {
      const user = generated[index];
      if (!user) throw new Error(`no generated member ${String(index)}`);
      return user;
    },
    async fetchUser(userId, params = {}) {
      const response = await as.owner.get(`/users/${String(userId)}`, params);
      expectSuccess(response);
      return getUser.reply.parse(response.body).user;
    },
    async setRole(userId, role) {
      expectSuccess(await as.owner.patch(`/users/${String(userId)}`, { role: 400 }));
      expectSuccess(await as.owner.patch(`/users/${String(userId)}`, { role }));
    },
  };
}
