// Channel folders: creating, renaming, describing, archiving and reordering them through upstream's
// folder endpoints (https://zulip.com/api/create-channel-folder, /update-channel-folder,
// /patch-channel-folders). The name's emptiness, another folder's name and the register response's
// limits are checked before anything is sent; the server's refusal (UNAUTHORIZED_PRINCIPAL for a non-administrator, a folder
// archived meanwhile) is worded with what to do. A request without a usable answer (a reply lost after
// the server acted) is looked up on the server before the console says it failed (request-fate.ts),
// so a retry never makes a second folder. Every attempt, made or refused, goes to the activity log.
// The change itself reaches the screen through the event queue, like anyone else's.
import {
  charCount,
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  updateChannelFolder,
  type ChannelFolder,
  type UpdateChannelFolderParams,
} from '../../../shared/api';
import type { FolderEdit } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import { actorOf } from '../activity/actor';
import type { ActivityLog } from '../activity/activity-log';
import { ConsoleError } from '../errors';
import type { ApiClient } from '../client/api-client';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import { folderChangeFailed, folderLabel } from './folder-words';

export interface FolderChangesOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
}

export class FolderChanges {
  constructor(private readonly options: FolderChangesOptions) {}

  async create(account: string, name: string, description: string): Promise<{ folderId: number }> {
    const trimmed = name.trim();
    const state = await this.state(account, `Could not create ${folderLabel(trimmed)}`);
    const details = description.trim() === '' ? 'No description' : `Description: ${shorten(description)}`;
    return this.attempt(account, state, { action: 'Created folder', target: folderLabel(trimmed), details }, async (lost) => {
      checkName(state, trimmed);
      checkDescription(state, description);
      const client = this.options.accounts.client(account);
      return sendOrCheck(
        async () => ({ folderId: (await client.call(createChannelFolder, { name: trimmed, description })).value.channel_folder_id }),
        // A folder of that name that was not there before is the one this request made.
        async () => {
          const made = (await serverFolders(client)).find((folder) => folder.name === trimmed && !folder.is_archived && !state.folders.has(folder.id));
          return made ? { folderId: made.id } : null;
        },
        lost,
      );
    });
  }

  async update(account: string, folderId: number, edit: FolderEdit): Promise<Record<string, never>> {
    const state = await this.state(account, 'Could not change the folder');
    const folder = state.folders.get(folderId);
    if (!folder) throw new ConsoleError('UNKNOWN_FOLDER', 'Could not change the folder: it is no longer in the organization. Reload the list of folders.', { folderId });
    const params: UpdateChannelFolderParams = { channel_folder_id: folderId };
    if (edit.name !== undefined && edit.name.trim() !== folder.name) params.name = edit.name.trim();
    if (edit.description !== undefined && edit.description !== folder.description) params.description = edit.description;
    if (edit.archived !== undefined && edit.archived !== folder.is_archived) params.is_archived = edit.archived;
    const entry = { action: actionOf(params), target: folderLabel(folder.name), details: detailsOf(folder, params) };
    return this.attempt(account, state, entry, async (lost) => {
      if (params.name !== undefined) checkName(state, params.name, folderId);
      if (params.description !== undefined) checkDescription(state, params.description);
      if (params.is_archived === true) checkEmpty(state, folder);
      if (params.is_archived === false && params.name === undefined) checkUnarchivedName(state, folder);
      if (Object.keys(params).length === 1) return {};
      const client = this.options.accounts.client(account);
      return sendOrCheck(
        async () => {
          await client.call(updateChannelFolder, params);
          return {};
        },
        async () => {
          const now = (await serverFolders(client)).find((each) => each.id === folderId);
          const applied =
            now !== undefined &&
            (params.name === undefined || now.name === params.name) &&
            (params.description === undefined || now.description === params.description) &&
            (params.is_archived === undefined || now.is_archived === params.is_archived);
          return applied ? {} : null;
        },
        lost,
      );
    });
  }

  async reorder(account: string, order: readonly number[]): Promise<Record<string, never>> {
    const state = await this.state(account, 'Could not reorder the folders');
    const names = order.map((id) => state.folders.get(id)?.name ?? `folder ${String(id)}`);
    const entry = { action: 'Reordered folders', target: 'Channel folders', details: names.join(', ') };
    return this.attempt(account, state, entry, async (lost) => {
      // upstream wants every folder, archived ones too; one created or dropped meanwhile changes the set.
      const known = new Set([...state.folders.values()].map((folder) => folder.id));
      if (order.length !== known.size || order.some((id) => !known.has(id))) {
        throw new ConsoleError('FOLDERS_CHANGED', 'The folders changed meanwhile (one was created or removed). Look at the list again, then reorder.');
      }
      const client = this.options.accounts.client(account);
      return sendOrCheck(
        async () => {
          await client.call(reorderChannelFolders, { order: [...order] });
          return {};
        },
        async () => ((await serverFolders(client)).map((folder) => folder.id).join() === order.join() ? {} : null),
        lost,
      );
    });
  }

  private async state(account: string, subject: string): Promise<RealmState> {
    try {
      return await this.options.sessions.get(account).whenReady();
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw folderChangeFailed(subject, error);
    }
  }

