// Channels of the Channels screen: the realm's channels as the console keeps them live, what the rules
// need beside them (folders, groups, the organization's channel settings, limits), and changes to one
// channel at a time, each sent with the value the screen showed (`old`) so a change made meanwhile by
// someone else is caught instead of overwritten.
import { z } from 'zod';
import { FolderId, GroupSettingValue, Role, TopicsPolicy } from '../api/common';
import { Stream } from '../api/channels';
import { ChannelFolder } from '../api/folders';
import { UserGroup } from '../api/groups';
import { CHANNEL_GROUP_SETTINGS, REALM_GROUP_SETTINGS } from '../domain/channel-permissions';
import { PRIVACY_CHOICES } from '../domain/channel-privacy';
import { AccountId } from './push';

/** One channel as the list shows it: upstream's stream object, and what the console knows beside it. */
export const ChannelEntry = z.object({
  channel: Stream,
  isDefault: z.boolean(),
  /** From the subscriber lists the session keeps live (the stream object's count may lag behind). */
  subscriberCount: z.int().nonnegative(),
  /** The signed-in user is subscribed. */
  subscribed: z.boolean(),
});
export type ChannelEntry = z.infer<typeof ChannelEntry>;

export const RealmChannelPolicy = z.object({
  messageRetentionDays: z.int().nullable(),
  topicsPolicy: TopicsPolicy.nullable(),
  emptyTopicName: z.string(),
  webPublicEnabled: z.boolean().nullable(),
  spectatorAccess: z.boolean().nullable(),
  groups: z.object(Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, GroupSettingValue.nullable()])) as Record<(typeof REALM_GROUP_SETTINGS)[number], z.ZodNullable<typeof GroupSettingValue>>),
});

/** What the Channels screen's rules and words need beside the channels and the users. */
export const ChannelContext = z.object({
  realmName: z.string(),
  ownUserId: z.int(),
  ownRole: Role,
  featureLevel: z.int(),
  moderationChannelId: z.int().nullable(),
  policy: RealmChannelPolicy,
  /** The register response's maxima; null when the server does not say. */
  limits: z.object({
    maxNameLength: z.int().nullable(),
    maxDescriptionLength: z.int().nullable(),
    maxFolderNameLength: z.int().nullable(),
    maxFolderDescriptionLength: z.int().nullable(),
  }),
  /** Every folder, archived ones included, in the organization's order. */
  folders: z.array(ChannelFolder),
  groups: z.array(UserGroup),
});
export type ChannelContext = z.infer<typeof ChannelContext>;

/** `message_retention_days` as a channel holds it: null the organization's, -1 forever, else days. */
export const RetentionValue = z.union([z.null(), z.literal(-1), z.int().positive()]);

const change = <P extends string, V extends z.ZodType, O extends z.ZodType = V>(property: P, value: V, old?: O) =>
  z.object({ property: z.literal(property), value, old: (old ?? value) as O }).strict();

const groupChanges = CHANNEL_GROUP_SETTINGS.map((setting) => change(setting, GroupSettingValue));

/**
 * One change to one channel: the property, the value wanted, and the value the screen showed when
 * the change was made (`old`). The core compares `old` with the live channel, and the server compares
 * it for group settings (spec 3's `{new, old}`): a difference is a conflict, never an overwrite.
 */
export const ChannelChange = z.discriminatedUnion('property', [
  change('name', z.string().trim().min(1).max(1000), z.string()),
  change('description', z.string().max(100_000)),
  change('privacy', z.enum(PRIVACY_CHOICES), z.enum([...PRIVACY_CHOICES, 'public_protected'])),
  change('default', z.boolean()),
  change('retention', RetentionValue),
  change('topicsPolicy', TopicsPolicy),
  change('folder', FolderId.nullable()),
  change('archived', z.boolean()),
  ...groupChanges,
]);
export type ChannelChange = z.infer<typeof ChannelChange>;
export type ChannelProperty = ChannelChange['property'];

/**
 * Changes that take something away from the signed-in user, confirmed in words: administering the
 * channel, or reading it (made private while they are not subscribed).
 */
export const CHANNEL_HAZARDS = ['ownAdministration', 'ownAccess'] as const;
export type ChannelHazard = (typeof CHANNEL_HAZARDS)[number];

/** A change refused because the channel changed on the server meanwhile; `theirs` is the value there now. */
export const CHANNEL_CHANGED = 'CHANNEL_CHANGED';

export const ChannelChangeResult = z.object({
  outcome: z.enum(['changed', 'unchanged']),
  entry: ChannelEntry,
});
export type ChannelChangeResult = z.infer<typeof ChannelChangeResult>;

/** A new channel: upstream POST /users/me/subscriptions with the name and its settings. */
export const NewChannel = z
  .object({
    name: z.string().trim().min(1).max(1000),
    description: z.string().max(100_000),
    privacy: z.enum(PRIVACY_CHOICES),
    isDefault: z.boolean(),
    retention: RetentionValue,
    topicsPolicy: TopicsPolicy,
    folderId: FolderId.nullable(),
    /** Group settings other than upstream's defaults. */
    groups: z.partialRecord(z.enum(CHANNEL_GROUP_SETTINGS), GroupSettingValue),
  })
  .strict();
export type NewChannel = z.infer<typeof NewChannel>;

const ForAccount = z.object({ account: AccountId }).strict();

export const channelChannels = {
  'channels.list': { input: ForAccount, output: z.array(ChannelEntry) },
  /** The current entries of these channels (after a push named them). Unknown IDs are left out. */
  'channels.get': { input: z.object({ account: AccountId, ids: z.array(z.int()).max(100_000) }).strict(), output: z.array(ChannelEntry) },
  'channels.context': { input: ForAccount, output: ChannelContext },
  'channels.update': {
    input: z.object({ account: AccountId, channelId: z.int(), change: ChannelChange, acknowledged: z.array(z.enum(CHANNEL_HAZARDS)).max(CHANNEL_HAZARDS.length).optional() }).strict(),
    output: ChannelChangeResult,
  },
  'channels.create': { input: z.object({ account: AccountId, channel: NewChannel }).strict(), output: ChannelEntry },
  /** POST /messages/render, for a description's preview. */
  'channels.renderDescription': { input: z.object({ account: AccountId, content: z.string().max(100_000) }).strict(), output: z.object({ html: z.string() }) },
} as const;
