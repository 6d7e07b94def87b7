// The one union of messages the main process pushes to the renderer, unasked.
import { z } from 'zod';

/** The state of an account's event queue (DESIGN.md: connecting, live, reconnecting, offline). */
export const SessionState = z.enum(['connecting', 'live', 'reconnecting', 'offline']);
export type SessionState = z.infer<typeof SessionState>;

export const AccountId = z.string().min(1);
export type AccountId = z.infer<typeof AccountId>;

export const Push = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session.state'),
    account: AccountId,
    state: SessionState,
    /** Why the session is not live, in words, when it is not. */
    detail: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('realm.changed'),
    account: AccountId,
    /** Exactly what changed, so large collections are patched rather than refetched. */
    changes: z.array(z.object({ collection: z.string(), ids: z.array(z.union([z.int(), z.string()])) })),
  }),
  z.object({
    kind: z.literal('realm.resynced'),
    account: AccountId,
  }),
]);
export type Push = z.infer<typeof Push>;
export type PushKind = Push['kind'];
