// The catalogue of the settings in spec endpoint 4 (realm-level defaults of user settings), for the
// "Default settings" screen: each setting's kind, a human label, where it sits on screen, and for the
// enumerated ones a label per allowed value.
//
// The names, kinds, allowed values, units and bounds come from shared/api/realm-defaults.ts; only the
// words and the grouping live here. A setting the API module gains and this file does not label, or a
// value added to one of its tables, is a type error here.
import {
  BOOLEAN_SETTINGS,
  ENUM_INT_SETTINGS,
  ENUM_STRING_SETTINGS,
  INT_SETTINGS,
  STRING_SETTINGS,
  type BooleanSettingName,
  type EnumIntSettingName,
  type EnumStringSettingName,
  type IntSettingName,
  type StringSettingName,
  type UserSettingName,
} from '../api/realm-defaults';

/**
 * The screen's sections, in display order. The brief's six, plus `reading`: how the message feed
 * behaves while a user reads it (marking as read on scroll, seeing others type, reaction names, image
 * animation). Those are neither theme and layout (display) nor where the app goes (navigation), and a
 * user looking for "why are my messages marked as read" looks for reading, not display.
 */
export const SETTING_GROUPS = [
  { id: 'display', label: 'Display', description: 'Theme, fonts, emoji and layout.' },
  { id: 'navigation', label: 'Navigation', description: 'Home view, channel links and the left sidebar.' },
  { id: 'reading', label: 'Reading', description: 'How the message feed behaves while reading.' },
  { id: 'composing', label: 'Composing', description: 'Writing and sending messages, and drafts.' },
  { id: 'topics', label: 'Topics', description: 'Following, unmuting and resolved topics.' },
  { id: 'notifications', label: 'Notifications', description: 'Desktop, mobile, sound and email notifications.' },
  { id: 'privacy', label: 'Privacy', description: 'What other users can see.' },
] as const;
export type SettingGroupInfo = (typeof SETTING_GROUPS)[number];
export type SettingGroup = SettingGroupInfo['id'];

interface EntryBase<N extends UserSettingName> {
  readonly name: N;
  readonly label: string;
  /** One sentence, where the label alone does not say enough. */
  readonly description?: string;
  readonly group: SettingGroup;
}
export interface EnumValue<V extends number | string> {
  readonly value: V;
  readonly label: string;
}
export interface BooleanEntry extends EntryBase<BooleanSettingName> {
  readonly type: 'boolean';
}
export interface EnumIntEntry extends EntryBase<EnumIntSettingName> {
  readonly type: 'enum-int';
  /** Every allowed value, in the spec's order. */
  readonly values: readonly EnumValue<number>[];
}
export interface IntEntry extends EntryBase<IntSettingName> {
  readonly type: 'int';
  readonly unit: (typeof INT_SETTINGS)[IntSettingName]['unit'];
  readonly min: number;
  readonly max: number;
}
export interface EnumStringEntry extends EntryBase<EnumStringSettingName> {
  readonly type: 'enum-string';
  /** Every allowed value, in the spec's order. */
  readonly values: readonly EnumValue<string>[];
}
export interface StringEntry extends EntryBase<StringSettingName> {
  readonly type: 'string';
  /** The register snapshot field that lists the values this server offers. */
  readonly choicesFrom?: 'available_notification_sounds';
}
export type CatalogueEntry = BooleanEntry | EnumIntEntry | IntEntry | EnumStringEntry | StringEntry;

/** A label for each value of a table, no more and no fewer. */
type ValueLabels<T> = { readonly [V in keyof T]: string };
type Words<N extends UserSettingName> = {
  readonly group: SettingGroup;
  readonly label: string;
  readonly description?: string;
} & (N extends EnumIntSettingName
  ? { readonly valueLabels: ValueLabels<(typeof ENUM_INT_SETTINGS)[N]> }
  : N extends EnumStringSettingName
    ? { readonly valueLabels: ValueLabels<(typeof ENUM_STRING_SETTINGS)[N]> }
    : N extends StringSettingName
      ? { readonly choicesFrom?: StringEntry['choicesFrom'] }
      : unknown);

