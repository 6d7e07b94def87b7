// What the user endpoint tests share: a demo server with a client for each named role, the accounts
// looked up over HTTP, and assertions on replies.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { getUser, getUsers, type Role, type User } from '../../shared/api';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../testing/harness';

const NAMED = ['olivia', 'adam', 'mona', 'mark', 'gina', 'derek'].map((name) => `${name}@sandbox.test`);
const ROLE_NAMES = ['owner', 'administrator', 'moderator', 'member', 'guest'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

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
  /** Reads or changes rows the API has no endpoint for (a bot's key, the email-change permission). */
  withDb<T>(run: (db: Database.Database) => T): T;
}

/** Starts a demo server for the test file (beforeAll) and closes it afterwards (afterAll). */
export function usersFixture(): UsersFixture {
  let server: TestServer | undefined;
  const clients = {} as Record<RoleName, ApiClient>;
  const byEmail = new Map<string, User>();
  let generated: User[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const started = server;
    await Promise.all(ROLE_NAMES.map(async (name, index) => (clients[name] = await started.as(NAMED[index] ?? ''))));
    const users = getUsers.reply.parse((await clients.owner.get('/users')).body).members;
    for (const user of users) byEmail.set(user.email, user);
    generated = users.filter((user) => !NAMED.includes(user.email) && !user.is_bot && user.is_active && user.role === 400);
  });

  afterAll(async () => {
    await server?.close();
  });

  const fixture: UsersFixture = {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    as: clients,
    actors: () => ROLE_NAMES.map((name) => [name, clients[name]]),
    id(email) {
      const user = byEmail.get(email);
      if (!user) throw new Error(`no account ${email}`);
      return user.user_id;
    },
    person(index) {
      const user = generated[index];
      if (!user) throw new Error(`no generated member ${String(index)}`);
      return user;
    },
    async fetchUser(userId, params = {}) {
      const response = await clients.owner.get(`/users/${String(userId)}`, params);
      expectSuccess(response);
      return getUser.reply.parse(response.body).user;
    },
    async setRole(userId, role) {
      expectSuccess(await clients.owner.patch(`/users/${String(userId)}`, { role: 400 }));
      expectSuccess(await clients.owner.patch(`/users/${String(userId)}`, { role }));
    },
    withDb(run) {
      const db = new Database(path.join(fixture.server.dataDir, 'sandbox.sqlite'));
      try {
        return run(db);
      } finally {
        db.close();
      }
    },
  };
  return fixture;
}

export function expectSuccess(response: ApiResponse): void {
  expect(response.body).toMatchObject({ result: 'success', msg: '' });
  expect(response.status).toBe(200);
}

export function expectError(response: ApiResponse, code: string, msg: string | RegExp): void {
  expect(response.body).toMatchObject({ result: 'error', code, msg });
  expect(response.status).toBe(400);
}
