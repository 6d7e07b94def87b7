// The one reducer: a realm's state and one event give the next state and what changed. Pure (no I/O,
// no clock) and immutable (the given state is never modified), so the session can apply a batch in
// order and a test can check every event kind without a server. Unknown kinds change nothing.
import type { DeleteMessageEvent, MessageEvent } from '../../../shared/api';
import type { RealmChange } from '../../../shared/ipc';
import type { Event, RealmEvent } from '../../../shared/api';
import { mergeChanges } from './changes';
import { inDisplayOrder, type RealmState } from './realm-state';
import { reduceChannelFolder, reduceDefaultStreams, reduceStream, reduceSubscription } from './reduce-channels';
import { reduceRealmUser, reduceUserGroup, type Reduced } from './reduce-people';
import { reducePresence } from './reduce-presence';
import { withRealmData } from './realm-policy';

export function applyEvent(state: RealmState, event: Event): { state: RealmState; changes: RealmChange[] } {
  const result = reduce(state, event);
  // One entry per collection, IDs ascending: the same change always reads the same.
  return result.changes.length > 1 || (result.changes[0]?.ids.length ?? 0) > 1 ? { state: result.state, changes: mergeChanges(result.changes) } : result;
}

function reduce(state: RealmState, event: Event): Reduced {
  switch (event.type) {
    case 'realm':
      return reduceRealm(state, event);
    case 'realm_user':
      return reduceRealmUser(state, event);
    case 'user_group':
      return reduceUserGroup(state, event);
    case 'stream':
      return reduceStream(state, event);
    case 'subscription':
      return reduceSubscription(state, event);
    case 'channel_folder':
      return reduceChannelFolder(state, event);
    case 'default_streams':
      return reduceDefaultStreams(state, event);
    case 'realm_user_settings_defaults': {
      const current: Record<string, unknown> = state.userSettingsDefaults;
      if (current[event.property] === event.value) return { state, changes: [] };
      // A setting this client does not know is kept too: the defaults screen may list it generically.
      const userSettingsDefaults = { ...state.userSettingsDefaults, [event.property]: event.value };
      return { state: { ...state, userSettingsDefaults }, changes: [{ collection: 'defaults', ids: [] }] };
    }
    case 'custom_profile_fields':
      // upstream sends the whole new list after any field is added, changed or removed.
      return { state: { ...state, profileFields: inDisplayOrder(event.fields) }, changes: [{ collection: 'profileFields', ids: [] }] };
    case 'invites_changed':
      // The event says nothing but "refetch": the session does, then reports the invitations changed.
      return { state: state.invitationsStale ? state : { ...state, invitationsStale: true }, changes: [] };
    case 'message':
      return reduceMessage(state, event);
    case 'delete_message':
      return reduceDeleteMessage(state, event);
    case 'presence':
      return reducePresence(state, event);
    default:
      // heartbeat, and kinds the console does not keep
      return { state, changes: [] };
  }
}

/** The realm's own settings the state keeps: its name, its moderation request channel and its channel settings. */
function reduceRealm(state: RealmState, event: RealmEvent): Reduced {
  let data: Record<string, unknown>;
  if (event.op === 'update' && 'property' in event && typeof event.property === 'string') data = { [event.property]: event.value };
  else if (event.op === 'update_dict' && 'data' in event && event.data && typeof event.data === 'object') data = event.data as Record<string, unknown>;
  else return { state, changes: [] };

  let next = state;
  if (typeof data.name === 'string' && data.name !== state.realmName) next = { ...next, realmName: data.name };
  const channelPolicy = withRealmData(state.channelPolicy, data);
  if (channelPolicy !== state.channelPolicy) next = { ...next, channelPolicy };
  if ('moderation_request_channel_id' in data && typeof data.moderation_request_channel_id === 'number') {
    // Upstream's -1 is "moderation requests are off".
    const id = data.moderation_request_channel_id < 0 ? null : data.moderation_request_channel_id;
    // The count belonged to the old channel; the session counts again for the new one.
    if (id !== state.moderationRequestChannelId) next = { ...next, moderationRequestChannelId: id, reportIds: null };
  }
  if (next === state) return { state, changes: [] };
  const changes: RealmChange[] = [{ collection: 'realm', ids: [] }];
  if (next.reportIds !== state.reportIds) changes.push({ collection: 'reports', ids: [] });
  return { state: next, changes };
}

/** A report is a message from the notification bot in the moderation request channel (spec 16). */
function reduceMessage(state: RealmState, event: MessageEvent): Reduced {
  const { message } = event;
  const isReport =
    state.reportIds !== null &&
    message.type === 'stream' &&
    message.stream_id !== undefined &&
    message.stream_id === state.moderationRequestChannelId &&
    message.sender_id === state.notificationBotId;
  if (!isReport || state.reportIds?.has(message.id)) return { state, changes: [] };
  const reportIds = new Set(state.reportIds).add(message.id);
  return { state: { ...state, reportIds }, changes: [{ collection: 'reports', ids: [message.id] }] };
}

/**
 * A deleted report leaves the count. Every deleted message is named as a `messages` change: the state
 * keeps no messages, but a report's conversation on screen may show it (upstream narrows a queue's
 * message events only, so deletions arrive from anywhere the user received the message).
 */
function reduceDeleteMessage(state: RealmState, event: DeleteMessageEvent): Reduced {
  // Bulk (`message_ids`, with bulk_message_deletion) or one message (`message_id`); both are loose
  // objects, so `in` cannot tell them apart for the compiler.
  const bulk = event as { message_ids?: number[]; message_id?: number };
  const ids = bulk.message_ids ?? (bulk.message_id === undefined ? [] : [bulk.message_id]);
  if (ids.length === 0) return { state, changes: [] };
  const messages: RealmChange = { collection: 'messages', ids: [...ids].sort((a, b) => a - b) };
  const deleted = ids.filter((id) => state.reportIds?.has(id));
  if (deleted.length === 0) return { state, changes: [messages] };
  const reportIds = new Set(state.reportIds);
  for (const id of deleted) reportIds.delete(id);
  return { state: { ...state, reportIds }, changes: [messages, { collection: 'reports', ids: deleted }] };
}