const TOPIC_POLICY_LABELS = {
  1: 'Topics the user participates in',
  2: 'Topics the user sends a message to',
  3: 'Topics the user starts',
  4: 'Never',
} as const;

// Written group by group in display order; the order within a group is the order on screen.
const WORDS: { readonly [N in UserSettingName]: Words<N> } = {
  // display
  color_scheme: {
    group: 'display',
    label: 'Color scheme',
    description: "Automatic follows the device's light or dark preference.",
    valueLabels: { 1: 'Automatic', 2: 'Dark', 3: 'Light' },
  },
  high_contrast_mode: {
    group: 'display',
    label: 'High contrast mode',
    description: 'Reserved for design variations that help visually impaired users.',
  },
  web_font_size_px: { group: 'display', label: 'Font size' },
  web_line_height_percent: {
    group: 'display',
    label: 'Line spacing',
    description: 'Line height as a percentage of the font size: 140 means 1.4 times the font size.',
  },
  fluid_layout_width: {
    group: 'display',
    label: 'Use full width on wide screens',
    description: 'The message feed and recent conversations use all the available width.',
  },
  user_list_style: {
    group: 'display',
    label: 'User list style',
    valueLabels: { 1: 'Compact', 2: 'With status', 3: 'With avatar and status' },
  },
  left_side_userlist: { group: 'display', label: 'User list in the left sidebar in narrow windows' },
  emojiset: {
    group: 'display',
    label: 'Emoji set',
    valueLabels: { google: 'Google', twitter: 'Twitter', text: 'Plain text', 'google-blob': 'Google blobs' },
  },
  twenty_four_hour_time: { group: 'display', label: 'Use 24-hour time' },
  web_suggest_update_timezone: {
    group: 'display',
    label: 'Offer to update the time zone',
    description: "Suggest updating the profile's time zone when the device's time zone differs.",
  },
  hide_ai_features: {
    group: 'display',
    label: 'Hide AI features',
    description: 'Features that use AI, such as topic summaries, are not shown.',
  },

  // navigation
  web_home_view: {
    group: 'navigation',
    label: 'Home view',
    description: 'Shown when the app opens.',
    valueLabels: { recent_topics: 'Recent conversations', inbox: 'Inbox', all_messages: 'All messages' },
  },
  web_escape_navigates_to_home_view: { group: 'navigation', label: 'Escape key goes to the home view' },
  web_channel_default_view: {
    group: 'navigation',
    label: 'Channel links open',
    valueLabels: { 1: 'Top topic', 2: 'Channel feed', 3: 'List of topics', 4: 'Top unread topic' },
  },
  web_left_sidebar_show_channel_folders: { group: 'navigation', label: 'Show channel folders in the left sidebar' },
  web_left_sidebar_unreads_count_summary: {
    group: 'navigation',
    label: 'Show the unread count summary in the left sidebar',
  },
  web_stream_unreads_count_display_policy: {
    group: 'navigation',
    label: 'Unread counts in the left sidebar',
    description: 'Channels without a count show a dot when they have unread messages.',
    valueLabels: { 1: 'All channels', 2: 'Unmuted channels and topics', 3: 'No channels' },
  },
  demote_inactive_streams: {
    group: 'navigation',
    label: 'Demote inactive channels',
    valueLabels: { 1: 'Automatic', 2: 'Always', 3: 'Never' },
  },
  starred_message_counts: { group: 'navigation', label: 'Show the number of starred messages' },

  // reading
  web_mark_read_on_scroll_policy: {
    group: 'reading',
    label: 'Mark messages as read on scroll',
    valueLabels: { 1: 'Always', 2: 'Only in conversation views', 3: 'Never' },
  },
  receives_typing_notifications: { group: 'reading', label: 'Show when other users are typing' },
  display_emoji_reaction_users: {
    group: 'reading',
    label: 'Show names of reacting users',
    description: 'Names instead of a count when a message has few reactions.',
  },
  web_animate_image_previews: {
    group: 'reading',
    label: 'Play animated images',
    valueLabels: { always: 'Always', on_hover: 'On hover', never: 'Never' },
  },

  // composing
  enter_sends: {
    group: 'composing',
    label: 'Enter sends the message',
    description: 'When off, Ctrl+Enter sends and Enter starts a new line.',
  },
  translate_emoticons: {
    group: 'composing',
    label: 'Convert emoticons to emoji',
    description: 'Emoticons such as :) in sent messages become emoji.',
  },
  enable_drafts_synchronization: {
    group: 'composing',
    label: 'Save drafts on the server',
    // spec 4: when disabled, server-side drafts are deleted
    description: "Turning this off deletes the user's drafts stored on the server.",
  },

  // topics
  automatically_follow_topics_policy: {
    group: 'topics',
    label: 'Automatically follow topics',
    valueLabels: TOPIC_POLICY_LABELS,
  },
  automatically_follow_topics_where_mentioned: { group: 'topics', label: 'Follow topics where the user is mentioned' },
  automatically_unmute_topics_in_muted_streams_policy: {
    group: 'topics',
    label: 'Automatically unmute topics in muted channels',
    valueLabels: TOPIC_POLICY_LABELS,
  },
  resolved_topic_notice_auto_read_policy: {
    group: 'topics',
    label: 'Mark resolved-topic notices as read',
    valueLabels: { always: 'Always', except_followed: 'Except in followed topics', never: 'Never' },
  },

  // notifications: direct messages and mentions, channels, followed topics, then email
  enable_desktop_notifications: { group: 'notifications', label: 'DMs and mentions: desktop notifications' },
  enable_sounds: { group: 'notifications', label: 'DMs and mentions: sound' },
  enable_offline_push_notifications: { group: 'notifications', label: 'DMs and mentions: mobile notifications' },
  enable_offline_email_notifications: {
    group: 'notifications',
    label: 'DMs and mentions: email notifications',
    description: 'Sent for messages that arrive while the user is offline.',
  },
  wildcard_mentions_notify: {
    group: 'notifications',
    label: 'Notify for wildcard mentions',
    description: 'Mentions such as @all notify like a personal mention.',
  },
  enable_stream_desktop_notifications: { group: 'notifications', label: 'Channels: desktop notifications' },
  enable_stream_audible_notifications: { group: 'notifications', label: 'Channels: sound' },
  enable_stream_push_notifications: { group: 'notifications', label: 'Channels: mobile notifications' },
  enable_stream_email_notifications: { group: 'notifications', label: 'Channels: email notifications' },
  enable_followed_topic_desktop_notifications: {
    group: 'notifications',
    label: 'Followed topics: desktop notifications',
  },
  enable_followed_topic_audible_notifications: { group: 'notifications', label: 'Followed topics: sound' },
  enable_followed_topic_push_notifications: { group: 'notifications', label: 'Followed topics: mobile notifications' },
  enable_followed_topic_email_notifications: { group: 'notifications', label: 'Followed topics: email notifications' },
  enable_followed_topic_wildcard_mentions_notify: {
    group: 'notifications',
    label: 'Followed topics: notify for wildcard mentions',
    description: 'Mentions such as @all in followed topics notify like a personal mention.',
  },
  enable_online_push_notifications: {
    group: 'notifications',
    label: 'Send mobile notifications while online',
    description: 'Without this, mobile notifications are sent only while the user is offline.',
  },
  notification_sound: {
    group: 'notifications',
    label: 'Notification sound',
    description: 'One of the sounds this server offers.',
    choicesFrom: 'available_notification_sounds',
  },
  pm_content_in_desktop_notifications: {
    group: 'notifications',
    label: 'Include message content in desktop notifications for DMs',
  },
  desktop_icon_count_display: {
    group: 'notifications',
    label: 'Unread count badge',
    description: 'The count on the desktop app icon and the browser tab.',
    valueLabels: {
      1: 'All unread messages',
      2: 'DMs, mentions and followed topics',
      3: 'DMs and mentions',
      4: 'None',
    },
  },
  email_notifications_batching_period_seconds: {
    group: 'notifications',
    label: 'Delay before sending notification emails',
    description: 'Messages to one conversation within this time are combined into one email.',
  },
  message_content_in_email_notifications: { group: 'notifications', label: 'Include message content in emails' },
  realm_name_in_email_notifications_policy: {
    group: 'notifications',
    label: 'Organization name in email subjects',
    valueLabels: { 1: 'Automatic', 2: 'Always', 3: 'Never' },
  },
  enable_digest_emails: {
    group: 'notifications',
    label: 'Digest emails when away',
    description: 'A summary of what happened while the user was away.',
  },

  // privacy
  presence_enabled: {
    group: 'privacy',
    label: 'Show availability to other users',
    description: 'Other users see when the user is online.',
  },
  send_private_typing_notifications: {
    group: 'privacy',
    label: 'Send typing notifications in DMs',
    description: 'Recipients see when the user is typing a direct message.',
  },
  send_stream_typing_notifications: {
    group: 'privacy',
    label: 'Send typing notifications in channels',
    description: 'Channel members see when the user is typing a message to the channel.',
  },
  send_read_receipts: {
    group: 'privacy',
    label: 'Send read receipts',
    description: 'Other users can see whether the user has read their messages.',
  },
};

