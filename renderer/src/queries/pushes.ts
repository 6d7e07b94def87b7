// The one subscription to the core's pushes, mounted once in App. Each push patches or invalidates
// exactly the caches it concerns: a changed user is patched into the cached list from the record the
// push carries (or, for a batch too large to carry, fetched by ID), never the whole list of a
// 100,000-user realm again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../shared/api/users';
import type { ChangedRecords, JobProgress, Push, RealmChange, SessionStatus } from '../../../shared/ipc';
import { call, getBridge, onBridgeReconnect } from '../bridge/bridge';
import { applyAccessChanges } from './users-access';
import { lastActiveKey } from './users-last-active';
import { queryKeys } from './keys';
import { applyChannelChanges } from './channels';
import { applyDefaultsChanges } from './defaults';
import { applyCampaignProgress, applyInvitationChanges } from './invitations';
import { applyReportChanges, notifyReport } from './moderation';
import { activityKey } from './activity';

export type PushHandler = (push: Push) => Promise<void>;

export function createPushHandler(client: QueryClient): PushHandler {
  // Patches of one account run one after another, so an older reply never lands after a newer one.
  const queues = new Map<string, Promise<void>>();
  const enqueue = (account: string, work: () => Promise<void>) => {
    const next = (queues.get(account) ?? Promise.resolve()).then(work);
    queues.set(account, next.catch(() => undefined));
    return next;
  };

  return async (push) => {
    switch (push.kind) {
      case 'session.state': {
        const previous = client.getQueryData<SessionStatus>(queryKeys.status(push.account));
        const { state, detail, retryAt, lastLiveAt } = push;
        client.setQueryData<SessionStatus>(queryKeys.status(push.account), { state, detail, retryAt, lastLiveAt });
        // Reads that failed while the session was down get another go once it is live.
        if (push.state === 'live' && previous?.state !== 'live') {
          await client.invalidateQueries({
            queryKey: queryKeys.account(push.account),
            predicate: (query) => query.state.status === 'error',
          });
        }
        return;
      }
      case 'realm.changed':
        return enqueue(push.account, () => applyChanges(client, push.account, push.changes, push.records));
      case 'realm.resynced':
        // The core re-registered: anything cached may have missed events, so all of it is reread.
        return enqueue(push.account, () => client.invalidateQueries({ queryKey: queryKeys.account(push.account) }));
      case 'accounts.changed':
        return client.invalidateQueries({ queryKey: queryKeys.accounts });
      case 'moderation.report':
        return notifyReport(client, push);
      case 'activity.appended':
        return client.invalidateQueries({ queryKey: activityKey(push.account) });
      case 'job.progress': {
        client.setQueryData<JobProgress>(queryKeys.jobProgress(push.account, push.job.id), push.job);
        // The per-item results are read once the job stops, not at every step (a batch can be 20,000 long).
        if (push.job.status !== 'running') await client.invalidateQueries({ queryKey: queryKeys.jobResults(push.account, push.job.id) });
        // An invitation campaign's figures and report (queries/invitations.ts; a no-op for other jobs).
        await applyCampaignProgress(client, push.account, push.job);
        return;
      }
    }
  };
}

async function applyChanges(client: QueryClient, account: string, changes: RealmChange[], records: ChangedRecords | undefined): Promise<void> {
  const userIds = new Set<number>();
  let allUsers = false;
  for (const change of changes) {
    if (change.collection !== 'users') continue;
    if (change.ids.length === 0) allUsers = true;
    for (const id of change.ids) userIds.add(id);
  }
  const work: Promise<unknown>[] = [];
  // Every change to the state can move a count on the overview (a role change moves two); it is small,
  // so reread it. Deleted messages are not in the state (only a report's conversation shows them).
  if (changes.some((change) => change.collection !== 'messages')) work.push(client.invalidateQueries({ queryKey: queryKeys.overview(account) }));
  work.push(applyReportChanges(client, account, changes));
  work.push(applyDefaultsChanges(client, account, changes));
  // The Invitations screen's lists and open form (queries/invitations.ts).
  work.push(applyInvitationChanges(client, account, changes));
  // The Channels screen's list and context (queries/channels.ts).
  work.push(applyChannelChanges(client, account, changes, records?.channels));
  applyAccessChanges(client, account, changes);
  if (changes.some((change) => change.collection === 'presence')) work.push(client.invalidateQueries({ queryKey: lastActiveKey(account) }));
  if (changes.some((change) => change.collection === 'profileFields')) work.push(client.invalidateQueries({ queryKey: queryKeys.profileFields(account) }));
  if (allUsers) work.push(client.invalidateQueries({ queryKey: queryKeys.users(account) }));
  else if (userIds.size > 0) work.push(patchUsers(client, account, [...userIds], records?.users));
  await Promise.all(work);
}

