// Reordering folders: upstream's PATCH /channel_folders wants every folder, archived ones too, so a
// move among the unarchived folders keeps the archived ones where they were, after them.
import type { ChannelFolder } from '../../../../../shared/api/folders';

/** The whole order after moving `id` to `index` among the unarchived folders (`active`, in order). */
export function orderAfterMove(active: readonly ChannelFolder[], archived: readonly ChannelFolder[], id: number, index: number): number[] | null {
  const from = active.findIndex((folder) => folder.id === id);
  if (from < 0) return null;
  const to = Math.max(0, Math.min(active.length - 1, index));
  if (to === from) return null;
  const ids = active.map((folder) => folder.id);
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return [...ids, ...archived.map((folder) => folder.id)];
}

/** Non-archived channels per folder ID. */
export function channelCounts(channels: readonly { folder_id?: number | null; is_archived?: boolean }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const channel of channels) {
    if (channel.folder_id === null || channel.folder_id === undefined || channel.is_archived === true) continue;
    counts.set(channel.folder_id, (counts.get(channel.folder_id) ?? 0) + 1);
  }
  return counts;
}
