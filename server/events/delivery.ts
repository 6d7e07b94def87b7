// What a published event becomes in one queue: dropped, passed on, or reshaped for what the client
// declared it can handle (spec 21 client_capabilities, spec Events 4 and 5). Pure: easy to test.
// Publishers may attach fields starting with "_" for delivery's use; they never reach a client.
import type { ServerEvent } from './bus';
import type { QueueOptions } from './queue';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS } from '../lib/user-settings';

export interface Recipient {
  userId: number;
  isGuest: boolean;
  /** receives_typing_notifications (spec Events 4: typing goes only to users with it on). */
  receivesTyping: boolean;
}

export interface RealmView {
  emptyTopicDisplayName: string;
}

const LEGACY_DISPLAY = new Set<string>(LEGACY_DISPLAY_SETTINGS);
const LEGACY_NOTIFICATION = new Set<string>(LEGACY_NOTIFICATION_SETTINGS);

export interface TargetQueue {
  id: string;
  options: QueueOptions;
}

/**
 * Whether delivering this event reads the recipient's role or typing setting (the cases of `deliver`
 * below that look at `isGuest` or `receivesTyping`). For any other event a recipient is its user ID
 * alone (`recipientById`), and a publish reads no user rows: a channel message to 10,000 queues saves
 * a 10,000-row query before the first reply.
 */
export function readsRecipientRow(event: ServerEvent): boolean {
  return event.type === 'typing' || event.type === 'typing_edit_message' || (event.type === 'realm_user' && event.op === 'add');
}

/** A recipient known by ID only, for an event whose delivery reads no row (`readsRecipientRow`). */
export function recipientById(userId: number): Recipient {
  // Never read for such events; the values are the defaults so that a wrong call errs towards delivering.
  return { userId, isGuest: false, receivesTyping: true };
}

export function deliver(event: ServerEvent, target: TargetQueue, recipient: Recipient, realm: RealmView): ServerEvent[] {
  const queue = target.options;
  const caps = queue.capabilities;
  let out: ServerEvent[] = [event];
  switch (event.type) {
    case 'typing':
      if (!recipient.receivesTyping) return [];
      if (event.message_type === 'stream' && !caps.stream_typing_notifications) return [];
      break;
    case 'typing_edit_message':
      if (!recipient.receivesTyping) return [];
      break;
    case 'delete_message':
      if (!caps.bulk_message_deletion && Array.isArray(event.message_ids)) {
        const { message_ids: ids, ...rest } = event;
        out = (ids as number[]).map((messageId) => ({ ...rest, message_id: messageId }));
      }
      break;
    case 'user_settings': {
      const legacy = caps.user_settings_object ? null : legacySettingsEvent(event);
      if (legacy) out.push(legacy);
      break;
    }
    case 'realm_linkifiers':
      if (!caps.linkifier_url_template) return [];
      break;
    case 'presence':
      out = [caps.simplified_presence_events ? modernPresence(event) : legacyPresence(event)];
      break;
    case 'realm_user':
      if (event.op === 'add' && recipient.isGuest && caps.user_list_incomplete) return [];
      break;
    case 'message':
      if (!matchesNarrow(event, queue.narrow)) return [];
      out = [messageFor(event, target, recipient)];
      break;
    case 'stream':
    case 'subscription':
      if (event._archived_channel && !caps.archived_channels) out = archivedChannelFallback(event);
      break;
  }
  return out
    .filter((candidate) => queue.eventTypes === null || queue.eventTypes.has(candidate.type))
    .map((candidate) => (caps.empty_topic_name ? candidate : substituteEmptyTopic(candidate, realm.emptyTopicDisplayName)))
    .map(stripInternal);
}

/** The event without its "_" fields; a loop rather than entries/fromEntries, as it runs once per queue. */
function stripInternal(event: ServerEvent): ServerEvent {
  const out: Record<string, unknown> = {};
  for (const key in event) if (key.charCodeAt(0) !== UNDERSCORE) out[key] = event[key];
  return out as ServerEvent;
}

const UNDERSCORE = '_'.charCodeAt(0);

/** The legacy event for settings older than feature level 89; newer settings have none (upstream). */
function legacySettingsEvent(event: ServerEvent): ServerEvent | null {
  const name = String(event.property);
  const user = event._user_email;
  if (LEGACY_NOTIFICATION.has(name)) return { type: 'update_global_notifications', user, notification_name: name, setting: event.value };
  if (LEGACY_DISPLAY.has(name)) {
    return { type: 'update_display_settings', user, setting_name: name, setting: event.value, ...(event.language_name ? { language_name: event.language_name } : {}) };
  }
  return null;
}

