// One channel's subscribers in the channel editor: the list the console keeps live, and adding or
// removing people through upstream's POST and DELETE /users/me/subscriptions with `principals`
// (https://zulip.com/api/subscribe, https://zulip.com/api/unsubscribe), one result per person.
import { z } from 'zod';
import { AccountId } from './push';

export const SubscriberResult = z.object({
  userId: z.int(),
  /** added, alreadySubscribed, removed, notSubscribed, or failed (see `reason`). */
  outcome: z.enum(['added', 'alreadySubscribed', 'removed', 'notSubscribed', 'failed']),
  reason: z.string().nullable(),
});
export type SubscriberResult = z.infer<typeof SubscriberResult>;

const ForChannel = z.object({ account: AccountId, channelId: z.int() }).strict();

export const channelSubscriberChannels = {
  /** The channel's active subscribers' IDs, as the live state has them. */
  'channels.subscribers.list': { input: ForChannel, output: z.array(z.int()) },
  'channels.subscribers.change': {
    input: ForChannel.extend({ action: z.enum(['add', 'remove']), userIds: z.array(z.int()).min(1).max(1000) }).strict(),
    output: z.array(SubscriberResult),
  },
} as const;
