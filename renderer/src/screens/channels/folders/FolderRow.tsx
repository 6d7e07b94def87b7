// One folder in the Folders tab: its name, its description as the server renders it (sanitized), how
// many channels it holds (archived ones named apart), and its actions. An unarchived folder moves by its buttons, by Alt+ArrowUp and
// Alt+ArrowDown, or by dragging.
import { useId, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import type { Account } from '../../../../../shared/ipc';
import { contentsWords, isEmptyFolder, type FolderContents } from '../../../../../shared/domain/folder-contents';
import { SafeHtml } from '../../../components/SafeHtml';

const FOLDER_DRAG_TYPE = 'application/x-realm-console-folder';

/**
 * Why a folder cannot be archived yet, or null when it can: upstream archives only a folder holding no
 * channel, archived ones included ("You need to remove all the channels from this folder to archive
 * it"; shared/domain/folder-contents.ts). An archived channel is listed only with the Status filter on
 * Archived or All, so the way to it says so.
 */
export function archiveBlocked(held: FolderContents): string | null {
  if (isEmptyFolder(held)) return null;
  const them = held.active + held.archived === 1 ? 'it' : 'them';
  const where = held.archived > 0 ? 'on the Channels tab with Status “All”' : 'on the Channels tab';
  return `Only an empty folder can be archived, and this one holds ${contentsWords(held)}: move ${them} out of it first (select ${them} ${where}, then “Move to folder…”).`;
}

export interface FolderRowProps {
  account: Account;
  folder: ChannelFolder;
  /** The channels in it, archived ones apart. */
  held: FolderContents;
  /** Unarchived folders only: where it stands among them. */
  position?: { index: number; count: number };
  busy: boolean;
  onEdit?(): void;
  onMove?(index: number): void;
  onArchive?(): void;
  onUnarchive?(): void;
  /** Another folder dropped on this one: it takes this one's place. */
  onDrop?(folderId: number): void;
}

export function FolderRow({ account, folder, held, position, busy, onEdit, onMove, onArchive, onUnarchive, onDrop }: FolderRowProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const movable = position !== undefined && onMove !== undefined;
  const blocked = onArchive ? archiveBlocked(held) : null;
  const accepts = (event: DragEvent) => onDrop !== undefined && event.dataTransfer.types.includes(FOLDER_DRAG_TYPE);

  const keys = (event: KeyboardEvent) => {
    if (!movable || !event.altKey || busy || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp') onMove(position.index - 1);
    else if (event.key === 'ArrowDown') onMove(position.index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <li
      className="folder-row"
      data-drop-target={over || undefined}
      aria-labelledby={`${id}-name`}
      aria-describedby={movable ? `${id}-keys` : undefined}
      tabIndex={movable ? 0 : undefined}
      draggable={movable && !busy}
      onKeyDown={keys}
      onDragStart={(event) => {
        event.dataTransfer.setData(FOLDER_DRAG_TYPE, String(folder.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!accepts(event)) return;
        event.preventDefault();
        const dragged = Number(event.dataTransfer.getData(FOLDER_DRAG_TYPE));
        if (Number.isInteger(dragged) && dragged > 0) onDrop?.(dragged);
      }}
    >
      <div className="folder-heading">
        <h3 id={`${id}-name`}>{folder.name}</h3>
        <span className="folder-count">{contentsWords(held)}</span>
      </div>
      {folder.rendered_description ? <SafeHtml html={folder.rendered_description} realmUrl={account.realmUrl} className="rendered folder-description" /> : <p className="muted">No description.</p>}
      {movable && (
        <p id={`${id}-keys`} className="visually-hidden">
          Alt+Up and Alt+Down move this folder.
        </p>
      )}
      <div className="change-actions folder-actions">
        {movable && (
          <>
            <button type="button" className="button button-small" disabled={busy || position.index === 0} onClick={() => onMove(position.index - 1)}>
              Move up
            </button>
            <button type="button" className="button button-small" disabled={busy || position.index === position.count - 1} onClick={() => onMove(position.index + 1)}>
              Move down
            </button>
          </>
        )}
        {onEdit && (
          <button type="button" className="button button-small" disabled={busy} onClick={onEdit}>
            Edit
          </button>
        )}
        {onArchive && (
          <button type="button" className="button button-small" disabled={busy || blocked !== null} aria-describedby={blocked ? `${id}-blocked` : undefined} onClick={onArchive}>
            Archive…
          </button>
        )}
        {onUnarchive && (
          <button type="button" className="button button-small" disabled={busy} onClick={onUnarchive}>
            Unarchive
          </button>
        )}
      </div>
      {blocked && (
        <p id={`${id}-blocked`} className="muted folder-blocked">
          {blocked}
        </p>
      )}
    </li>
  );
}