const isIn = <N extends string>(names: readonly N[], name: string): name is N => names.includes(name as N);
const isKeyOf = <T extends object>(table: T, name: string): name is keyof T & string => Object.hasOwn(table, name);

function valuesWithLabels<V extends number | string>(
  table: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
  toValue: (key: string) => V,
): EnumValue<V>[] {
  // The labels cover exactly the table's keys (ValueLabels), so every lookup finds one.
  return Object.keys(table).map((key) => ({ value: toValue(key), label: labels[key] ?? key }));
}

function entryFor(name: UserSettingName): CatalogueEntry {
  const words = WORDS[name];
  const base = {
    label: words.label,
    group: words.group,
    ...(words.description ? { description: words.description } : {}),
  };
  const labels = 'valueLabels' in words ? (words.valueLabels as Readonly<Record<string, string>>) : {};
  if (isIn(BOOLEAN_SETTINGS, name)) return { name, type: 'boolean', ...base };
  if (isKeyOf(ENUM_INT_SETTINGS, name)) {
    return { name, type: 'enum-int', ...base, values: valuesWithLabels(ENUM_INT_SETTINGS[name], labels, Number) };
  }
  if (isKeyOf(INT_SETTINGS, name)) {
    const { unit, min, max } = INT_SETTINGS[name];
    return { name, type: 'int', ...base, unit, min, max };
  }
  if (isKeyOf(ENUM_STRING_SETTINGS, name)) {
    return { name, type: 'enum-string', ...base, values: valuesWithLabels(ENUM_STRING_SETTINGS[name], labels, String) };
  }
  if (isIn(STRING_SETTINGS, name)) {
    const choicesFrom = 'choicesFrom' in words ? words.choicesFrom : undefined;
    return { name, type: 'string', ...base, ...(choicesFrom ? { choicesFrom } : {}) };
  }
  throw new Error(`user-settings-defaults: ${String(name satisfies never)} has no kind`);
}

const groupOrder = (group: SettingGroup) => SETTING_GROUPS.findIndex((g) => g.id === group);

/** Every setting of spec endpoint 4, in display order: by group, then as written above. */
export const USER_SETTINGS_CATALOGUE: readonly CatalogueEntry[] = (Object.keys(WORDS) as UserSettingName[])
  .map(entryFor)
  .sort((a, b) => groupOrder(a.group) - groupOrder(b.group));

const byName = new Map<string, CatalogueEntry>(USER_SETTINGS_CATALOGUE.map((entry) => [entry.name, entry]));

/** The entry of a setting, or undefined for a name the spec does not list (e.g. from a newer server). */
export function catalogueEntry(name: string): CatalogueEntry | undefined {
  return byName.get(name);
}

/** The groups in display order, each with its entries in display order. */
export function catalogueByGroup(): { group: SettingGroupInfo; entries: CatalogueEntry[] }[] {
  return SETTING_GROUPS.map((group) => ({
    group,
    entries: USER_SETTINGS_CATALOGUE.filter((entry) => entry.group === group.id),
  }));
}
