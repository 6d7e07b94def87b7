// "Move to folder…" for the selected channels: the destination (a folder, or no folder) is chosen by
// the user, never preselected (it opens with one only when the user clicked that folder in the drop
// strip), and the dialog says how many channels move and how many are there
// already before anything is sent. Confirming starts a core job (queries/channel-moves.ts).
import { useId, useState } from 'react';
import type { ChannelContext, ChannelEntry, ChannelMove } from '../../../../../shared/ipc';
import { Dialog } from '../../../components/Dialog';
import { ProblemText } from '../../../components/Field';
import { wordedByCore } from '../../../errors/words';
import { useMoveAction } from '../../../queries/channel-moves';

const count = new Intl.NumberFormat();
const NO_FOLDER = 'none';

export interface MoveDialogProps {
  account: string;
  context: ChannelContext;
  channels: ChannelEntry[];
  /** The folder the user clicked to get here (null: "No folder"); absent: nothing chosen yet. */
  chosen?: number | null;
  onCancel(): void;
  onStarted(job: ChannelMove): void;
}

export function MoveDialog({ account, context, channels, chosen, onCancel, onStarted }: MoveDialogProps) {
  const id = useId();
  const [choice, setChoice] = useState<string | null>(chosen === undefined ? null : chosen === null ? NO_FOLDER : String(chosen));
  const start = useMoveAction(account, onStarted);
  const folders = context.folders.filter((folder) => !folder.is_archived);
  const folderId = choice === null || choice === NO_FOLDER ? null : Number(choice);
  const already = choice === null ? 0 : channels.filter((entry) => (entry.channel.folder_id ?? null) === folderId).length;
  const moving = channels.length - already;
  const destination = choice === null ? null : choice === NO_FOLDER ? 'out of every folder' : `into “${folders.find((folder) => folder.id === folderId)?.name ?? ''}”`;
  const failure = start.isError ? wordedByCore(start.error) : null;
  const names = channels.slice(0, 8).map((entry) => `#${entry.channel.name}`);

  return (
    <Dialog
      focusFirstField
      title={channels.length === 1 ? `Move #${channels[0]?.channel.name ?? ''} to a folder` : `Move ${count.format(channels.length)} channels to a folder`}
      wide
      bodyId={`${id}-body`}
      describedBy={`${id}-what`}
      busy={start.isPending}
      onCancel={onCancel}
      confirm={{
        label: choice === null ? 'Move channels' : `Move ${count.format(moving)} ${moving === 1 ? 'channel' : 'channels'}`,
        disabled: choice === null || moving === 0 || start.isPending,
        onClick: () => start.mutate({ kind: 'start', channelIds: channels.map((entry) => entry.channel.stream_id), folderId }),
      }}
    >
      <p id={`${id}-what`}>
        {names.join(', ')}
        {channels.length > names.length && ` and ${count.format(channels.length - names.length)} more`}.
      </p>
      <fieldset className="move-choices">
        <legend>Destination</legend>
        {folders.map((folder) => (
          <label key={folder.id} className="radio-line">
            <input type="radio" name={`${id}-folder`} value={String(folder.id)} checked={choice === String(folder.id)} onChange={() => setChoice(String(folder.id))} />
            {folder.name}
          </label>
        ))}
        <label className="radio-line">
          <input type="radio" name={`${id}-folder`} value={NO_FOLDER} checked={choice === NO_FOLDER} onChange={() => setChoice(NO_FOLDER)} />
          No folder
        </label>
      </fieldset>
      {destination && (
        <p role="status">
          {moving === 0
            ? `Every selected channel is already ${choice === NO_FOLDER ? 'in no folder' : 'in that folder'}: nothing to move.`
            : `${count.format(moving)} ${moving === 1 ? 'channel moves' : 'channels move'} ${destination}${already > 0 ? `; ${count.format(already)} ${already === 1 ? 'is' : 'are'} there already` : ''}. Everyone sees the channel list change at once.`}
        </p>
      )}
      {failure && <ProblemText message={failure.message} action={failure.action} />}
    </Dialog>
  );
}
