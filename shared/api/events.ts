// The event queue: the event kinds the console reads (spec Events, docs/api.md; payloads from upstream's
// https://zulip.com/api/get-events), and upstream's GET and DELETE /events
// (https://zulip.com/api/get-events, https://zulip.com/api/delete-queue), which the spec does not show. The kinds themselves live in event-kinds-*.ts by subject.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { EventId, RawEvent } from './event-kinds-base';
import { ChannelFolderEvent, StreamEvent, SubscriptionEvent } from './event-kinds-channels';
import {
  DeleteMessageEvent,
  DraftsEvent,
  HeartbeatEvent,
  MessageEvent,
  SavedSnippetsEvent,
  ScheduledMessagesEvent,
  TypingEditMessageEvent,
  TypingEvent,
} from './event-kinds-messages';
import {
  CustomProfileFieldsEvent,
  DefaultStreamsEvent,
  InvitesChangedEvent,
  RealmEmojiEvent,
  RealmEvent,
  RealmLinkifiersEvent,
  RealmUserSettingsDefaultsEvent,
} from './event-kinds-realm';
import {
  PresenceEvent,
  RealmUserEvent,
  UpdateDisplaySettingsEvent,
  UpdateGlobalNotificationsEvent,
  UserGroupEvent,
  UserSettingsEvent,
  UserStatusEvent,
} from './event-kinds-users';

export * from './event-kinds-channels';
export * from './event-kinds-messages';
export * from './event-kinds-realm';
export * from './event-kinds-users';
export { EventId, RawEvent, isPropertyUpdate } from './event-kinds-base';

/** spec States and Limits: a queue nobody fetches from for this long is deleted (BAD_EVENT_QUEUE_ID). */
export const EVENT_QUEUE_IDLE_MINUTES = 10;
/** spec Events 3 and Limits: how often the server sends a heartbeat (upstream: every 45 to 55 s). */
export const HEARTBEAT_INTERVAL_SECONDS = 60;

/**
 * The schema of each known event kind, by `type`. A kind with several `op`s (or, for `typing`, message
 * types) is one discriminated union, so `eventSchemas[event.type].safeParse(event)` checks any event of
 * a known kind, with errors at the broken field; `delete_message` and `presence` are plain unions of
 * their two forms (bulk or single, modern or legacy).
 */
export const eventSchemas = {
  realm: RealmEvent,
  default_streams: DefaultStreamsEvent,
  realm_user: RealmUserEvent,
  stream: StreamEvent,
  subscription: SubscriptionEvent,
  channel_folder: ChannelFolderEvent,
  realm_user_settings_defaults: RealmUserSettingsDefaultsEvent,
  invites_changed: InvitesChangedEvent,
  message: MessageEvent,
  heartbeat: HeartbeatEvent,
  typing: TypingEvent,
  typing_edit_message: TypingEditMessageEvent,
  drafts: DraftsEvent,
  delete_message: DeleteMessageEvent,
  user_settings: UserSettingsEvent,
  update_global_notifications: UpdateGlobalNotificationsEvent,
  update_display_settings: UpdateDisplaySettingsEvent,
  realm_linkifiers: RealmLinkifiersEvent,
  presence: PresenceEvent,
  realm_emoji: RealmEmojiEvent,
  user_status: UserStatusEvent,
  user_group: UserGroupEvent,
  saved_snippets: SavedSnippetsEvent,
  scheduled_messages: ScheduledMessagesEvent,
  custom_profile_fields: CustomProfileFieldsEvent,
} as const;

export type EventKind = keyof typeof eventSchemas;
export const EVENT_KINDS = Object.keys(eventSchemas) as EventKind[];

export function isKnownEventKind(type: string): type is EventKind {
  return Object.hasOwn(eventSchemas, type);
}

/** Any known event; `type` (then `op`) tells them apart. */
export const Event = z.union(Object.values(eventSchemas) as [
  (typeof eventSchemas)[EventKind],
  ...(typeof eventSchemas)[EventKind][],
]);
export type Event = { [K in EventKind]: z.output<(typeof eventSchemas)[K]> }[EventKind];
export type EventOf<K extends EventKind> = z.output<(typeof eventSchemas)[K]>;

/** A parsed event: a known kind, checked, or a kind this client does not know, as it came. */
export type ParsedEvent = { kind: 'known'; event: Event } | { kind: 'unknown'; event: RawEvent };
export type ParseEventResult = { success: true; data: ParsedEvent } | { success: false; error: z.ZodError };

/**
 * Checks one event from the queue. A known `type` must match its schema: a failure is a ZodError whose
 * issue paths name the broken field. An unknown `type` passes as it came, because a newer server adds
 * kinds and must not break the client.
 */
export function parseEvent(raw: unknown): ParseEventResult {
  const base = RawEvent.safeParse(raw);
  if (!base.success) return { success: false, error: base.error };
  const type = base.data.type;
  if (!isKnownEventKind(type)) return { success: true, data: { kind: 'unknown', event: base.data } };
  const known = eventSchemas[type].safeParse(raw);
  if (!known.success) return { success: false, error: known.error };
  return { success: true, data: { kind: 'known', event: known.data as Event } };
}

// upstream GET /events: long-polls until an event or a heartbeat; use the register reply's
// event_queue_longpoll_timeout_seconds as the HTTP timeout.
export const getEventsParams = z.object({
  queue_id: z.string(),
  /** The highest event ID already handled; events up to it are acknowledged and dropped. -1 for none. */
  last_event_id: EventId,
  /** Reply at once, even with no events. */
  dont_block: z.boolean().optional(),
});
export type GetEventsParams = z.input<typeof getEventsParams>;
export const getEventsReply = successEnvelope({
  /** Raw: each is checked with `parseEvent`, so one bad event does not lose the others. */
  events: z.array(RawEvent),
  /** Only when this very request created the queue. */
  queue_id: z.string().optional(),
});
export const getEvents = endpoint('GET', '/events', getEventsParams, getEventsReply);

// upstream DELETE /events: an unknown queue, or another user's, is BAD_EVENT_QUEUE_ID.
export const deleteEventQueue = endpoint('DELETE', '/events', z.object({ queue_id: z.string() }), EmptySuccess);
