// The events a session reads: every kind shared/api knows, plus two that shared/api has no schema for
// yet, `realm` (the organization's own settings) and `default_streams`. Their shapes are upstream's
// (zerver/actions/realm_settings.py, zerver/actions/default_streams.py); they belong in shared/api
// beside the other kinds, and live here until they move there.
import { z } from 'zod';
import { DefaultChannelEntry, opEventOf, eventOf, parseEvent, type Event, type RawEvent } from '../../../shared/api';

/** `{type: 'realm', op: 'update', property, value}`: one setting, e.g. `name`, `moderation_request_channel_id`. */
export const RealmUpdateEvent = opEventOf('realm', 'update', { property: z.string(), value: z.unknown() });
/** `{type: 'realm', op: 'update_dict', property: 'default', data: {...}}`: several settings at once. */
export const RealmUpdateDictEvent = opEventOf('realm', 'update_dict', {
  property: z.string(),
  data: z.record(z.string(), z.unknown()),
});
/** Other `realm` ops (e.g. `deactivated`) carry nothing the console keeps. */
export const RealmOtherEvent = z.looseObject({ id: z.int(), type: z.literal('realm'), op: z.string() });
export const RealmEvent = z.union([RealmUpdateEvent, RealmUpdateDictEvent, RealmOtherEvent]);
export type RealmEvent = z.infer<typeof RealmEvent>;

/** The whole new list of default channels: IDs since feature level 330, channel objects before. */
export const DefaultStreamsEvent = eventOf('default_streams', { default_streams: z.array(DefaultChannelEntry) });
export type DefaultStreamsEvent = z.infer<typeof DefaultStreamsEvent>;

/** Any event the reducer can be given. */
export type ConsoleEvent = Event | RealmEvent | DefaultStreamsEvent;

const consoleOnly: Record<string, z.ZodType> = { realm: RealmEvent, default_streams: DefaultStreamsEvent };

export type ParsedConsoleEvent =
  | { success: true; kind: 'known'; event: ConsoleEvent }
  | { success: true; kind: 'unknown'; event: RawEvent }
  | { success: false; error: z.ZodError };

/** shared/api's `parseEvent`, with the two kinds above checked too. */
export function parseConsoleEvent(raw: unknown): ParsedConsoleEvent {
  const parsed = parseEvent(raw);
  if (!parsed.success) return { success: false, error: parsed.error };
  if (parsed.data.kind === 'known') return { success: true, kind: 'known', event: parsed.data.event };
  const schema = consoleOnly[parsed.data.event.type];
  if (!schema) return { success: true, kind: 'unknown', event: parsed.data.event };
  const checked = schema.safeParse(raw);
  if (!checked.success) return { success: false, error: checked.error };
  return { success: true, kind: 'known', event: checked.data as ConsoleEvent };
}
