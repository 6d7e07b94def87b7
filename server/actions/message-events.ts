// The `message` events a new message publishes (upstream process_message_event: `{type: "message",
// message, flags}` to everyone who receives it). The message dict differs per recipient, so recipients
// are grouped by what differs and each group gets one event; what depends on the receiving queue's own
// options is left to delivery (server/events/delivery.ts), through fields starting with "_":
// - `message` is rendered (apply_markdown) with a real avatar_url and the empty topic as '';
// - `flags` are the group's flags;
// - `_raw_content` is the Markdown for queues registered with apply_markdown false;
// - `_gravatar` says the group may see the sender's address, so client_gravatar queues get a null avatar_url;
// - `_local_id` and `_sender_queue_id` (sender's group only) let the sending queue echo `local_message_id`;
// - `_recipients` lists every recipient of every group, so all_public_streams queues of people who are not
//   recipients get the message exactly once.
import type { ServerEvent } from '../events/bus';
import type { Db } from '../db/connection';
import { apiFlags, messageObject, type MessageRow } from '../db/message-queries';
import { canSeeDeliveryEmail } from '../db/user-queries';
import { adminUserIds, ROLE, type UserRow } from '../db/users';

export interface EventGroup {
  recipients: number[];
  event: ServerEvent;
}

export interface LocalEcho {
  localId?: string;
  senderQueueId?: string;
}

export function messageEventGroups(db: Db, row: MessageRow, flagsByUser: ReadonlyMap<number, readonly string[]>, echo: LocalEcho = {}): EventGroup[] {
  const sender = (db.prepare('SELECT id, role, is_active FROM users WHERE id = ?').get(row.sender_id) as Pick<UserRow, 'id' | 'role' | 'is_active'> | undefined) ?? {
    id: row.sender_id,
    role: ROLE.member,
    is_active: 1,
  };
  const message = messageObject(db, row, sender, { apply_markdown: true, client_gravatar: false, allow_empty_topic_name: true });
  // Whether a recipient may see the sender's address depends only on being an administrator (or the
  // sender): the realm's few administrators are read, not the role of each of 11,000 subscribers
  // (recipients are active users, as adminUserIds' are).
  const administrators = new Set(adminUserIds(db));
  const groups = new Map<string, EventGroup>();
  const everyone = [...flagsByUser.keys()];
  // A channel message reaches every subscriber (11,000 in the fan-out bench) and nearly all of them have
  // the same few flags: each distinct stored list is turned into API flags once, and a group's key is a
  // short string rather than a JSON document per viewer.
  const shownFlags = new Map<string, string[]>();
  for (const [viewerId, stored] of flagsByUser) {
    const viewer = { id: viewerId, role: administrators.has(viewerId) ? ROLE.admin : ROLE.member };
    const storedKey = stored.join(',');
    let flags = shownFlags.get(storedKey);
    if (!flags) shownFlags.set(storedKey, (flags = apiFlags(stored)));
    const gravatar = canSeeDeliveryEmail(viewer, row.sender_id);
    const echoes = viewer.id === row.sender_id && (echo.localId !== undefined || echo.senderQueueId !== undefined);
    const key = `${storedKey}|${gravatar ? 1 : 0}|${echoes ? 1 : 0}`;
    let group = groups.get(key);
    if (!group) {
      const event: ServerEvent = { type: 'message', message, flags, _raw_content: row.content, _gravatar: gravatar, _recipients: everyone };
      if (echoes) Object.assign(event, { _local_id: echo.localId, _sender_queue_id: echo.senderQueueId });
      group = { recipients: [], event };
      groups.set(key, group);
    }
    group.recipients.push(viewer.id);
  }
  return [...groups.values()];
}
