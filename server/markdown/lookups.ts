// What the renderer needs to know about the organization to turn mention and channel-link syntax into
// links: users by ID or name, channels by name. Without lookups that syntax stays as text, as upstream
// leaves mentions of people and channels it cannot find. (server/db/markdown-lookups.ts answers them
// from the database.)
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
