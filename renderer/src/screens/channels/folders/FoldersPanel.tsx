// The Folders tab: the organization's channel folders in their order, each with its description (the
// server's rendering, sanitized) and how many channels it holds, archived folders apart. Administrators
// create, rename, describe, archive, unarchive and reorder them: by the Move buttons, by Alt+Arrow keys
// on a folder, or by dragging. Everything follows the server live (channel_folder events reread the
// context), so a change made in another console shows here at once.
import { useMemo, useState } from 'react';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import { contentsOf, folderContents } from '../../../../../shared/domain/folder-contents';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import type { Account, ChannelContext, ChannelEntry } from '../../../../../shared/ipc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ProblemText } from '../../../components/Field';
import { QueryGate } from '../../../components/QueryGate';
import { wordedByCore } from '../../../errors/words';
import { useCreateFolder, useReorderFolders, useUpdateFolder } from '../../../queries/channel-folders';
import { useChannelContext, useChannels } from '../../../queries/channels';
import { FolderForm } from './FolderForm';
import { archiveBlocked, FolderRow } from './FolderRow';
import { orderAfterMove } from './folder-order';
import '../../../lists/list-screen.css';
import './folders.css';

export function FoldersPanel({ account }: { account: Account }) {
  const context = useChannelContext(account.id);
  const channels = useChannels(account.id);
  const failure = `Could not load the folders of ${account.realmName}`;
  return (
    <QueryGate query={context} loading={`Loading the folders of ${account.realmName}`} failure={failure}>
      {(ctx) => (
        <QueryGate query={channels} loading={`Loading the channels of ${account.realmName}`} failure={failure}>
          {(entries) => <Folders account={account} context={ctx} entries={entries} />}
        </QueryGate>
      )}
    </QueryGate>
  );
}

type Editing = { kind: 'create' } | { kind: 'edit'; folder: ChannelFolder } | null;