/** Publishers send presence as { user_id, email, server_timestamp, presence: { [client]: {...} } } plus _modern. */
function modernPresence(event: ServerEvent): ServerEvent {
  return { type: 'presence', presences: event._modern };
}

function legacyPresence(event: ServerEvent): ServerEvent {
  const { _modern: _, ...legacy } = event;
  return legacy;
}

/**
 * A client without archived_channels never hears of archived channels: archiving looks like deletion,
 * unarchiving like creation; other news about an archived channel is dropped.
 */
function archivedChannelFallback(event: ServerEvent): ServerEvent[] {
  if (event.type === 'stream' && event.op === 'update' && event.property === 'is_archived' && event._stream) {
    const channel = event._stream as { stream_id: number };
    const archived = event.value === true;
    // upstream's published stream create event (https://zulip.com/api/get-events#stream-create) has
    // no mark of an unarchiving: the channel simply appears. Its delete, like every stream delete
    // since feature level 343, lists each channel by its ID alone (https://zulip.com/api/get-events#stream-delete).
    if (archived) return [{ type: 'stream', op: 'delete', streams: [{ stream_id: channel.stream_id }], stream_ids: [channel.stream_id] }];
    return [{ type: 'stream', op: 'create', streams: [channel] }];
  }
  return [];
}

/** spec 21 narrow: message events only for messages the narrow matches. */
export function matchesNarrow(event: ServerEvent, narrow: QueueOptions['narrow']): boolean {
  const message = event.message as Record<string, unknown> | undefined;
  if (!message) return true;
  return narrow.every(([operator, operand]) => {
    switch (operator) {
      case 'is':
        if (operand === 'dm' || operand === 'private') return message.type === 'private';
        return true;
      case 'channel':
      case 'stream':
        return message.type === 'stream' && (String(message.display_recipient).toLowerCase() === operand.toLowerCase() || String(message.stream_id) === operand);
      case 'topic':
        return String(message.subject).toLowerCase() === operand.toLowerCase();
      case 'sender':
        return String(message.sender_email).toLowerCase() === operand.toLowerCase() || String(message.sender_id) === operand;
      case 'dm': {
        if (message.type !== 'private' || !Array.isArray(message.display_recipient)) return false;
        const wanted = operand.split(',').map((part) => part.trim().toLowerCase());
        const emails = (message.display_recipient as { email: string }[]).map((user) => user.email.toLowerCase());
        return wanted.every((email) => emails.includes(email));
      }
      default:
        return true;
    }
  });
}

/**
 * The message as this recipient's queue sees it (server/actions/message-events.ts attaches what varies):
 * _raw_content for queues without apply_markdown, _gravatar for client_gravatar queues, _flags_by_user
 * for per-user flags, and _local_id / _sender_queue_id so the sending queue gets local_message_id.
 */
function messageFor(event: ServerEvent, target: TargetQueue, recipient: Recipient): ServerEvent {
  const queue = target.options;
  // Most queues see the message as published: it is copied only for those that change it, since a
  // channel message is shaped for every queue of every subscriber.
  const markdown = !queue.applyMarkdown && typeof event._raw_content === 'string';
  const gravatar = queue.clientGravatar && event._gravatar === true;
  let message = event.message as Record<string, unknown>;
  if (markdown || gravatar) message = { ...message };
  if (markdown) {
    message.content = event._raw_content;
    message.content_type = 'text/x-markdown';
  }
  if (gravatar) message.avatar_url = null;
  const flagsByUser = event._flags_by_user as Record<string, string[]> | undefined;
  const flags = flagsByUser?.[String(recipient.userId)] ?? (event.flags as string[] | undefined) ?? [];
  const echo = event._sender_queue_id === target.id && typeof event._local_id === 'string' ? { local_message_id: event._local_id } : {};
  return { ...event, message, flags, ...echo };
}

/** spec Events 5: clients without empty_topic_name see the empty topic by its display name. */
function substituteEmptyTopic(event: ServerEvent, displayName: string): ServerEvent {
  // Copied only when the topic is empty: a channel message goes to every queue of every subscriber.
  switch (event.type) {
    case 'message': {
      const message = event.message as Record<string, unknown>;
      return message.type === 'stream' && message.subject === '' ? { ...event, message: { ...message, subject: displayName } } : event;
    }
    case 'typing':
    case 'delete_message':
      return event.topic === '' ? { ...event, topic: displayName } : event;
    case 'typing_edit_message': {
      const recipient = event.recipient as Record<string, unknown> | undefined;
      return recipient?.topic === '' ? { ...event, recipient: { ...recipient, topic: displayName } } : event;
    }
    default:
      return event;
  }
}
