// The records a realm.changed push carries (shared/ipc/push.ts): the changed users and channels as the
// state has them after the batch, so the renderer patches its lists without another round trip. A
// batch larger than MAX_PUSHED_RECORDS names IDs only: one push of thousands of records would cost more
// than the reads it saves, and the renderer then reads what it shows.
import { MAX_PUSHED_RECORDS, type ChangedRecords, type RealmChange } from '../../shared/ipc';
import { channelEntries } from './channels/channel-state';
import type { RealmState } from './session/realm-state';

export function changedRecords(state: RealmState, changes: readonly RealmChange[]): ChangedRecords | undefined {
  const userIds = idsOf(changes, ['users']);
  const channelIds = idsOf(changes, ['channels', 'subscriptions']);
  const records: ChangedRecords = {};
  if (userIds && userIds.length <= MAX_PUSHED_RECORDS) records.users = userIds.flatMap((id) => state.users.get(id) ?? []);
  if (channelIds && channelIds.length <= MAX_PUSHED_RECORDS) records.channels = channelEntries(state, channelIds);
  return records.users || records.channels ? records : undefined;
}

/** The IDs those collections' changes name; null when none changed or one changed as a whole. */
function idsOf(changes: readonly RealmChange[], collections: readonly RealmChange['collection'][]): number[] | null {
  const ids = new Set<number>();
  for (const change of changes) {
    if (!collections.includes(change.collection)) continue;
    if (change.ids.length === 0) return null;
    for (const id of change.ids) ids.add(id);
  }
  return ids.size > 0 ? [...ids] : null;
}
