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

