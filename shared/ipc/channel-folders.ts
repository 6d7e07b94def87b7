// Channel folders of the Channels & folders screen: creating, renaming, describing, archiving and
// reordering folders (upstream's folder endpoints, https://zulip.com/api/create-channel-folder and
// https://zulip.com/api/update-channel-folder), each recorded in the activity log. The folders
// themselves come with the screen's context (`channels.context`) and stay live through its pushes.
import { z } from 'zod';
import { FolderId } from '../api/common';
import { AccountId } from './push';

/** The hard ceilings of the IPC input; the server's own limits come with the context. */
const NAME_MAX = 1000;
const DESCRIPTION_MAX = 100_000;

export const FolderEdit = z
  .object({
    name: z.string().max(NAME_MAX).optional(),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export type FolderEdit = z.infer<typeof FolderEdit>;

export const channelFolderChannels = {
  'folders.create': {
    input: z.object({ account: AccountId, name: z.string().max(NAME_MAX), description: z.string().max(DESCRIPTION_MAX) }).strict(),
    output: z.object({ folderId: FolderId }),
  },
  'folders.update': { input: z.object({ account: AccountId, folderId: FolderId, edit: FolderEdit }).strict(), output: z.object({}) },
  /** Every folder of the organization, archived ones too, in the new order. */
  'folders.reorder': { input: z.object({ account: AccountId, order: z.array(FolderId).max(10_000) }).strict(), output: z.object({}) },
} as const;
