// Reads of a realm's live state. Pushes patch or invalidate these caches (queries/pushes.ts), so
// they never go stale by time: staleTime is Infinity.
import { useQuery } from '@tanstack/react-query';
import { call } from '../bridge/bridge';
import { queryKeys } from './keys';

export function useRealmOverview(account: string) {
  return useQuery({ queryKey: queryKeys.overview(account), queryFn: () => call('realm.overview', { account }), staleTime: Infinity });
}

/** The organization's custom profile fields, in display order: what users' `profile_data` keys mean. */
export function useProfileFields(account: string) {
  return useQuery({ queryKey: queryKeys.profileFields(account), queryFn: () => call('realm.profileFields', { account }), staleTime: Infinity });
}

export function useRealmUsers(account: string) {
  return useQuery({
    queryKey: queryKeys.users(account),
    queryFn: () => call('realm.users.list', { account }),
    staleTime: Infinity,
    // A push patches the list keeping every unchanged user's object (pushes.ts mergeUsers), which is
    // what structural sharing would find out by comparing the whole list: on 100,000 users that
    // comparison cost more than the rest of a live change's repaint.
    structuralSharing: false,
  });
}
