// The live status of an account's event queue. Pushes keep the cache current (queries/pushes.ts);
// the query only fills it when the shell first shows the account.
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../bridge/bridge';
import { errorWords } from '../errors/words';
import { toast } from '../stores/toasts';
import { queryKeys } from './keys';

export function useSessionStatus(account: string) {
  return useQuery({
    queryKey: queryKeys.status(account),
    queryFn: () => call('session.status', { account }),
    // Pushes are the source of truth from here on; refetching could only bring an older state.
    staleTime: Infinity,
  });
}

export function useReconnect(account: string) {
  return useMutation({
    mutationFn: () => call('session.reconnect', { account }),
    onError: (error) => {
      const words = errorWords(error);
      toast({ kind: 'error', title: `Could not reconnect: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
    },
  });
}
