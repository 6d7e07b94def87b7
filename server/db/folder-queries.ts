// Reading channel folders: the row type, lookups, and upstream's channel folder object (GET
// /channel_folders, register `channel_folders`, channel_folder add events).
import type { ChannelFolder } from '../../shared/api';
import type { Db } from './connection';

export interface FolderRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  creator_id: number | null;
  date_created: number;
  is_archived: number;
  sort_order: number;
}

export function getFolder(db: Db, id: number): FolderRow | undefined {
  return db.prepare('SELECT * FROM channel_folders WHERE id = ?').get(id) as FolderRow | undefined;
}

/** Folders in the organization's order (upstream sorts by `order` since feature level 414). */
export function listFolders(db: Db, includeArchived: boolean): FolderRow[] {
  const where = includeArchived ? '' : 'WHERE is_archived = 0';
  return db.prepare(`SELECT * FROM channel_folders ${where} ORDER BY sort_order, id`).all() as FolderRow[];
}

export function allFolderIds(db: Db): number[] {
  return db.prepare('SELECT id FROM channel_folders ORDER BY sort_order, id').pluck().all() as number[];
}

/**
 * A non-archived folder with this name, compared without case (upstream's uniqueness rule). Compared
 * here rather than in SQL, whose lower() folds ASCII letters only.
 */
export function activeFolderNamed(db: Db, name: string): FolderRow | undefined {
  const key = name.toLowerCase();
  return listFolders(db, false).find((folder) => folder.name.toLowerCase() === key);
}

/** How many channels are in the folder, archived ones included, as upstream check_channel_folder_in_use counts. */
export function channelsInFolder(db: Db, folderId: number): number {
  return db.prepare('SELECT count(*) FROM streams WHERE folder_id = ?').pluck().get(folderId) as number;
}

/** Upstream's channel folder object (zerver/lib/channel_folders.py get_channel_folder_dict). */
export function folderObject(row: FolderRow): ChannelFolder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rendered_description: row.rendered_description,
    creator_id: row.creator_id,
    date_created: row.date_created,
    is_archived: row.is_archived === 1,
    order: row.sort_order,
  };
}
