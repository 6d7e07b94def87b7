// Handlers for the channels.* channels: the realm's channels from the live state, changes to one
// channel at a time, and bulk changes from the permission matrix run as jobs (electron/core/channels/).
import { renderMessage } from '../../../shared/api';
import type { channelChannels } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ChannelBatches } from '../channels/channel-batches';
import type { ChannelChanges } from '../channels/channel-changes';
import type { ChannelCreator } from '../channels/channel-create';
import { channelContext, channelEntries } from '../channels/channel-state';
import type { Handlers } from '../router';
import type { SessionManager } from '../session-manager';

export interface ChannelsContext {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
  readonly channelChanges: ChannelChanges;
  readonly channelCreator: ChannelCreator;
  readonly channelBatches: ChannelBatches;
}

/** Waits for the first snapshot, so a screen opened while connecting gets data rather than an error. */
const ready = (ctx: ChannelsContext, account: string) => ctx.sessions.get(account).whenReady();

export const channelHandlers: Pick<Handlers<ChannelsContext>, keyof typeof channelChannels> = {
  'channels.list': async ({ account }, ctx) => channelEntries(await ready(ctx, account)),
  'channels.get': async ({ account, ids }, ctx) => channelEntries(await ready(ctx, account), ids),
  'channels.context': async ({ account }, ctx) => channelContext(await ready(ctx, account)),
  'channels.update': ({ account, channelId, change, acknowledged }, ctx) => ctx.channelChanges.update(account, channelId, change, { acknowledged }),
  'channels.create': ({ account, channel }, ctx) => ctx.channelCreator.create(account, channel),
  'channels.renderDescription': async ({ account, content }, ctx) => {
    // Nothing to render; the server would refuse empty content.
    if (content.trim() === '') return { html: '' };
    const { value } = await ctx.accounts.client(account).call(renderMessage, { content });
    return { html: value.rendered };
  },
  'channels.batch.start': ({ account, columns, acknowledged }, ctx) => ctx.channelBatches.start(account, columns, acknowledged),
  'channels.batch.get': ({ account, batchId }, ctx) => ctx.channelBatches.get(account, batchId),
  'channels.batch.retry': ({ account, batchId, which }, ctx) => ctx.channelBatches.retry(account, batchId, which),
  'channels.batch.cancel': ({ account, batchId }, ctx) => ctx.channelBatches.cancel(account, batchId),
};
