// Handlers for the channels.subscribers.* channels (electron/core/channels/subscriber-changes.ts).
import type { channelSubscriberChannels } from '../../../shared/ipc';
import type { SubscriberChanges } from '../channels/subscriber-changes';
import type { Handlers } from '../router';

export interface ChannelSubscribersContext {
  readonly subscriberChanges: SubscriberChanges;
}

export const channelSubscriberHandlers: Pick<Handlers<ChannelSubscribersContext>, keyof typeof channelSubscriberChannels> = {
  'channels.subscribers.list': ({ account, channelId }, ctx) => ctx.subscriberChanges.list(account, channelId),
  'channels.subscribers.change': ({ account, channelId, action, userIds, acknowledged }, ctx) => ctx.subscriberChanges.change(account, channelId, action, userIds, acknowledged),
};
