// Channel folders: spec 8 (create) and upstream's GET /channel_folders, PATCH /channel_folders/{id}
// and PATCH /channel_folders (https://zulip.com/api/get-channel-folders,
// https://zulip.com/api/update-channel-folder, https://zulip.com/api/patch-channel-folders).
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from '../../shared/api';
import { createFolder, reorderFolders, updateFolder } from '../actions/folders';
import { folderObject, listFolders } from '../db/folder-queries';
import type { RouteModule } from './route';

export const folderRoutes: RouteModule = (routes, ctx) => {
  routes.authed(createChannelFolder, (actor, params) => ({ channel_folder_id: createFolder(ctx, actor, params) }));

  // Folders are organization metadata every member sees, as in the register response.
  routes.authed(getChannelFolders, (_actor, { include_archived }) => ({
    channel_folders: listFolders(ctx.db, include_archived ?? false).map(folderObject),
  }));

  routes.authed(updateChannelFolder, (actor, params) => {
    updateFolder(ctx, actor, params);
    return {};
  });

  routes.authed(reorderChannelFolders, (actor, { order }) => {
    reorderFolders(ctx, actor, order);
    return {};
  });
};
