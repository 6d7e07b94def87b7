// Changes to the organization's channel folders (folders.*). The folders themselves are part of the
// Channels screen's context, which the `folders` pushes reread; a reorder is shown at once in the
// cached context and read again from the core when it fails. Every attempt rereads the activity log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelContext, FolderEdit } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { channelKeys } from './channels';

export function useCreateFolder(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description }: { name: string; description: string }) => call('folders.create', { account, name, description }),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

export function useUpdateFolder(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, edit }: { folderId: number; edit: FolderEdit }) => call('folders.update', { account, folderId, edit }),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

export function useReorderFolders(account: string) {
  const client = useQueryClient();
  const key = channelKeys.context(account);
  return useMutation({
    mutationFn: (order: number[]) => call('folders.reorder', { account, order }),
    onMutate: (order) => {
      client.setQueryData<ChannelContext>(key, (context) => {
        if (!context) return context;
        const byId = new Map(context.folders.map((folder) => [folder.id, folder]));
        const folders = order.flatMap((id, position) => {
          const folder = byId.get(id);
          return folder ? [{ ...folder, order: position }] : [];
        });
        return folders.length === context.folders.length ? { ...context, folders } : context;
      });
    },
    onError: () => client.invalidateQueries({ queryKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}
