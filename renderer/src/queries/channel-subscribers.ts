// One channel's subscribers (channels.subscribers.*): the IDs the core keeps live, reread when a push
// names the channel's subscriptions (queries/channels.ts), and adding or removing people.
import { skipToken, useMutation, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import type { SubscriberHazard } from '../../../shared/ipc';

export const subscriberKeys = {
  all: (account: string) => ['account', account, 'channels', 'subscribers'] as const,
  channel: (account: string, channelId: number) => [...subscriberKeys.all(account), channelId] as const,
};

export function useChannelSubscribers(account: string, channelId: number | null) {
  return useQuery({
    queryKey: subscriberKeys.channel(account, channelId ?? 0),
    queryFn: channelId === null ? skipToken : () => call('channels.subscribers.list', { account, channelId }),
    staleTime: Infinity,
  });
}

/**
 * Several channels' subscribers by channel ID, as the cache holds them (a channel still loading is
 * absent), sharing useChannelSubscribers' cache. The map and each list stay the same objects until a
 * list changes, so what is worked out from them can be kept. `channelIds` should be memoized.
 */
export function useSubscriberLists(account: string, channelIds: readonly number[]): ReadonlyMap<number, readonly number[]> {
  const combine = useCallback(
    (results: UseQueryResult<number[]>[]) => new Map(results.flatMap((result, at) => (result.data ? [[channelIds[at] as number, result.data] as const] : []))),
    [channelIds],
  );
  return useQueries({
    queries: channelIds.map((channelId) => ({
      queryKey: subscriberKeys.channel(account, channelId),
      queryFn: () => call('channels.subscribers.list', { account, channelId }),
      staleTime: Infinity,
    })),
    combine,
  });
}

/** Several channels' subscribers as sets by channel ID (useSubscriberLists). */
export function useSubscriberSets(account: string, channelIds: readonly number[]): ReadonlyMap<number, ReadonlySet<number>> {
  const lists = useSubscriberLists(account, channelIds);
  return useMemo(() => new Map([...lists].map(([id, list]) => [id, new Set(list)])), [lists]);
}

export function useChangeSubscribers(account: string, channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userIds, acknowledged = [] }: { action: 'add' | 'remove'; userIds: number[]; acknowledged?: SubscriberHazard[] }) =>
      call('channels.subscribers.change', { account, channelId, action, userIds, acknowledged }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: subscriberKeys.channel(account, channelId) }), client.invalidateQueries({ queryKey: activityKey(account) })]),
  });
}
