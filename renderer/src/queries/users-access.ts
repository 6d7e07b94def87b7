// A person's effective access, computed by the core from the live state; read again whenever a
// realm.changed push touches what it is made of (groups, subscriptions, channels, users, realm settings).
import { useQuery } from '@tanstack/react-query';
import type { RealmChange } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { queryKeys } from './keys';

const accessKey = (account: string) => [...queryKeys.account(account), 'users.access'] as const;

export function useUserAccess(account: string, userId: number) {
  return useQuery({ queryKey: [...accessKey(account), userId], queryFn: () => call('users.access', { account, userId }) });
}

const MADE_OF = new Set<RealmChange['collection']>(['groups', 'subscriptions', 'channels', 'users', 'realm']);

/**
 * For queries/pushes.ts: rereads every open access view when what it is made of changed. Not awaited:
 * a slow or failing reread (retried by react-query) must not hold up the pushes behind it.
 */
export function applyAccessChanges(client: { invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void> }, account: string, changes: readonly RealmChange[]): void {
  if (changes.some((change) => MADE_OF.has(change.collection))) void client.invalidateQueries({ queryKey: accessKey(account) });
}
