// Where the sandbox's replies and events knowingly differ from upstream's OpenAPI description at feature
// level 247 (shared/node/testing/upstream-schema.ts), and why: the sandbox serves feature level 421, so
// it sends what upstream added or changed after 247, and the spec's own names (docs/api.md) where the
// spec wins. Every level below is from upstream's API changelog (https://zulip.com/api/changelog).
// The whole-reply tests (server/http/openapi-*.test.ts) accept only these differences, and check that
// each one is still seen, so the table cannot go stale.
import { USER_SETTING_SINCE } from '../../shared/api';

/**
 * Where a problem was found: a reply (`POST /register`), or an event with its type/op and any
 * `property` (`event stream/update can_remove_subscribers_group`).
 */
export type Subject = string;

/** The validator's line with array indices and ID keys as `*`: `/streams/* must be object`. */
export const normalize = (problem: string) => problem.replace(/\/\d+(?=\/|\s)/g, '/*');

/** Which whole-reply test meets a difference: the replies' (openapi-replies) or the events' (openapi-events). */
export type Seen = 'replies' | 'events';

interface LaterFields {
  in: readonly Seen[];
  /** Which replies or events, and where in them, the object sits. */
  subject: RegExp;
  path: RegExp;
  /** Field → the feature level upstream added it at, or 'spec' for the spec's own field. */
  fields: Readonly<Record<string, number | 'spec'>>;
  why: string;
}

interface ChangedShape {
  in: readonly Seen[];
  subject: RegExp;
  /** The normalized problem. */
  problem: RegExp;
  since: number;
  why: string;
}

const ANY = /./;
const REPLIES: readonly Seen[] = ['replies'];
const EVENTS: readonly Seen[] = ['events'];
const BOTH: readonly Seen[] = ['replies', 'events'];
/** A channel object: in GET /streams, GET /streams/{id}, register and stream/subscription events. */
const CHANNEL_PATH = /^\/(streams\/\*|stream|subscriptions\/\*|never_subscribed\/\*|unsubscribed\/\*)$/;

