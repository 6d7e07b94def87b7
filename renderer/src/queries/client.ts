// The app's react-query client. Data from the core is kept current by pushes, not by refetching on
// focus; a failed read is retried unless no retry can fix it.
import { QueryClient } from '@tanstack/react-query';
import { BridgeError } from '../bridge/bridge';

/**
 * Errors a retry cannot fix: no core at all, input the core refused, or an account signed out
 * meanwhile; and NOT_CONNECTED, which only the session's own next try fixes (reads that failed with
 * it are read again when the session goes live: queries/pushes.ts).
 */
const FINAL = new Set(['NO_BRIDGE', 'INVALID_INPUT', 'UNKNOWN_CHANNEL', 'FORBIDDEN_SENDER', 'UNKNOWN_ACCOUNT', 'NOT_CONNECTED']);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Calls go to the core, not the network: they must run (and fail in words) when the machine
        // is offline, rather than pause on navigator.onLine as react-query does by default.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof BridgeError && FINAL.has(error.code)),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
