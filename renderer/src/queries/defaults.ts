// A realm's default settings for new members, saving reviewed edits, and copies to other realms. The
// defaults are kept live by pushes (a `defaults` change rereads them; a `realm` change may mean the
// signed-in user's role moved, which decides whether they may edit), never by polling.
import { skipToken, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, ChannelInput, DefaultsCopy, DefaultsSaveResult, RealmChange } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';

export const defaultsKey = (account: string) => ['account', account, 'defaults'] as const;

export function useDefaults(account: string) {
  return useQuery({ queryKey: defaultsKey(account), queryFn: () => call('defaults.get', { account }), staleTime: Infinity });
}

/** Every signed-in realm's defaults, for Compare realms and Copy to other realms. */
export function useAllDefaults(accounts: readonly Account[]) {
  return useQueries({
    queries: accounts.map((account) => ({ queryKey: defaultsKey(account.id), queryFn: () => call('defaults.get', { account: account.id }), staleTime: Infinity })),
  });
}

/** Called for every realm.changed push (queries/pushes.ts). */
export async function applyDefaultsChanges(client: QueryClient, account: string, changes: readonly RealmChange[]): Promise<void> {
  if (changes.some((change) => change.collection === 'defaults' || change.collection === 'realm')) {
    await client.invalidateQueries({ queryKey: defaultsKey(account) });
  }
}

/** Saves reviewed edits; the answer (the realm's defaults after the save) replaces the cached ones. */
export function useSaveDefaults(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'defaults.save'>, 'account'>): Promise<DefaultsSaveResult> => call('defaults.save', { account, ...input }),
    onSuccess: (result) => client.setQueryData(defaultsKey(account), result.view),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

/** A copy's results as the core has them; the job's pushes reread them when it stops. */
export function useDefaultsCopy(account: string, copyId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobResults(account, copyId ?? ''),
    queryFn: copyId === null ? skipToken : () => call('defaults.copy.get', { account, copyId }),
    staleTime: Infinity,
  });
}

type CopyAction = { kind: 'start'; targets: string[]; names: string[] } | { kind: 'retryFailed'; copyId: string };

/** Starts a copy or retries its failures; the copy it returns is cached for its results view. */
export function useCopyAction(account: string, onCopy: (copy: DefaultsCopy) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CopyAction) =>
      action.kind === 'start' ? call('defaults.copy.start', { account, targets: action.targets, names: action.names }) : call('defaults.copy.retryFailed', { account, copyId: action.copyId }),
    onSuccess: (copy) => {
      client.setQueryData(queryKeys.jobResults(account, copy.id), copy);
      // A short copy can finish before its start is answered: its last push then found nothing to reread.
      void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, copy.id) });
      onCopy(copy);
    },
  });
}