/** Fields upstream added after 247 (and the spec's own), by the object that carries them. */
export const LATER_FIELDS: readonly LaterFields[] = [
  {
    in: REPLIES,
    subject: /^POST \/register$/,
    path: /^\(body\)$/,
    fields: {
      service_feature_level: 'spec',
      moderation_request_channel: 'spec',
      realm_url: 257,
      realm_can_create_public_channel_group: 264,
      realm_can_create_private_channel_group: 266,
      realm_can_create_web_public_channel_group: 280,
      realm_can_delete_any_message_group: 281,
      realm_can_delete_own_message_group: 291,
      saved_snippets: 297,
      realm_can_move_messages_between_channels_group: 310,
      realm_can_move_messages_between_topics_group: 316,
      realm_moderation_request_channel_id: 331,
      realm_empty_topic_display_name: 334,
      realm_can_add_subscribers_group: 341,
      realm_can_resolve_topics_group: 367,
      channel_folders: 389,
      navigation_views: 390,
      realm_topics_policy: 392,
      realm_can_set_topics_policy_group: 392,
      realm_can_set_delete_message_policy_group: 407,
      max_channel_folder_name_length: 410,
      max_channel_folder_description_length: 410,
    },
    why: "the register snapshot's realm and sections at feature level 421; the spec names the level service_feature_level and the moderation channel moderation_request_channel (docs/api.md)",
  },
  {
    in: REPLIES,
    subject: /^GET \/server_settings$/,
    path: /^\(body\)$/,
    fields: { service_feature_level: 'spec', realm_url: 257 },
    why: 'realm_uri renamed realm_url (257); the spec names the feature level service_feature_level (docs/api.md)',
  },
  {
    in: BOTH,
    subject: ANY,
    path: CHANNEL_PATH,
    fields: {
      creator_id: 254,
      is_archived: 315,
      is_recently_active: 323,
      can_administer_channel_group: 325,
      can_send_message_group: 333,
      can_add_subscribers_group: 342,
      can_subscribe_group: 357,
      folder_id: 389,
      topics_policy: 392,
      subscriber_count: 394,
      can_move_messages_out_of_channel_group: 396,
      can_move_messages_within_channel_group: 396,
      can_resolve_topics_group: 402,
      can_delete_any_message_group: 407,
      can_delete_own_message_group: 407,
    },
    why: 'channel and subscription objects gained these fields after 247',
  },
  {
    in: BOTH,
    subject: ANY,
    path: /^\/(user_groups\/\*|realm_user_groups\/\*|group)$/,
    fields: {
      can_manage_group: 283,
      deactivated: 290,
      creator_id: 292,
      date_created: 292,
      can_join_group: 301,
      can_add_members_group: 305,
      can_leave_group: 308,
      can_remove_members_group: 324,
    },
    why: 'user group objects gained these fields after 247',
  },
  {
    in: EVENTS,
    subject: /^event user_group\/update$/,
    path: /^\/data$/,
    fields: { can_manage_group: 283, can_join_group: 301, can_add_members_group: 305, can_leave_group: 308, can_remove_members_group: 324 },
    why: 'a user group update carries the group settings upstream added after 247',
  },
  {
    in: REPLIES,
    subject: ANY,
    path: /^\/(user_settings|realm_user_settings_defaults)$/,
    // The levels of the personal settings are kept once, for PATCH /realm/user_settings_defaults (spec 4).
    fields: Object.fromEntries(Object.entries(USER_SETTING_SINCE).filter(([, level]) => level > 247)),
    why: 'personal settings upstream added after 247 (shared/api/realm-defaults-levels.ts)',
  },
  { in: REPLIES, subject: ANY, path: /^\/invites\/\*$/, fields: { notify_referrer_on_join: 267 }, why: 'invitations say whether the inviter is told of the sign-up' },
  {
    in: REPLIES,
    subject: /^POST \/user_uploads$/,
    path: /^\(body\)$/,
    fields: { url: 272, filename: 286 },
    why: 'url replaced the deprecated uri (the spec lists all three, docs/api.md); filename is the stored name',
  },
  { in: REPLIES, subject: /^POST \/user_groups\/create$/, path: /^\(body\)$/, fields: { group_id: 317 }, why: 'creating a group replies with its ID' },
  {
    in: EVENTS,
    subject: /^event realm\/update_dict( |$)/,
    path: /^\/data$/,
    fields: { moderation_request_channel_id: 331 },
    why: 'the moderation request channel setting (archiving it sends -1)',
  },
  { in: EVENTS, subject: /^event stream\/delete$/, path: /^\(body\)$/, fields: { stream_ids: 343 }, why: 'stream_ids replaced the deprecated streams list' },
  {
    in: EVENTS,
    subject: /^event presence$/,
    path: /^\(body\)$/,
    fields: { presences: 419 },
    why: 'clients with simplified_presence_events get presence in the modern format',
  },
];

