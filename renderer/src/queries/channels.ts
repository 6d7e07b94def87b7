// The Channels screen's data: the realm's channels (kept live by pushes, which patch only the channels
// a change names), the context the rules need (folders, groups, the organization's channel settings),
// changes to one channel, creating one, a description's preview, and one channel's history. A change's
// reply (the channel as the core now has it) is patched into the cached list at once; every attempt,
// made or refused, is reread from the activity log. Bulk changes from the permission matrix are jobs of
// the core: their records are read here, their progress arrives as pushes (queries/jobs.ts).
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChannelBatch, ChannelEntry, ChannelInput, JobProgress, RealmChange } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';

export const channelKeys = {
  list: (account: string) => ['account', account, 'channels', 'list'] as const,
  context: (account: string) => ['account', account, 'channels', 'context'] as const,
  preview: (account: string, content: string) => ['account', account, 'channels', 'preview', content] as const,
  /** Under the activity log's key, so every change (which rereads the log) rereads it too. */
  history: (account: string, channelId: number) => [...activityKey(account), 'channel', channelId] as const,
};

export function useChannels(account: string) {
  return useQuery({ queryKey: channelKeys.list(account), queryFn: () => call('channels.list', { account }), staleTime: Infinity });
}

export function useChannelContext(account: string) {
  return useQuery({ queryKey: channelKeys.context(account), queryFn: () => call('channels.context', { account }), staleTime: Infinity });
}

/** The server's rendering of a description (POST /messages/render); kept per text, so typing back reuses it. */
export function useDescriptionPreview(account: string, content: string | null) {
  return useQuery({
    queryKey: channelKeys.preview(account, content ?? ''),
    queryFn: content === null ? skipToken : () => call('channels.renderDescription', { account, content }),
    staleTime: Infinity,
  });
}

/** The activity log's entries about one channel, newest first. */
export function useChannelHistory(account: string, channelId: number) {
  return useQuery({
    queryKey: channelKeys.history(account, channelId),
    queryFn: () => call('activity.list', { account, limit: 200, channelId }),
    refetchOnMount: 'always',
  });
}

function patchEntries(client: QueryClient, account: string, fresh: ChannelEntry[], changedIds: number[] = fresh.map((entry) => entry.channel.stream_id)) {
  client.setQueryData<ChannelEntry[]>(channelKeys.list(account), (list) => (list ? mergeEntries(list, changedIds, fresh) : list));
}

type Update = Omit<ChannelInput<'channels.update'>, 'account'>;

export function useChannelUpdate(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: Update) => call('channels.update', { account, ...update }),
    onSuccess: (result) => patchEntries(client, account, [result.entry]),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

export function useCreateChannel(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: ChannelInput<'channels.create'>['channel']) => call('channels.create', { account, channel }),
    onSuccess: (entry) => patchEntries(client, account, [entry]),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

/** A bulk change's results, as the core has them. Pushes reread them when the job stops. */
export function useChannelBatch(account: string, batchId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobResults(account, batchId ?? ''),
    queryFn: batchId === null ? skipToken : () => call('channels.batch.get', { account, batchId }),
    staleTime: Infinity,
  });
}

export type ChannelBatchAction =
  | ({ kind: 'start' } & Omit<ChannelInput<'channels.batch.start'>, 'account'>)
  | { kind: 'retry'; batchId: string; which: 'failed' | 'conflicts' }
  | { kind: 'cancel'; batchId: string };

function sendBatch(account: string, action: ChannelBatchAction): Promise<ChannelBatch> {
  switch (action.kind) {
    case 'start':
      return call('channels.batch.start', { account, columns: action.columns, acknowledged: action.acknowledged });
    case 'retry':
      return call('channels.batch.retry', { account, batchId: action.batchId, which: action.which });
    case 'cancel':
      return call('channels.batch.cancel', { account, batchId: action.batchId });
  }
}

/** Starts, retries or cancels a bulk change; the job it returns is cached for its results view. */
export function useChannelBatchAction(account: string, onBatch?: (batch: ChannelBatch) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ChannelBatchAction) => sendBatch(account, action),
    onSuccess: (batch) => {
      client.setQueryData(queryKeys.jobResults(account, batch.id), batch);
      // A short job can finish before its start is answered: its last push then found nothing to reread.
      const progress = client.getQueryData<JobProgress>(queryKeys.jobProgress(account, batch.id));
      if (progress && progress.status !== 'running') void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, batch.id) });
      onBatch?.(batch);
    },
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

/**
 * For queries/pushes.ts: changed channels and subscriptions are patched into the cached list from the
 * entries the push carries, or fetched by ID when it carries none (a realm of thousands of channels is
 * never reread whole for one change); folders, groups and the organization's settings reread the small
 * context.
 */
export async function applyChannelChanges(client: QueryClient, account: string, changes: readonly RealmChange[], pushed?: ChannelEntry[]): Promise<void> {
  const ids = new Set<number>();
  let whole = false;
  let context = false;
  for (const change of changes) {
    if (change.collection === 'channels' || change.collection === 'subscriptions') {
      if (change.ids.length === 0) whole = true;
      for (const id of change.ids) ids.add(id);
    }
    if (change.collection === 'folders' || change.collection === 'groups' || change.collection === 'realm') context = true;
  }
  const work: Promise<unknown>[] = [];
  if (context) work.push(client.invalidateQueries({ queryKey: channelKeys.context(account) }));
  // Open subscriber lists (queries/channel-subscribers.ts) follow every change to subscriptions.
  if (whole || ids.size > 0) work.push(client.invalidateQueries({ queryKey: ['account', account, 'channels', 'subscribers'] }));
  if (whole) work.push(client.invalidateQueries({ queryKey: channelKeys.list(account) }));
  else if (ids.size > 0) work.push(patchChannels(client, account, [...ids], pushed));
  await Promise.all(work);
}

async function patchChannels(client: QueryClient, account: string, ids: number[], pushed: ChannelEntry[] | undefined): Promise<void> {
  const key = channelKeys.list(account);
  const state = client.getQueryState<ChannelEntry[]>(key);
  // Nothing cached: whoever reads the list next fetches it whole, with the change in it.
  if (state?.data === undefined) return;
  // A read under way may have been answered before the change: read again rather than patch it.
  if (state.fetchStatus === 'fetching') return client.invalidateQueries({ queryKey: key });
  if (pushed) return patchEntries(client, account, pushed, ids);
  try {
    patchEntries(client, account, await call('channels.get', { account, ids }), ids);
  } catch {
    // Never leave the list silently stale: mark it so the next read fetches it whole.
    await client.invalidateQueries({ queryKey: key });
  }
}

/** The cached list with changed channels replaced in place, new ones appended, and ones gone removed. */
export function mergeEntries(list: ChannelEntry[], changedIds: number[], fresh: ChannelEntry[]): ChannelEntry[] {
  const changed = new Set(changedIds);
  const byId = new Map(fresh.map((entry) => [entry.channel.stream_id, entry]));
  const merged: ChannelEntry[] = [];
  for (const entry of list) {
    const id = entry.channel.stream_id;
    if (!changed.has(id)) merged.push(entry);
    else {
      const update = byId.get(id);
      if (update) merged.push(update);
      byId.delete(id);
    }
  }
  merged.push(...byId.values());
  return merged;
}