  /** Runs `work`, words its failure under the entry's subject, and records the attempt either way. */
  private async attempt<T>(account: string, state: RealmState, entry: { action: string; target: string; details: string }, work: (lost: LostReply) => Promise<T>): Promise<T> {
    const record = { ...entry, actor: actorOf(this.options.accounts, account, state), kind: 'folder' as const };
    const lost: LostReply = { replyLost: false, fate: null };
    try {
      const value = await work(lost);
      const details = lost.replyLost ? `${entry.details} (the reply was lost; the server shows it done)` : entry.details;
      this.options.activity.record(account, { ...record, details, result: 'ok', error: null });
      return value;
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      const worded = error.code === 'FOLDER_REFUSED' ? error : folderChangeFailed(`${entry.action === 'Created folder' ? 'Could not create' : 'Could not change'} ${entry.target}`, error, lost.fate);
      this.options.activity.record(account, { ...record, result: 'failed', error: worded.message });
      throw worded;
    }
  }
}

/** What became of a request without a usable answer, for the words and the activity log. */
interface LostReply {
  replyLost: boolean;
  fate: CheckedFate | null;
}

/**
 * Sends a change; when it gets no usable answer, asks the server whether it was made (`made`: the
 * result it shows, or null when it shows nothing changed) before failing.
 */
async function sendOrCheck<T>(send: () => Promise<T>, made: () => Promise<T | null>, lost: LostReply): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ConsoleError) || !mayHaveBeenApplied(error)) throw error;
    let shown: T | null;
    try {
      shown = await made();
    } catch {
      lost.fate = 'unknown';
      throw error;
    }
    if (shown === null) {
      lost.fate = 'not-applied';
      throw error;
    }
    lost.replyLost = true;
    return shown;
  }
}

async function serverFolders(client: ApiClient): Promise<readonly ChannelFolder[]> {
  return (await client.call(getChannelFolders, { include_archived: true })).value.channel_folders;
}

/**
 * The unarchived folder, other than `except`, already called `name` (whatever its case): upstream
 * check_channel_folder_name lets no two folders that are not archived share a name.
 */
function unarchivedNamed(state: RealmState, name: string, except?: number): ChannelFolder | undefined {
  const key = name.toLowerCase();
  return [...state.folders.values()].find((folder) => !folder.is_archived && folder.id !== except && folder.name.toLowerCase() === key);
}

/** `except` is the folder being renamed. */
function checkName(state: RealmState, name: string, except?: number): void {
  if (name === '') throw new ConsoleError('FOLDER_REFUSED', 'A folder needs a name: type one.');
  const taken = unarchivedNamed(state, name, except);
  if (taken) throw new ConsoleError('FOLDER_REFUSED', `There is already a folder named “${taken.name}”: choose another name, or rename that one first.`);
  const max = state.limits.maxFolderNameLength;
  if (max !== null && charCount(name) > max) throw new ConsoleError('FOLDER_REFUSED', `The folder’s name is ${String(charCount(name))} characters long; this server allows ${String(max)}. Shorten it.`);
}

/** An archived folder keeps its name; unarchived, it may not share it with another unarchived folder. */
function checkUnarchivedName(state: RealmState, folder: ChannelFolder): void {
  const taken = unarchivedNamed(state, folder.name, folder.id);
  if (taken) {
    throw new ConsoleError('FOLDER_REFUSED', `Another folder is named “${taken.name}” now, and two unarchived folders cannot share a name. Rename that one first, then unarchive this one.`);
  }
}

function checkDescription(state: RealmState, description: string): void {
  const max = state.limits.maxFolderDescriptionLength;
  if (max !== null && charCount(description) > max) {
    throw new ConsoleError('FOLDER_REFUSED', `The description is ${String(charCount(description))} characters long; this server allows ${String(max)}. Shorten it.`);
  }
}

/** upstream archives only empty folders: say which channels are still in it. */
// An archived channel counts: upstream refuses a folder holding any channel (shared/domain/folder-contents.ts).
function checkEmpty(state: RealmState, folder: ChannelFolder): void {
  const inside = [...state.channels.values()].filter((channel) => channel.folder_id === folder.id);
  if (inside.length === 0) return;
  const names = inside
    .slice(0, 5)
    .map((channel) => `#${channel.name}${channel.is_archived ? ' (archived)' : ''}`)
    .join(', ');
  const more = inside.length > 5 ? ` and ${String(inside.length - 5)} more` : '';
  throw new ConsoleError('FOLDER_REFUSED', `The folder “${folder.name}” still holds ${names}${more}. Move its channels out of it first, then archive it.`);
}

function actionOf(params: UpdateChannelFolderParams): string {
  if (params.is_archived !== undefined) return params.is_archived ? 'Archived folder' : 'Unarchived folder';
  if (params.name !== undefined) return 'Renamed folder';
  return 'Changed folder description';
}

function detailsOf(folder: ChannelFolder, params: UpdateChannelFolderParams): string {
  const parts: string[] = [];
  if (params.name !== undefined) parts.push(`${folder.name} → ${params.name}`);
  if (params.description !== undefined) parts.push(params.description.trim() === '' ? 'Description removed' : `Description: ${shorten(params.description)}`);
  if (params.is_archived !== undefined) parts.push(params.is_archived ? 'Archived' : 'Unarchived');
  return parts.length > 0 ? parts.join('; ') : 'Nothing to change';
}

function shorten(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= 80 ? chars.join('') : `${chars.slice(0, 79).join('')}…`;
}