/** Shapes upstream changed after 247 (a problem other than an extra field). */
export const CHANGED_SHAPES: readonly ChangedShape[] = [
  {
    in: REPLIES,
    subject: /^POST \/register$/,
    problem: /^\/realm_default_streams\/\* must be object$/,
    since: 330,
    why: 'default channels are channel IDs, no longer channel objects',
  },
  { in: EVENTS, subject: /^event default_streams$/, problem: /^\/default_streams\/\* must be object$/, since: 330, why: 'default channels are channel IDs, no longer channel objects' },
  {
    in: EVENTS,
    subject: /^event stream\/delete$/,
    problem: /^\/streams\/\* must have required property '\w+'$/,
    since: 343,
    why: 'the deprecated streams list holds only each channel\'s stream_id (https://zulip.com/api/get-events#stream-delete)',
  },
  {
    in: REPLIES,
    subject: ANY,
    problem: /^\/(user_groups|realm_user_groups)\/\*\/can_mention_group must be integer$/,
    since: 258,
    why: 'can_mention_group may be an anonymous group, {direct_members, direct_subgroups}',
  },
  {
    in: EVENTS,
    subject: /^event user_group\/update$/,
    problem: /^\/data\/can_mention_group must be integer$/,
    since: 258,
    why: 'can_mention_group may be an anonymous group, {direct_members, direct_subgroups}',
  },
  {
    in: EVENTS,
    subject: /^event stream\/update can_\w+_group$/,
    problem: /^\/value must match a schema in anyOf$/,
    since: 320,
    why: 'a channel group setting (can_remove_subscribers_group, and those added later) may be an anonymous group, {direct_members, direct_subgroups}',
  },
  {
    in: EVENTS,
    subject: /^event stream\/update (message_retention_days|folder_id)$/,
    problem: /^\/value must match a schema in anyOf$/,
    since: 389,
    why: "null: the organization's retention (the spec: null inherits it; upstream's code has always sent it) or no folder; upstream documents a null value from 389",
  },
];

/**
 * Event kinds (a type, or a type/op) upstream added after 247, so its file has no schema for them:
 * https://zulip.com/api/get-events#saved_snippets-add and the like.
 */
export const LATER_KINDS: Readonly<Record<string, number>> = {
  saved_snippets: 297,
  'saved_snippets/update': 368,
  typing_edit_message: 351,
  channel_folder: 389,
  'channel_folder/reorder': 418,
};

const EXTRA = /^(.*) must NOT have additional properties '(.*)'$/;

const laterKey = (entry: LaterFields, field: string) => `${entry.subject.source} ${entry.path.source} ${field}`;
const changedKey = (entry: ChangedShape) => `${entry.subject.source} ${entry.problem.source}`;

/** The key of the table entry that explains one normalized problem, or null. */
function explanation(subject: Subject, problem: string): string | null {
  const extra = EXTRA.exec(problem);
  if (extra) {
    const [, where = '', field = ''] = extra;
    const entry = LATER_FIELDS.find((candidate) => candidate.subject.test(subject) && candidate.path.test(where) && field in candidate.fields);
    return entry ? laterKey(entry, field) : null;
  }
  const entry = CHANGED_SHAPES.find((candidate) => candidate.subject.test(subject) && candidate.problem.test(problem));
  return entry ? changedKey(entry) : null;
}

const ANY_OF = ' must match a schema in anyOf';

/**
 * The validator's problems for one reply or event that the tables do not explain: the defects. Each
 * explained one is recorded in `seen` under its entry's key. A failed anyOf (a changed group-setting
 * value) comes with a line for each alternative it tried; those go with it.
 */
export function unexplained(subject: Subject, problems: readonly string[], seen: Set<string>): string[] {
  const explainedAnyOf: string[] = [];
  const rest: string[] = [];
  for (const problem of new Set(problems.map(normalize))) {
    const key = explanation(subject, problem);
    if (key === null) rest.push(problem);
    else {
      seen.add(key);
      if (problem.endsWith(ANY_OF)) explainedAnyOf.push(problem.slice(0, -ANY_OF.length));
    }
  }
  return rest.filter((problem) => !explainedAnyOf.some((path) => problem.startsWith(`${path} `)));
}

/** Every key of the tables that the given test meets, so it can check that each one is still seen. */
export function differenceKeys(test: Seen): string[] {
  return [
    ...LATER_FIELDS.filter((entry) => entry.in.includes(test)).flatMap((entry) => Object.keys(entry.fields).map((field) => laterKey(entry, field))),
    ...CHANGED_SHAPES.filter((entry) => entry.in.includes(test)).map(changedKey),
    ...(test === 'events' ? Object.keys(LATER_KINDS).map((kind) => `kind ${kind}`) : []),
  ];
}
