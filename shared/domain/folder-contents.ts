// What a channel folder holds, its archived channels counted apart. Upstream archives a folder only
// when no channel at all is in it, archived ones included: check_channel_folder_in_use filters every
// Stream of the folder, deactivated or not (https://github.com/zulip/zulip/blob/main/zerver/lib/channel_folders.py),
// and an archived channel keeps its folder_id. So a folder holding only an archived channel is not
// empty: the Folders tab, its confirmation and the core all count with this one tally.
import { plural } from './plural';

export interface FolderContents {
  active: number;
  archived: number;
}

const NOTHING: FolderContents = { active: 0, archived: 0 };

/** Channels per folder ID, unarchived and archived apart; a folder holding none is absent. */
export function folderContents(channels: readonly { folder_id?: number | null; is_archived?: boolean }[]): Map<number, FolderContents> {
  const contents = new Map<number, FolderContents>();
  for (const channel of channels) {
    if (channel.folder_id === null || channel.folder_id === undefined) continue;
    const now = contents.get(channel.folder_id) ?? NOTHING;
    contents.set(channel.folder_id, channel.is_archived === true ? { ...now, archived: now.archived + 1 } : { ...now, active: now.active + 1 });
  }
  return contents;
}

export const contentsOf = (contents: ReadonlyMap<number, FolderContents>, folderId: number): FolderContents => contents.get(folderId) ?? NOTHING;

export const isEmptyFolder = (held: FolderContents): boolean => held.active + held.archived === 0;

/** "2 channels", "1 archived channel", "2 channels and 1 archived channel", "0 channels". */
export function contentsWords(held: FolderContents): string {
  const parts = [
    ...(held.active > 0 || held.archived === 0 ? [plural(held.active, 'channel', 'channels')] : []),
    ...(held.archived > 0 ? [plural(held.archived, 'archived channel', 'archived channels')] : []),
  ];
  return parts.join(' and ');
}
