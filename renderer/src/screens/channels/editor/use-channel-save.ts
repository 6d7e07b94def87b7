// Saving one property of one channel, as every section of the editor does: the change goes with the
// value the section showed (`old`). What comes back is kept for the section to show: done; a conflict
// (the channel changed on the server meanwhile: their value, kept apart from the user's, and the way to
// apply the user's on top of theirs); a step that needs the user's words first; or the failure, worded
// by the core.
import { useState } from 'react';
import { CHANNEL_CHANGED, CONFIRMATION_NEEDED, type ChannelChange, type ChannelHazard } from '../../../../../shared/ipc';
import { BridgeError } from '../../../bridge/bridge';
import { wordedByCore, type ErrorWords } from '../../../errors/words';
import { useChannelUpdate } from '../../../queries/channels';

export interface SaveConflict {
  /** The value on the server now. */
  theirs: unknown;
  /** The change that was not made over it. */
  change: ChannelChange;
  message: string;
}

export interface SaveHazard {
  message: string;
  hazards: ChannelHazard[];
  change: ChannelChange;
}

export interface ChannelSave {
  pending: boolean;
  conflict: SaveConflict | null;
  hazard: SaveHazard | null;
  failure: ErrorWords | null;
  /** What the last save did, in words, and the value it made (a live change after it may undo what it says). */
  done: { words: string; value: unknown } | null;
  send(change: ChannelChange, options?: { acknowledged?: ChannelHazard[]; done?: string }): void;
  /** Forget what the last save said (the user edits again). */
  reset(): void;
}

export function useChannelSave(account: string, channelId: number): ChannelSave {
  const update = useChannelUpdate(account);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [hazard, setHazard] = useState<SaveHazard | null>(null);
  const [done, setDone] = useState<ChannelSave['done']>(null);

  const send: ChannelSave['send'] = (change, options = {}) => {
    setConflict(null);
    setHazard(null);
    setDone(null);
    update.mutate(
      { channelId, change, acknowledged: options.acknowledged },
      {
        onSuccess: (result) => {
          const words = result.outcome === 'unchanged' ? 'Nothing to change: the channel already had this value.' : (options.done ?? 'Saved.');
          setDone({ words, value: change.value });
        },
        onError: (error) => {
          if (!(error instanceof BridgeError)) return;
          if (error.code === CHANNEL_CHANGED) setConflict({ theirs: error.detail.theirs, change, message: error.message });
          if (error.code === CONFIRMATION_NEEDED) {
            const hazards = Array.isArray(error.detail.hazards) ? (error.detail.hazards as ChannelHazard[]) : [];
            setHazard({ message: error.message, hazards, change });
          }
        },
      },
    );
  };

  const special = conflict !== null || hazard !== null;
  return {
    pending: update.isPending,
    conflict,
    hazard,
    failure: update.isError && !special ? wordedByCore(update.error) : null,
    done,
    send,
    reset: () => {
      setConflict(null);
      setHazard(null);
      setDone(null);
      update.reset();
    },
  };
}
