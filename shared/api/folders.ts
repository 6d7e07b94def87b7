// Channel folders: spec endpoint 8 (create), plus upstream's listing, update and reorder endpoints
// (https://zulip.com/api/get-channel-folders, https://zulip.com/api/update-channel-folder,
// https://zulip.com/api/patch-channel-folders).
// Upstream documents it: https://zulip.com/api/create-channel-folder.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { FolderId, Timestamp, UserId, textUpTo } from './common';

/**
 * Upstream's limits. A server advertises its own as `max_channel_folder_name_length` and
 * `max_channel_folder_description_length` in the register response; these are what upstream sends.
 */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

// spec 8: non-empty, in upstream's words.
const FolderName = textUpTo(MAX_CHANNEL_FOLDER_NAME_LENGTH).refine((name) => name.trim().length > 0, "Channel folder name can't be empty.");
const FolderDescription = textUpTo(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH);

/** Upstream's channel folder object (the spec shows only `name` and `description`). */
export const ChannelFolder = z.looseObject({
  id: FolderId,
  name: z.string(),
  /** Markdown source. */
  description: z.string(),
  rendered_description: z.string(),
  /** Null when no creator is recorded. */
  creator_id: UserId.nullable(),
  date_created: Timestamp,
  is_archived: z.boolean(),
  /** Position in the organization's folder list (feature level 414; new folders get their ID). */
  order: z.int().optional(),
});
export type ChannelFolder = z.infer<typeof ChannelFolder>;

// spec 8: administrators only; others get UNAUTHORIZED_PRINCIPAL.
export const createChannelFolderParams = z.object({
  name: FolderName,
  /** Must be passed, but may be empty. */
  description: FolderDescription,
});
export type CreateChannelFolderParams = z.input<typeof createChannelFolderParams>;
export const createChannelFolder = endpoint(
  'POST',
  '/channel_folders/create',
  createChannelFolderParams,
  successEnvelope({ channel_folder_id: FolderId }),
  { spec: 8 },
);

// upstream GET /channel_folders: sorted by `order` since feature level 414, by ID before.
export const getChannelFoldersParams = z.object({
  /** Default false. */
  include_archived: z.boolean().optional(),
});
export const getChannelFolders = endpoint(
  'GET',
  '/channel_folders',
  getChannelFoldersParams,
  successEnvelope({ channel_folders: z.array(ChannelFolder) }),
);

// upstream PATCH /channel_folders/{id}: administrators only; archiving needs the folder to be empty.
export const updateChannelFolderParams = z.object({
  channel_folder_id: FolderId,
  name: FolderName.optional(),
  description: FolderDescription.optional(),
  /** False unarchives. */
  is_archived: z.boolean().optional(),
});
export type UpdateChannelFolderParams = z.input<typeof updateChannelFolderParams>;
export const updateChannelFolder = endpoint(
  'PATCH',
  '/channel_folders/{channel_folder_id}',
  updateChannelFolderParams,
  EmptySuccess,
);

// upstream PATCH /channel_folders (feature level 414): `order` must list every folder of the organization.
export const reorderChannelFoldersParams = z.object({ order: z.array(FolderId) });
export const reorderChannelFolders = endpoint('PATCH', '/channel_folders', reorderChannelFoldersParams, EmptySuccess);
