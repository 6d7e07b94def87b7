// Channel folders: spec 8 (create) and upstream's update and reorder (zerver/actions/channel_folders.py).
// Administrators only; every change is announced to every active user after it commits.
import type { ChannelFolder, CreateChannelFolderParams, UpdateChannelFolderParams } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import {
  activeFolderNamed,
  allFolderIds,
  channelsInFolder,
  folderObject,
  getFolder,
  type FolderRow,
} from '../db/folder-queries';
import { isAdmin, type UserRow } from '../db/users';
import { ACTIVE_USERS } from '../events/bus';
import { badRequest, mustBeAdmin } from '../lib/errors';
import { renderMarkdown } from '../markdown/render';

interface FolderChange {
  name?: string;
  description?: string;
  rendered_description?: string;
  is_archived?: boolean;
}

/** upstream's channel_folder events as published (the queue adds `id`; shared/api ChannelFolderEvent). */
export type FolderEvent =
  | { type: 'channel_folder'; op: 'add'; channel_folder: ChannelFolder }
  | { type: 'channel_folder'; op: 'update'; channel_folder_id: number; data: FolderChange }
  | { type: 'channel_folder'; op: 'reorder'; order: number[] };

// upstream zerver/lib/string_validation.py: control characters, surrogates and the 66 non-characters.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF]/u;
const isNonCharacter = (codePoint: number) => (codePoint & 0xfffe) === 0xfffe;

/** upstream check_string_is_printable: the 1-based position of the first unprintable character. */
export function unprintablePosition(text: string): number | undefined {
  const chars = [...text];
  const index = chars.findIndex((char) => UNPRINTABLE.test(char) || isNonCharacter(char.codePointAt(0) ?? 0));
  return index < 0 ? undefined : index + 1;
}

/** upstream check_channel_folder_name; `except` is the folder being renamed. */
function checkFolderName(ctx: ServerContext, name: string, except?: number): void {
  if (name.trim() === '') throw badRequest("Channel folder name can't be empty.");
  const position = unprintablePosition(name);
  if (position !== undefined) throw badRequest(`Invalid character in channel folder name, at position ${String(position)}.`);
  const existing = activeFolderNamed(ctx.db, name);
  if (existing && existing.id !== except) throw badRequest('Channel folder name already in use');
}

function requireAdmin(actor: UserRow): void {
  if (!isAdmin(actor)) throw mustBeAdmin();
}

function accessFolder(ctx: ServerContext, id: number): FolderRow {
  const folder = getFolder(ctx.db, id);
  if (!folder) throw badRequest('Invalid channel folder ID');
  return folder;
}

function announce(ctx: ServerContext, events: FolderEvent[]): void {
  for (const event of events) ctx.events.publish(ACTIVE_USERS, event);
}

/** spec 8: returns the new folder's ID. A new folder goes last: its `order` is its ID, as upstream. */
export function createFolder(ctx: ServerContext, actor: UserRow, params: CreateChannelFolderParams): number {
  requireAdmin(actor);
  const name = params.name.trim();
  checkFolderName(ctx, name);
  const created = ctx.db.transaction(() => {
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO channel_folders (name, description, rendered_description, creator_id, date_created, sort_order)
           VALUES (?, ?, ?, ?, ?, 0)`,
        )
        .run(name, params.description, renderMarkdown(params.description), actor.id, seconds(ctx.clock)).lastInsertRowid,
    );
    ctx.db.prepare('UPDATE channel_folders SET sort_order = id WHERE id = ?').run(id);
    return accessFolder(ctx, id);
  })();
  announce(ctx, [{ type: 'channel_folder', op: 'add', channel_folder: folderObject(created) }]);
  return created.id;
}

/** upstream PATCH /channel_folders/{id}: one update event per changed field. */
export function updateFolder(ctx: ServerContext, actor: UserRow, params: UpdateChannelFolderParams): void {
  requireAdmin(actor);
  const folder = accessFolder(ctx, params.channel_folder_id);
  const changes: FolderChange[] = [];
  const update = (data: FolderChange) => changes.push(data);

  const name = params.name?.trim();
  if (name !== undefined && name !== folder.name) {
    checkFolderName(ctx, name, folder.id);
    update({ name });
  }
  if (params.description !== undefined && params.description !== folder.description) {
    update({ description: params.description, rendered_description: renderMarkdown(params.description) });
  }
  if (params.is_archived !== undefined && params.is_archived !== (folder.is_archived === 1)) {
    if (params.is_archived && channelsInFolder(ctx.db, folder.id) > 0) {
      throw badRequest('You need to remove all the channels from this folder to archive it.');
    }
    // Names are unique among unarchived folders, so a folder cannot come back under a name now in use.
    if (!params.is_archived) checkFolderName(ctx, name ?? folder.name, folder.id);
    update({ is_archived: params.is_archived });
  }

  ctx.db.transaction(() => {
    for (const data of changes) {
      if (data.name !== undefined) ctx.db.prepare('UPDATE channel_folders SET name = ? WHERE id = ?').run(data.name, folder.id);
      if (data.description !== undefined) {
        ctx.db
          .prepare('UPDATE channel_folders SET description = ?, rendered_description = ? WHERE id = ?')
          .run(data.description, data.rendered_description, folder.id);
      }
      if (data.is_archived !== undefined) {
        ctx.db.prepare('UPDATE channel_folders SET is_archived = ? WHERE id = ?').run(data.is_archived ? 1 : 0, folder.id);
      }
    }
  })();
  announce(
    ctx,
    changes.map((data) => ({ type: 'channel_folder', op: 'update', channel_folder_id: folder.id, data })),
  );
}

/** upstream PATCH /channel_folders (feature level 414): `order` names every folder, archived ones too. */
export function reorderFolders(ctx: ServerContext, actor: UserRow, order: readonly number[]): void {
  requireAdmin(actor);
  const existing = allFolderIds(ctx.db);
  const given = new Set(order);
  if (given.size !== order.length || given.size !== existing.length || existing.some((id) => !given.has(id))) {
    throw badRequest('Invalid order mapping.');
  }
  ctx.db.transaction(() => {
    const setOrder = ctx.db.prepare('UPDATE channel_folders SET sort_order = ? WHERE id = ?');
    order.forEach((id, index) => setOrder.run(index, id));
  })();
  announce(ctx, [{ type: 'channel_folder', op: 'reorder', order: [...order] }]);
}
