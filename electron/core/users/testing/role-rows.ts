// The reliability matrix's rows for roles (electron/core/testing/matrix-row.ts): one user's role
// change (users.changeRole) and a bulk role job (users.bulkRole.*), each making demo members
// moderators. The server's word on each user is GET /users/{id} straight to it; "exactly once" counts
// the role events another client's queue received, and the PATCH requests that reached the server.
import { expect } from 'vitest';
import { getUser, type Role } from '../../../../shared/api';
import type { IpcResult, RoleBatch } from '../../../../shared/ipc';
import type { FaultConsole, FaultRealm } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';

const MEMBER: Role = 400;
const MODERATOR: Role = 300;

/** The demo's generated members (role member, human, active), by ID: the users the rows promote. */
function members(h: FaultConsole): number[] {
  return [...h.state().users.values()]
    .filter((user) => user.role === MEMBER && !user.is_bot && user.is_active && user.email !== 'mark@sandbox.test')
    .map((user) => user.user_id)
    .sort((a, b) => a - b);
}

async function roleOnServer(realm: FaultRealm, userId: number): Promise<Role> {
  return (await realm.direct.call(getUser, { user_id: userId })).value.user.role;
}

/** PATCH /users/{id} requests for this user that the proxy sent on to the server. */
function patchesReaching(realm: FaultRealm, userId: number, fromLog: number): number {
  return realm.proxy.log.slice(fromLog).filter((request) => request.forwarded && request.method === 'PATCH' && request.path === `/api/v1/users/${userId}`).length;
}

/** Each user's role on the server agrees with what the console said, and changed at most once. */
async function expectTruth(h: FaultConsole, changedByConsole: Map<number, boolean>, since: number, fromLog: number): Promise<void> {
  const realm = h.main;
  for (const [userId, changed] of changedByConsole) {
    const role = await roleOnServer(realm, userId);
    expect({ userId, role }).toEqual({ userId, role: changed ? MODERATOR : MEMBER });
    expect({ userId, changes: realm.watch.roleChanges(userId, since) }).toEqual({ userId, changes: changed ? 1 : 0 });
    expect(patchesReaching(realm, userId, fromLog)).toBeLessThanOrEqual(1);
  }
}

async function expectAllOnce(h: FaultConsole, userIds: readonly number[], since: number): Promise<void> {
  for (const userId of userIds) {
    expect({ userId, role: await roleOnServer(h.main, userId) }).toEqual({ userId, role: MODERATOR });
    expect({ userId, changes: h.main.watch.roleChanges(userId, since) }).toEqual({ userId, changes: 1 });
  }
}

interface SingleSubject {
  userId: number;
  /** Where the proxy's log stood when the scenario began. */
  fromLog: number;
}

const toldOfChange = (result: IpcResult<unknown>): Told =>
  result.ok ? { ok: (result.value as { role: Role }).role === MODERATOR, said: [] } : { ok: false, said: [result.error.msg] };

export const singleRoleChange = row<SingleSubject>({
  name: 'single role change',
  writes: { method: 'PATCH', path: /^\/api\/v1\/users\/\d+$/ },
  target: (h) => h.main,
  async prepare(h, index) {
    // The first members not yet promoted: earlier scenarios made theirs moderators.
    const userId = members(h)[0];
    if (userId === undefined) throw new Error(`no demo member left for scenario ${index}`);
    return { userId, fromLog: h.main.proxy.log.length };
  },
  run: async (h, { userId }) => toldOfChange(await h.call('users.changeRole', { account: h.main.accountId, userId, role: MODERATOR })),
  retry: async (h, { userId }) => toldOfChange(await h.call('users.changeRole', { account: h.main.accountId, userId, role: MODERATOR })),
  async truthful(h, { userId, fromLog }, told, since) {
    expectWords(told);
    await expectTruth(h, new Map([[userId, told.ok]]), since, fromLog);
  },
  done: (h, { userId }, since) => expectAllOnce(h, [userId], since),
});

interface BulkSubject {
  userIds: number[];
  fromLog: number;
  batchId: string | null;
}

const PER_JOB = 3;

async function finishedBatch(h: FaultConsole, started: RoleBatch): Promise<RoleBatch> {
  return until(async () => {
    const batch = await h.value<RoleBatch>('users.bulkRole.get', { account: h.main.accountId, batchId: started.id });
    return batch.finishedAt !== null && batch;
  }, `bulk role job ${started.id} to finish`);
}

function toldOfBatch(batch: RoleBatch, subject: BulkSubject): Told {
  subject.batchId = batch.id;
  const failed = batch.results.filter((result) => result.outcome === 'failed');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? '') };
}

export const bulkRoleJob = row<BulkSubject>({
  name: 'bulk role job',
  writes: { method: 'PATCH', path: /^\/api\/v1\/users\/\d+$/ },
  target: (h) => h.main,
  async prepare(h, index) {
    const userIds = members(h).slice(0, PER_JOB);
    if (userIds.length < PER_JOB) throw new Error(`not enough demo members for scenario ${index}`);
    return { userIds, fromLog: h.main.proxy.log.length, batchId: null };
  },
  async run(h, subject) {
    const started = await h.value<RoleBatch>('users.bulkRole.start', { account: h.main.accountId, userIds: subject.userIds, role: MODERATOR });
    return toldOfBatch(await finishedBatch(h, started), subject);
  },
  async retry(h, subject) {
    const started = await h.value<RoleBatch>('users.bulkRole.retryFailed', { account: h.main.accountId, batchId: subject.batchId });
    return toldOfBatch(await finishedBatch(h, started), subject);
  },
  async truthful(h, subject, told, since) {
    expectWords(told);
    const batch = await h.value<RoleBatch>('users.bulkRole.get', { account: h.main.accountId, batchId: subject.batchId });
    await expectTruth(h, new Map(batch.results.map((result) => [result.userId, result.outcome === 'changed'])), since, subject.fromLog);
  },
  done: (h, { userIds }, since) => expectAllOnce(h, userIds, since),
});
