// Handlers for the folders.* channels: changes to the organization's channel folders
// (electron/core/channels/folder-changes.ts).
import type { channelFolderChannels } from '../../../shared/ipc';
import type { FolderChanges } from '../channels/folder-changes';
import type { Handlers } from '../router';

export interface ChannelFoldersContext {
  readonly folderChanges: FolderChanges;
}

export const channelFolderHandlers: Pick<Handlers<ChannelFoldersContext>, keyof typeof channelFolderChannels> = {
  'folders.create': ({ account, name, description }, ctx) => ctx.folderChanges.create(account, name, description),
  'folders.update': ({ account, folderId, edit }, ctx) => ctx.folderChanges.update(account, folderId, edit),
  'folders.reorder': ({ account, order }, ctx) => ctx.folderChanges.reorder(account, order),
};
