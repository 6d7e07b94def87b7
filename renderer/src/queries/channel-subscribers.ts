// One channel's subscribers (channels.subscribers.*): the IDs the core keeps live, reread when a push
// names the channel's subscriptions (queries/channels.ts), and adding or removing people.
import { skipToken, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';

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

/** Several channels' subscribers as sets by channel ID (a channel still loading is absent), sharing useChannelSubscribers' cache. */
export function useSubscriberSets(account: string, channelIds: readonly number[]): ReadonlyMap<number, ReadonlySet<number>> {
  return useQueries({
    queries: channelIds.map((channelId) => ({
      queryKey: subscriberKeys.channel(account, channelId),
      queryFn: () => call('channels.subscribers.list', { account, channelId }),
      staleTime: Infinity,
    })),
    combine: (results) => new Map(results.flatMap((result, at) => (result.data ? [[channelIds[at] as number, new Set(result.data)] as const] : []))),
  });
}

export function useChangeSubscribers(account: string, channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userIds }: { action: 'add' | 'remove'; userIds: number[] }) => call('channels.subscribers.change', { account, channelId, action, userIds }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: subscriberKeys.channel(account, channelId) }), client.invalidateQueries({ queryKey: activityKey(account) })]),
  });
}
