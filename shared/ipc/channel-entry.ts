// One channel as the Channels screen lists it: apart from channels.ts so that the realm.changed push
// (push.ts), which channels.ts itself depends on, can carry entries too.
import { z } from 'zod';
import { Stream } from '../api/channels';

/** One channel as the list shows it: upstream's stream object, and what the console knows beside it. */
export const ChannelEntry = z.object({
  channel: Stream,
  isDefault: z.boolean(),
  /** From the subscriber lists the session keeps live (the stream object's count may lag behind). */
  subscriberCount: z.int().nonnegative(),
  /** The signed-in user is subscribed. */
  subscribed: z.boolean(),
});
export type ChannelEntry = z.infer<typeof ChannelEntry>;