function Folders({ account, context, entries }: { account: Account; context: ChannelContext; entries: ChannelEntry[] }) {
  const active = useMemo(() => context.folders.filter((folder) => !folder.is_archived), [context.folders]);
  const archived = useMemo(() => context.folders.filter((folder) => folder.is_archived), [context.folders]);
  const contents = useMemo(() => folderContents(entries.map((entry) => entry.channel)), [entries]);
  const [editing, setEditing] = useState<Editing>(null);
  // By ID: the question follows the folder live (renamed, or a channel moved into it meanwhile).
  const [archivingId, setArchivingId] = useState<number | null>(null);
  const archiving = archivingId === null ? null : (active.find((folder) => folder.id === archivingId) ?? null);
  const archivingBlocked = archiving ? archiveBlocked(contentsOf(contents, archiving.id)) : null;
  // Archived or removed elsewhere while asked: the question is gone, and must not come back with it.
  if (archivingId !== null && archiving === null) setArchivingId(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useCreateFolder(account.id);
  const update = useUpdateFolder(account.id);
  const reorder = useReorderFolders(account.id);
  const isAdmin = context.ownRole <= 200;
  const problem = [update, reorder].find((mutation) => mutation.isError)?.error;
  const failure = problem && editing === null ? wordedByCore(problem) : null;

  const clear = () => {
    setDone(null);
    create.reset();
    update.reset();
    reorder.reset();
  };
  const move = (folder: ChannelFolder, index: number) => {
    const order = orderAfterMove(active, archived, folder.id, index);
    if (!order) return;
    clear();
    reorder.mutate(order, { onSuccess: () => setDone(`“${folder.name}” moved to position ${index + 1} of ${active.length}.`) });
  };
  const setArchived = (folder: ChannelFolder, value: boolean) => {
    clear();
    update.mutate({ folderId: folder.id, edit: { archived: value } }, { onSuccess: () => setDone(`“${folder.name}” was ${value ? 'archived' : 'unarchived'}.`) });
  };
  /** A folder dropped on another takes its place. */
  const drop = (target: ChannelFolder, draggedId: number) => {
    const folder = active.find((candidate) => candidate.id === draggedId);
    const index = active.findIndex((candidate) => candidate.id === target.id);
    if (folder && index >= 0) move(folder, index);
  };

  return (
    <div className="folders-panel">
      {/* The tab names the panel on screen; this heading puts the folders' own (h3) in order. */}
      <h2 className="visually-hidden">Folders</h2>
      <div className="selection-bar">
        <p className="shown-count">
          {active.length === 1 ? '1 folder' : `${active.length} folders`}
          {archived.length > 0 && ` · ${archived.length} archived`}
        </p>
        <div className="selection-actions">
          <button
            type="button"
            className="button button-small button-primary"
            onClick={() => {
              clear();
              setEditing({ kind: 'create' });
            }}
          >
            Create a folder…
          </button>
        </div>
      </div>
      {!isAdmin && (
        <p className="role-reason">
          Only organization administrators create, change, archive and reorder folders. You are signed in as a {ROLE_NAMES[context.ownRole].toLowerCase()}: the server will refuse changes from this
          account.
        </p>
      )}
      {editing?.kind === 'create' && (
        <FolderForm
          account={account}
          limits={context.limits}
          title="New folder"
          initial={{ name: '', description: '' }}
          submitLabel="Create folder"
          pending={create.isPending}
          error={create.error}
          onCancel={() => setEditing(null)}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: () => {
                setEditing(null);
                setDone(`Folder “${values.name}” created.`);
              },
            })
          }
        />
      )}
      {editing?.kind === 'edit' && (
        <FolderForm
          key={editing.folder.id}
          account={account}
          limits={context.limits}
          title={`Edit “${editing.folder.name}”`}
          initial={{ name: editing.folder.name, description: editing.folder.description }}
          submitLabel="Save folder"
          pending={update.isPending}
          error={update.error}
          onCancel={() => setEditing(null)}
          onSubmit={(values) =>
            update.mutate(
              { folderId: editing.folder.id, edit: values },
              {
                onSuccess: () => {
                  setEditing(null);
                  setDone(`Folder “${values.name}” saved.`);
                },
              },
            )
          }
        />
      )}
      <p className="change-done" role="status">
        {done}
      </p>
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      {active.length === 0 ? (
        <p className="empty-state">No folders yet. Folders group channels in everyone’s channel list: create one, then move channels into it.</p>
      ) : (
        <ol className="folder-list" aria-label="Folders">
          {active.map((folder, index) => (
            <FolderRow
              key={folder.id}
              account={account}
              folder={folder}
              held={contentsOf(contents, folder.id)}
              position={{ index, count: active.length }}
              busy={reorder.isPending || update.isPending}
              onEdit={() => {
                clear();
                setEditing({ kind: 'edit', folder });
              }}
              onMove={(to) => move(folder, to)}
              onArchive={() => {
                clear();
                setArchivingId(folder.id);
              }}
              onDrop={(draggedId) => drop(folder, draggedId)}
            />
          ))}
        </ol>
      )}
      {archived.length > 0 && (
        <section className="folders-archived" aria-labelledby="folders-archived-title">
          <h2 id="folders-archived-title">Archived folders</h2>
          <ul className="folder-list" aria-label="Archived folders">
            {archived.map((folder) => (
              <FolderRow key={folder.id} account={account} folder={folder} held={contentsOf(contents, folder.id)} busy={update.isPending} onUnarchive={() => setArchived(folder, false)} />
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive “${archiving?.name ?? ''}”?`}
        confirmLabel="Archive folder"
        confirmDisabled={archivingBlocked !== null}
        onCancel={() => setArchivingId(null)}
        onConfirm={() => {
          if (archiving && archivingBlocked === null) setArchived(archiving, true);
          setArchivingId(null);
        }}
      >
        {/* What becomes of the channels in it, said before anything is sent: none is in it, archived
            ones included, or the answer is disabled with why (archiveBlocked). */}
        {archivingBlocked === null && <p>It holds no channels, archived or not.</p>}
        <p>An archived folder leaves everyone’s channel list and can take no channels. You can unarchive it later.</p>
        {archivingBlocked && <p className="role-reason">{archivingBlocked}</p>}
      </ConfirmDialog>
    </div>
  );
}
