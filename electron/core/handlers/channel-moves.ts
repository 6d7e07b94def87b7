// Handlers for the channels.move.* channels: moving channels between folders as a job
// (electron/core/channels/channel-moves.ts).
import type { channelMoveChannels } from '../../../shared/ipc';
import type { ChannelMoves } from '../channels/channel-moves';
import type { Handlers } from '../router';

export interface ChannelMovesContext {
  readonly channelMoves: ChannelMoves;
}

export const channelMoveHandlers: Pick<Handlers<ChannelMovesContext>, keyof typeof channelMoveChannels> = {
  'channels.move.start': ({ account, channelIds, folderId }, ctx) => ctx.channelMoves.start(account, channelIds, folderId),
  'channels.move.get': ({ account, jobId }, ctx) => ctx.channelMoves.get(account, jobId),
  'channels.move.retry': ({ account, jobId }, ctx) => ctx.channelMoves.retryFailed(account, jobId),
};
