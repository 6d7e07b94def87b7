// The signed-in accounts, and signing in and out. A sign-in's errors are left to the form that sent
// it (they belong next to the inputs); a sign-out's go to a toast.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, ChannelInput } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { errorWords } from '../errors/words';
import { toast } from '../stores/toasts';
import { useUi } from '../stores/ui';
import { queryKeys } from './keys';

export function useAccounts() {
  return useQuery({
    queryKey: queryKeys.accounts,
    queryFn: () => call('accounts.list', {}),
    // The list changes only through sign-in, sign-out and accounts.changed pushes, which update it.
    staleTime: Infinity,
    // A failed list (no core) is not refetched by every component that mounts to show it: a refetch
    // without data puts the query back to pending, which would unmount the shell and loop.
    retryOnMount: false,
  });
}

/** The account the shell shows: the one chosen in the switcher, or the first when that one is gone. */
export function useSelectedAccount(): Account | null {
  const accounts = useAccounts().data ?? [];
  const selected = useUi((state) => state.selectedAccount);
  return accounts.find((account) => account.id === selected) ?? accounts[0] ?? null;
}

function signedIn(client: QueryClient, account: Account) {
  client.setQueryData<Account[]>(queryKeys.accounts, (list = []) => [...list.filter((a) => a.id !== account.id), account]);
  void client.invalidateQueries({ queryKey: queryKeys.accounts });
  const ui = useUi.getState();
  ui.selectAccount(account.id);
  ui.closeConnect();
  ui.openScreen('overview');
  toast({ kind: 'success', title: `Signed in to ${account.realmName} as ${account.fullName}.` });
}

export function useSignInWithPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelInput<'accounts.signInWithPassword'>) => call('accounts.signInWithPassword', input),
    onSuccess: (account) => signedIn(client, account),
  });
}

export function useSignInWithApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelInput<'accounts.signInWithApiKey'>) => call('accounts.signInWithApiKey', input),
    onSuccess: (account) => signedIn(client, account),
  });
}

export function useImportZuliprc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelInput<'accounts.importZuliprc'>) => call('accounts.importZuliprc', input),
    onSuccess: (account) => signedIn(client, account),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (account: Account) => call('accounts.signOut', { account: account.id }),
    onSuccess: (_null, account) => {
      client.setQueryData<Account[]>(queryKeys.accounts, (list = []) => list.filter((a) => a.id !== account.id));
      client.removeQueries({ queryKey: queryKeys.account(account.id) });
      void client.invalidateQueries({ queryKey: queryKeys.accounts });
      toast({ kind: 'success', title: `Signed out of ${account.realmName}. Its API key was removed from this computer.` });
    },
    onError: (error, account) => {
      const words = errorWords(error);
      toast({ kind: 'error', title: `Could not sign out of ${account.realmName}: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
    },
  });
}
