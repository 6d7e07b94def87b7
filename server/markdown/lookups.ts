// What the renderer needs to know about the organization to turn mention and channel-link syntax into
// links: users by ID or name, channels by name. Without lookups that syntax stays as text, as upstream
// leaves mentions of people and channels it cannot find.
import type { Db } from '../db/connection';

export interface MentionableUser {
  id: number;
  full_name: string;
  /** Mentions of deactivated users render silently (upstream). */
  is_active: number | boolean;
}

export interface LinkableChannel {
  id: number;
  name: string;
}

export interface MarkdownLookups {
  userById(id: number): MentionableUser | undefined;
  /** Case-insensitive, as upstream matches `@**name**`. */
  userByName(name: string): MentionableUser | undefined;
  /** Case-insensitive; the link shows the channel's own spelling. */
  channelByName(name: string): LinkableChannel | undefined;
  /** How topic links show the empty topic (the realm's empty_topic_display_name). */
  emptyTopicDisplayName(): string;
}

export const DEFAULT_EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

/** Lookups against the sandbox database. */
export function dbLookups(db: Db): MarkdownLookups {
  const byId = db.prepare('SELECT id, full_name, is_active FROM users WHERE id = ?');
  // Two people may share a name; an active one wins, then the oldest account.
  const byName = db.prepare('SELECT id, full_name, is_active FROM users WHERE lower(full_name) = lower(?) ORDER BY is_active DESC, id LIMIT 1');
  const channel = db.prepare('SELECT id, name FROM streams WHERE lower(name) = lower(?)');
  const emptyTopic = db.prepare('SELECT empty_topic_display_name FROM realm').pluck();
  return {
    userById: (id) => byId.get(id) as MentionableUser | undefined,
    userByName: (name) => byName.get(name) as MentionableUser | undefined,
    channelByName: (name) => channel.get(name) as LinkableChannel | undefined,
    emptyTopicDisplayName: () => (emptyTopic.get() as string | undefined) ?? DEFAULT_EMPTY_TOPIC_DISPLAY_NAME,
  };
}
