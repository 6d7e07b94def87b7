// Handlers for the channels.* channels: the realm's channels from the live state, and changes to one
// channel at a time (electron/core/channels/).
import { renderMessage } from '../../../shared/api';
import type { channelChannels } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
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
};
