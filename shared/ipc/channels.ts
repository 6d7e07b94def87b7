// Channels of the Channels screen: the realm's channels as the console keeps them live, what the rules
// need beside them (folders, groups, the organization's channel settings, limits), and changes to one
// channel at a time, each sent with the value the screen showed (`old`) so a change made meanwhile by
// someone else is caught instead of overwritten.
import { z } from 'zod';
import { FolderId, GroupSettingValue, Role, TopicsPolicy } from '../api/common';
import { ChannelFolder } from '../api/folders';
import { UserGroup } from '../api/groups';
import { CHANNEL_GROUP_SETTINGS, REALM_GROUP_SETTINGS } from '../domain/channel-permissions';
import { PRIVACY_CHOICES } from '../domain/channel-privacy';
import { ChannelEntry } from './channel-entry';
import { AccountId } from './push';

export { ChannelEntry } from './channel-entry';


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
const PrivacyOld = z.enum([...PRIVACY_CHOICES, 'public_protected']);

/**
 * One change to one channel: the property, the value wanted, and the value the screen showed when
 * the change was made (`old`). The core compares `old` with the live channel, and the server compares
 * it for group settings (spec 3's `{new, old}`): a difference is a conflict, never an overwrite.
 */
export const ChannelChange = z.discriminatedUnion('property', [
  change('name', z.string().trim().min(1).max(1000), z.string()),
  change('description', z.string().max(100_000)),
  change('privacy', z.enum(PRIVACY_CHOICES), PrivacyOld),
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
 * Changes confirmed in words: those that take something away from the signed-in user (administering
 * the channel, or reading it once made private while they are not subscribed), and, in a bulk change,
 * a shorter message retention, which deletes older messages for good (the channel editor asks that
 * in its own dialog).
 */
export const CHANNEL_HAZARDS = ['ownAdministration', 'ownAccess', 'retentionLoss'] as const;
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

/** The settings the permission matrix shows as columns and a bulk change sets, in the columns' order. */
export const SETTING_COLUMNS = ['privacy', 'retention', 'topicsPolicy', ...CHANNEL_GROUP_SETTINGS] as const;
export type SettingColumn = (typeof SETTING_COLUMNS)[number];

/** The most channels one bulk change from the permission matrix may name (a large realm has thousands). */
export const MAX_BATCH_CHANNELS = 50_000;

/**
 * One column of a bulk change from the permission matrix: the setting, the value for every selected
 * cell of it, and each cell as [channel ID, the value the grid showed]. A column at a time keeps the
 * request small (a realm's every channel, every column, is far below a frame's limit).
 */
const column = <P extends string, V extends z.ZodType, O extends z.ZodType = V>(property: P, value: V, old?: O) =>
  z.object({ property: z.literal(property), value, cells: z.array(z.tuple([z.int(), (old ?? value) as O])).min(1).max(MAX_BATCH_CHANNELS) }).strict();

export const BatchColumn = z.discriminatedUnion('property', [
  column('privacy', z.enum(PRIVACY_CHOICES), PrivacyOld),
  column('retention', RetentionValue),
  column('topicsPolicy', TopicsPolicy),
  ...CHANNEL_GROUP_SETTINGS.map((setting) => column(setting, GroupSettingValue)),
]);
export type BatchColumn = z.infer<typeof BatchColumn>;

export const BATCH_OUTCOMES = ['pending', 'changed', 'unchanged', 'conflict', 'failed'] as const;
export const BatchOutcome = z.enum(BATCH_OUTCOMES);
export type BatchOutcome = z.infer<typeof BatchOutcome>;

/** One setting of one channel in a bulk change. */
export const BatchPart = z.object({
  property: z.enum(SETTING_COLUMNS),
  outcome: BatchOutcome,
  /** The change in words: "Post messages: Everyone, guests included → Moderators". */
  words: z.string(),
  /** For a failure or a conflict: the rule's or the server's words, with what to do. */
  reason: z.string().nullable(),
});
export type BatchPart = z.infer<typeof BatchPart>;

/**
 * One channel's result: failed if any of its settings failed, else conflict if one was changed on the
 * server meanwhile, else changed if one changed, else unchanged. The reason says what failed and,
 * where something else in the channel did change, what.
 */
export const ChannelBatchResult = z.object({
  channelId: z.int(),
  channelName: z.string(),
  outcome: BatchOutcome,
  reason: z.string().nullable(),
  parts: z.array(BatchPart),
});
export type ChannelBatchResult = z.infer<typeof ChannelBatchResult>;

export const ChannelBatch = z.object({
  id: z.string(),
  account: AccountId,
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(ChannelBatchResult),
});
export type ChannelBatch = z.infer<typeof ChannelBatch>;

const ForAccount = z.object({ account: AccountId }).strict();
const ForBatch = z.object({ account: AccountId, batchId: z.string().min(1).max(100) }).strict();

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
  /**
   * Starts a bulk change from the permission matrix (a main-process job: a few channels at a time, each
   * change guarded by its `old`); progress arrives as `job.progress` pushes (type channelBatch), the
   * results from `channels.batch.get`. Refused with CONFIRMATION_NEEDED, before anything is sent, when a
   * change has a hazard not in `acknowledged`.
   */
  'channels.batch.start': {
    input: z
      .object({
        account: AccountId,
        columns: z.array(BatchColumn).min(1).max(SETTING_COLUMNS.length),
        acknowledged: z.array(z.enum(CHANNEL_HAZARDS)).max(CHANNEL_HAZARDS.length).optional(),
      })
      .strict(),
    output: ChannelBatch,
  },
  'channels.batch.get': { input: ForBatch, output: ChannelBatch },
  /**
   * A new bulk change of a finished one's failed settings (`failed`, with the same `old`), or of its
   * conflicts, applied on top of the value the server had (`conflicts`, with theirs as `old`).
   */
  'channels.batch.retry': { input: ForBatch.extend({ which: z.enum(['failed', 'conflicts']) }).strict(), output: ChannelBatch },
  'channels.batch.cancel': { input: ForBatch, output: ChannelBatch },
} as const;