/** Patches the changed users from the push's records, or, when it carries none, from a read of them. */
async function patchUsers(client: QueryClient, account: string, ids: number[], pushed: User[] | undefined): Promise<void> {
  const key = queryKeys.users(account);
  const state = client.getQueryState<User[]>(key);
  // Nothing cached: whoever reads the list next fetches it whole, with the change in it.
  if (state?.data === undefined) return;
  // A read under way may have been answered before the change: read again rather than patch it.
  if (state.fetchStatus === 'fetching') return client.invalidateQueries({ queryKey: key });
  if (pushed) {
    client.setQueryData<User[]>(key, (list) => (list ? mergeUsers(list, ids, pushed) : list));
    return;
  }
  try {
    const fresh = await call('realm.users.get', { account, ids });
    client.setQueryData<User[]>(key, (list) => (list ? mergeUsers(list, ids, fresh) : list));
  } catch {
    // Never leave the list silently stale: mark it so the next read fetches it whole.
    await client.invalidateQueries({ queryKey: key });
  }
}

/**
 * The cached list with the changed users replaced in place, new ones appended, and changed IDs the
 * core no longer knows removed (realm.users.get leaves unknown IDs out).
 */
export function mergeUsers(list: User[], changedIds: number[], fresh: User[]): User[] {
  return replacedInPlace(list, changedIds, fresh) ?? mergedByPass(list, changedIds, fresh);
}

/** Beyond this many changed users, one pass over the list costs no more than looking each one up. */
const MAX_LOOKED_UP = 64;

/**
 * The common live change, a few users changed and none new or removed, without a pass over 100,000
 * users: the core lists users in ascending ID order, so each is found by binary search. Null when the
 * change is not of that kind, or when a user is not where that order puts it (then the pass decides).
 */
function replacedInPlace(list: User[], changedIds: number[], fresh: User[]): User[] | null {
  const changed = new Set(changedIds);
  const freshIds = new Set(fresh.map((user) => user.user_id));
  // Exactly one record per changed user: nobody removed.
  if (changed.size > MAX_LOOKED_UP || freshIds.size !== fresh.length || freshIds.size !== changed.size || ![...freshIds].every((id) => changed.has(id))) return null;
  const merged = [...list];
  for (const user of fresh) {
    let low = 0;
    let high = list.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((list[middle] as User).user_id < user.user_id) low = middle + 1;
      else high = middle;
    }
    if (list[low]?.user_id !== user.user_id) return null;
    merged[low] = user;
  }
  return merged;
}

function mergedByPass(list: User[], changedIds: number[], fresh: User[]): User[] {
  const changed = new Set(changedIds);
  const byId = new Map(fresh.map((user) => [user.user_id, user]));
  const merged: User[] = [];
  for (const user of list) {
    if (!changed.has(user.user_id)) merged.push(user);
    else {
      const update = byId.get(user.user_id);
      if (update) merged.push(update);
      byId.delete(user.user_id);
    }
  }
  merged.push(...byId.values());
  return merged;
}

/** Subscribes to the core's pushes for as long as the app is mounted. */
export function usePushes(): void {
  const client = useQueryClient();
  useEffect(() => {
    const bridge = getBridge();
    if (!bridge) return;
    const handle = createPushHandler(client);
    const unsubscribe = bridge.subscribe((push) => {
      handle(push).catch(() => undefined);
    });
    // Browser mode's socket came back: pushes sent while it was down are lost, so reread everything.
    const stopReconnect = onBridgeReconnect(() => void client.invalidateQueries());
    return () => {
      unsubscribe();
      stopReconnect();
    };
  }, [client]);
}
