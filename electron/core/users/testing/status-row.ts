// The reliability matrix's row for bulk deactivation and reactivation (electron/core/testing/
// matrix-row.ts): two demo members without bots deactivated as a job (users.bulkStatus.*), then
// reactivated by the next scenario, and so on. The server's word on each user is GET /users/{id}
// straight to it; "exactly once" counts the `realm_user` updates of `is_active` another client's queue
// received.
import { expect } from 'vitest';
import { getUser, type RawEvent } from '../../../../shared/api';
import type { StatusBatch } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';

interface Subject {
  userIds: number[];
  /** What the job makes them: active (reactivation) or not. */
  active: boolean;
  batchId: string | null;
}

/** The two users of a console's scenarios, chosen at its first: later ones find them deactivated. */
const chosen = new WeakMap<FaultConsole, number[]>();

/** Deactivating a user deactivates their bots too: these have none, so each job changes two users. */
function activeMembersWithoutBots(h: FaultConsole): number[] {
  const users = [...h.state().users.values()];
  const owners = new Set(users.filter((user) => user.is_bot).map((bot) => bot.bot_owner_id));
  return users
    .filter((user) => user.role === 400 && user.is_active && !user.is_bot && !owners.has(user.user_id) && user.email !== 'mark@sandbox.test')
    .map((user) => user.user_id)
    .sort((a, b) => a - b);
}

async function activeOnServer(h: FaultConsole, userId: number): Promise<boolean> {
  return (await h.main.direct.call(getUser, { user_id: userId })).value.user.is_active;
}

function statusChanges(h: FaultConsole, userId: number, since: number): number {
  return h.main.watch.count((event: RawEvent) => {
    const person = (event as RawEvent & { op?: string; person?: { user_id?: number; is_active?: boolean } }).person;
    return event.type === 'realm_user' && (event as { op?: string }).op === 'update' && person?.user_id === userId && person.is_active !== undefined;
  }, since);
}

async function finished(h: FaultConsole, started: StatusBatch, subject: Subject): Promise<Told> {
  subject.batchId = started.id;
  const batch = await until(async () => {
    const each = await h.value<StatusBatch>('users.bulkStatus.get', { account: h.main.accountId, batchId: started.id });
    return each.finishedAt !== null && each;
  }, `status batch ${started.id} to finish`);
  const failed = batch.results.filter((result) => result.outcome !== 'changed');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? '') };
}

export const bulkStatusJob = row<Subject>({
  name: 'bulk deactivate and reactivate',
  writes: { path: /^\/api\/v1\/users\/\d+(\/reactivate)?$/ },
  target: (h) => h.main,
  async prepare(h) {
    let userIds = chosen.get(h);
    if (!userIds) {
      userIds = activeMembersWithoutBots(h).slice(0, 2);
      chosen.set(h, userIds);
    }
    return { userIds, active: !(await activeOnServer(h, userIds[0]!)), batchId: null };
  },
  async run(h, subject) {
    return finished(h, await h.value<StatusBatch>('users.bulkStatus.start', { account: h.main.accountId, userIds: subject.userIds, active: subject.active }), subject);
  },
  async retry(h, subject) {
    return finished(h, await h.value<StatusBatch>('users.bulkStatus.retryFailed', { account: h.main.accountId, batchId: subject.batchId }), subject);
  },
  async truthful(h, subject, told, since) {
    expectWords(told);
    const batch = await h.value<StatusBatch>('users.bulkStatus.get', { account: h.main.accountId, batchId: subject.batchId });
    for (const result of batch.results) {
      const changed = result.outcome === 'changed';
      expect({ userId: result.userId, active: await activeOnServer(h, result.userId) }).toEqual({ userId: result.userId, active: changed ? subject.active : !subject.active });
      expect({ userId: result.userId, changes: statusChanges(h, result.userId, since) }).toEqual({ userId: result.userId, changes: changed ? 1 : 0 });
    }
  },
  async done(h, subject, since) {
    for (const userId of subject.userIds) {
      expect({ userId, active: await activeOnServer(h, userId) }).toEqual({ userId, active: subject.active });
      expect({ userId, changes: statusChanges(h, userId, since) }).toEqual({ userId, changes: 1 });
    }
  },
});
