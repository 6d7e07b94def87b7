// While channels are selected: the organization's folders as places to drop them, beside the list.
// Dragging a selected row carries the whole selection (channel-drag.ts); dropping it on a folder starts
// the same move as "Move to folder…". Each folder is also a button (they look like ones, and a click
// or the keyboard should do something): it opens "Move to folder…" with that folder chosen, to review
// and confirm. A folder archived by someone else meanwhile is refused by the core in words, shown here.
import { useState } from 'react';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import type { ChannelMove } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { wordedByCore } from '../../../errors/words';
import { useMoveAction } from '../../../queries/channel-moves';
import { CHANNELS_DRAG_TYPE, readDraggedChannels } from '../channel-drag';

export interface FolderDropStripProps {
  account: string;
  folders: ChannelFolder[];
  onStarted(job: ChannelMove): void;
  /** A folder clicked (null: "No folder"): the move to review there. */
  onChoose(folderId: number | null): void;
}

export function FolderDropStrip({ account, folders, onStarted, onChoose }: FolderDropStripProps) {
  const start = useMoveAction(account, onStarted);
  const [over, setOver] = useState<number | 'none' | null>(null);
  const failure = start.isError ? wordedByCore(start.error) : null;
  const targets: { key: number | 'none'; label: string; folderId: number | null }[] = [
    ...folders.filter((folder) => !folder.is_archived).map((folder) => ({ key: folder.id, label: folder.name, folderId: folder.id })),
    { key: 'none', label: 'No folder', folderId: null },
  ];
  return (
    <div className="folder-drop">
      <ul className="folder-drop-strip" aria-label="Move the selected channels to a folder">
        <li aria-hidden="true" className="folder-drop-hint">
          Drag the selection onto a folder, or choose one:
        </li>
        {targets.map((target) => (
          <li
            key={target.key}
            data-drop-target={over === target.key || undefined}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(CHANNELS_DRAG_TYPE)) return;
              event.preventDefault();
              setOver(target.key);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(event) => {
              setOver(null);
              const channelIds = readDraggedChannels(event.dataTransfer);
              if (channelIds.length === 0) return;
              event.preventDefault();
              start.mutate({ kind: 'start', channelIds, folderId: target.folderId });
            }}
          >
            <button type="button" className="folder-drop-target" onClick={() => onChoose(target.folderId)}>
              {target.label}
            </button>
          </li>
        ))}
      </ul>
      {failure && <ProblemText message={failure.message} action={failure.action} />}
    </div>
  );
}
