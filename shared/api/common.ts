// Value types the spec uses across resources (spec "Resources and their fields", Conventions 6).
import { z } from 'zod';

/** Identifiers of users, channels, groups, messages and folders are integers (Conventions 6). */
export const Id = z.int().nonnegative();
export const UserId = Id;
/**
 * A list of user IDs, checked in one pass. A large realm's register reply lists channel subscribers by
 * the hundred thousand, and a schema per element cost twenty times more than this check.
 */
export const UserIdList = z.custom<number[]>((value) => Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && id >= 0), {
  message: 'Expected a list of user IDs (integers, 0 or more)',
});
export const ChannelId = Id;
export const GroupId = Id;
export const MessageId = Id;
export const FolderId = Id;

/** UTC seconds since the epoch. */
export const Timestamp = z.number().int();

/** Organization roles (spec Authentication 7). */
export const ROLES = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export const Role = z.literal([100, 200, 300, 400, 600]);
export type Role = z.infer<typeof Role>;

/** A group-setting value: a named user group's ID, or an anonymous group of users and subgroups. */
export const AnonymousGroup = z.looseObject({
  direct_members: z.array(UserId),
  direct_subgroups: z.array(GroupId),
});
export const GroupSettingValue = z.union([GroupId, AnonymousGroup]);
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;

/** A group setting in a channel update: the new value, and optionally the value the client expects now. */
export const GroupSettingChange = z.object({
  new: GroupSettingValue,
  old: GroupSettingValue.optional(),
});
export type GroupSettingChange = z.infer<typeof GroupSettingChange>;

/** Message and draft addressing. `private` and `stream` are the older names (feature levels 174, 248). */
export const MessageType = z.enum(['stream', 'private']);
export const RecipientType = z.enum(['direct', 'private', 'stream', 'channel']);

/** Emoji reaction kinds (spec: `reaction_type` values). */
export const ReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji']);
/**
 * Reaction kinds as servers report them: the spec's, plus upstream's name for the special emoji
 * (`zulip_extra_emoji`, which the spec calls `service_extra_emoji`), so a real server's reply parses.
 */
export const ReportedReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji', 'zulip_extra_emoji']);

/** Channel topic policies (spec: `topics_policy` semantics). */
export const TopicsPolicy = z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']);
export type TopicsPolicy = z.infer<typeof TopicsPolicy>;

/** The literal a client may send for the empty topic (Conventions 4). */
export const EMPTY_TOPIC_LITERAL = '(no topic)';

/** A narrow term in either of the two forms the spec allows for GET /messages. */
export const NarrowTerm = z.union([
  z.tuple([z.string(), z.string()]),
  z.object({
    operator: z.string(),
    operand: z.union([z.string(), z.int(), z.array(z.int())]),
    negated: z.boolean().optional(),
  }),
]);
export const Narrow = z.array(NarrowTerm);
export type Narrow = z.infer<typeof Narrow>;

/** Length as the upstream server counts it (Unicode code points), so an emoji counts once, not twice. */
export function charCount(text: string): number {
  return [...text].length;
}

/** A string of at most `max` characters, counted as the server counts them (see charCount). */
export function textUpTo(max: number) {
  return z.string().check((ctx) => {
    if (charCount(ctx.value) > max) {
      ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
    }
  });
}
