// The Markdown renderer's lookups (server/markdown/lookups.ts) answered from the database: users by ID
// or name, channels by name, the realm's name for the empty topic.
import { DEFAULT_EMPTY_TOPIC_DISPLAY_NAME, type LinkableChannel, type MarkdownLookups, type MentionableUser } from '../markdown/lookups';
import type { Db } from './connection';

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
