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
import type { UserRow } from '../db/users';

export interface EventGroup {
  recipients: number[];
  event: ServerEvent;
}

export interface LocalEcho {
  localId?: string;
  senderQueueId?: string;
}

export function messageEventGroups(db: Db, row: MessageRow, flagsByUser: ReadonlyMap<number, readonly string[]>, echo: LocalEcho = {}): EventGroup[] {
  const viewers = db
    .prepare('SELECT id, role, is_active FROM users WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify([...flagsByUser.keys()])) as Pick<UserRow, 'id' | 'role' | 'is_active'>[];
  const sender = viewers.find((viewer) => viewer.id === row.sender_id) ?? { id: row.sender_id, role: 400 as const, is_active: 1 };
  const message = messageObject(db, row, sender, { apply_markdown: true, client_gravatar: false, allow_empty_topic_name: true });
  const groups = new Map<string, EventGroup>();
  const everyone = [...flagsByUser.keys()];
  for (const viewer of viewers) {
    const flags = apiFlags(flagsByUser.get(viewer.id) ?? []);
    const gravatar = canSeeDeliveryEmail(viewer, row.sender_id);
    const echoes = viewer.id === row.sender_id && (echo.localId !== undefined || echo.senderQueueId !== undefined);
    const key = JSON.stringify([flags, gravatar, echoes]);
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
