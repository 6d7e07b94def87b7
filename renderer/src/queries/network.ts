// The app's network settings (proxies). Saving is left to the dialog that sent it: its failures belong
// next to the field they are about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NetworkSettingsInput, NetworkStatus } from '../../../shared/ipc';
import { call } from '../bridge/bridge';

const NETWORK_KEY = ['network'] as const;

export function useNetworkStatus(enabled = true) {
  return useQuery({ queryKey: NETWORK_KEY, queryFn: () => call('network.get', {}), enabled, retry: false });
}

export function useSaveNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NetworkSettingsInput) => call('network.set', settings),
    onSuccess: (status: NetworkStatus) => {
      client.setQueryData(NETWORK_KEY, status);
      // The diagnostics name the network settings too.
      void client.invalidateQueries({ queryKey: ['diagnostics'] });
    },
  });
}
