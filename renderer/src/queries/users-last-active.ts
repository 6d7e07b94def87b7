// When each user was last active (the core's presence history): read once, and read again when a
// `realm.changed` push says someone's last-active day moved (queries/pushes.ts).
import { useQuery } from '@tanstack/react-query';
import type { LastActive } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { queryKeys } from './keys';

export const lastActiveKey = (account: string) => [...queryKeys.account(account), 'users.lastActive'] as const;

export interface LastActiveIndex {
  historyLimitDays: number;
  /** Seconds, by user ID. */
  at: ReadonlyMap<number, number>;
}

const toIndex = (reply: LastActive): LastActiveIndex => ({ historyLimitDays: reply.historyLimitDays, at: new Map(reply.seen) });

export function useLastActive(account: string) {
  return useQuery({ queryKey: lastActiveKey(account), queryFn: () => call('users.lastActive', { account }), select: toIndex });
}
