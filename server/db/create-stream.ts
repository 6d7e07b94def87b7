// Inserts a channel with upstream's default permissions, and subscribes users to it.
import type { GroupSettingValue, TopicsPolicy } from '../../shared/api';
import type { Db } from './connection';
import { systemGroupId } from './groups';
import type { StreamGroupSetting } from './stream-queries';
import { renderMarkdown } from '../markdown/render';

export interface NewStream {
  name: string;
  description?: string;
  date_created: number;
  creator_id: number | null;
  invite_only?: boolean;
  history_public_to_subscribers?: boolean;
  is_web_public?: boolean;
  is_default?: boolean;
  is_archived?: boolean;
  folder_id?: number | null;
  topics_policy?: TopicsPolicy;
  message_retention_days?: number | null;
  can_send_message_group?: GroupSettingValue;
  /** Group settings other than the defaults below (a channel created through the API). */
  settings?: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
}

const json = (value: GroupSettingValue) => JSON.stringify(value);

export function insertStream(db: Db, stream: NewStream): number {
  const nobody = systemGroupId('role:nobody');
  const given = stream.settings ?? {};
  const description = stream.description ?? '';
  const result = db
    .prepare(
      `INSERT INTO streams (name, description, rendered_description, date_created, creator_id, invite_only, is_web_public,
         history_public_to_subscribers, message_retention_days, is_archived, is_default, folder_id, topics_policy,
         can_add_subscribers_group, can_remove_subscribers_group, can_administer_channel_group, can_delete_any_message_group,
         can_delete_own_message_group, can_send_message_group, can_subscribe_group, can_move_messages_within_channel_group,
         can_move_messages_out_of_channel_group, can_resolve_topics_group)
       VALUES (@name, @description, @rendered, @date_created, @creator_id, @invite_only, @is_web_public, @history_public,
         @retention, @is_archived, @is_default, @folder_id, @topics_policy, @add, @remove, @administer, @delete_any,
         @delete_own, @send, @subscribe, @within, @out, @resolve)`,
    )
    .run({
      name: stream.name,
      description,
      rendered: description ? renderMarkdown(description) : '',
      date_created: stream.date_created,
      creator_id: stream.creator_id,
      invite_only: stream.invite_only ? 1 : 0,
      is_web_public: stream.is_web_public ? 1 : 0,
      history_public: stream.history_public_to_subscribers === false ? 0 : 1,
      retention: stream.message_retention_days ?? null,
      is_archived: stream.is_archived ? 1 : 0,
      is_default: stream.is_default ? 1 : 0,
      folder_id: stream.folder_id ?? null,
      topics_policy: stream.topics_policy ?? 'inherit',
      // upstream's channel defaults (zerver/models/streams.py); the organization's own
      // can_add_subscribers_group (members) is what lets members add subscribers to channels they see.
      add: json(given.can_add_subscribers_group ?? nobody),
      remove: json(given.can_remove_subscribers_group ?? systemGroupId('role:administrators')),
      administer: json(given.can_administer_channel_group ?? (stream.creator_id === null ? nobody : { direct_members: [stream.creator_id], direct_subgroups: [] })),
      delete_any: json(given.can_delete_any_message_group ?? nobody),
      delete_own: json(given.can_delete_own_message_group ?? nobody),
      send: json(given.can_send_message_group ?? stream.can_send_message_group ?? systemGroupId('role:everyone')),
      subscribe: json(given.can_subscribe_group ?? nobody),
      within: json(given.can_move_messages_within_channel_group ?? nobody),
      out: json(given.can_move_messages_out_of_channel_group ?? nobody),
      resolve: json(given.can_resolve_topics_group ?? nobody),
    });
  return Number(result.lastInsertRowid);
}

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5', '#f5ce6e', '#c2726a'];

/**
 * Subscribes users; they see messages sent after `afterMessageId` in protected-history channels. A
 * `color` (#rrggbb) is each new subscription's color instead of one picked from the palette.
 */
export function subscribe(db: Db, streamId: number, userIds: Iterable<number>, afterMessageId = 0, color?: string): void {
  const insert = db.prepare(
    `INSERT INTO subscriptions (user_id, stream_id, color, subscribed_after_message_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, stream_id) DO UPDATE SET active = 1`,
  );
  for (const userId of userIds) insert.run(userId, streamId, color ?? COLORS[(streamId + userId) % COLORS.length], afterMessageId);
}
