// The "About & diagnostics" view's reads and actions. The view is open only now and then, so its
// data is read when it opens and again when a session's state changes while it is open.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, getBridge } from '../bridge/bridge';

const DIAGNOSTICS_KEY = ['diagnostics'] as const;

export function useDiagnostics() {
  const client = useQueryClient();
  // Queue states and the last problems move while the view is open: reread them when a session says so.
  useEffect(() => {
    const bridge = getBridge();
    if (!bridge) return;
    return bridge.subscribe((push) => {
      if (push.kind === 'session.state' || push.kind === 'accounts.changed') void client.invalidateQueries({ queryKey: DIAGNOSTICS_KEY });
    });
  }, [client]);
  return useQuery({ queryKey: DIAGNOSTICS_KEY, queryFn: () => call('diagnostics.get', {}), staleTime: 0, retry: false });
}

export function useDiagnosticsReport() {
  return useMutation({ mutationFn: () => call('diagnostics.report', {}) });
}

export function useOpenLogsFolder() {
  return useMutation({ mutationFn: () => call('diagnostics.openLogsFolder', {}) });
}

export function useCheckForUpdates() {
  return useMutation({ mutationFn: () => call('updates.check', {}) });
}
