// Migration 1: the organization, accounts, groups, channels, folders, messages and invitations.
// Timestamps are UTC seconds. Group-setting values are stored as JSON: a group ID, or
// {"direct_members": [...], "direct_subgroups": [...]} (spec "Group-setting value").
export const SCHEMA_V1 = `
CREATE TABLE realm (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  string_id TEXT NOT NULL,
  date_created INTEGER NOT NULL,
  deactivated INTEGER NOT NULL DEFAULT 0,
  -- spec register: moderation_request_channel (null: reporting is off)
  moderation_request_channel_id INTEGER REFERENCES streams(id),
  -- spec: realm_topics_policy governs the empty topic for channels with topics_policy 'inherit'
  topics_policy TEXT NOT NULL DEFAULT 'allow_empty_topic',
  empty_topic_display_name TEXT NOT NULL DEFAULT 'general chat',
  -- spec 3: web-public channels need the organization setting enable_spectator_access
  enable_spectator_access INTEGER NOT NULL DEFAULT 0,
  web_public_streams_enabled INTEGER NOT NULL DEFAULT 0,
  -- group setting: who may create web-public channels
  can_create_web_public_channel_group TEXT NOT NULL,
  -- group setting: who may invite (spec 9 "insufficient permission to invite")
  can_invite_users_group TEXT NOT NULL,
  -- group setting: who may add subscribers to channels they can see into (upstream default: members);
  -- each channel's own can_add_subscribers_group adds holders beyond these
  can_add_subscribers_group TEXT NOT NULL,
  -- emails must end in one of these domains when non-empty (JSON list), "Outside your domain."
  restricted_domains TEXT NOT NULL DEFAULT '[]',
  message_retention_days INTEGER,
  -- the defaults new users get (spec 4), JSON object of setting -> value
  user_settings_defaults TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  delivery_email TEXT NOT NULL,
  full_name TEXT NOT NULL,
  role INTEGER NOT NULL CHECK (role IN (100, 200, 300, 400, 600)),
  is_active INTEGER NOT NULL DEFAULT 1,
  is_bot INTEGER NOT NULL DEFAULT 0,
  -- upstream bot types: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded
  bot_type INTEGER,
  bot_owner_id INTEGER REFERENCES users(id),
  is_system_bot INTEGER NOT NULL DEFAULT 0,
  date_joined INTEGER NOT NULL,
  timezone TEXT NOT NULL DEFAULT '',
  avatar_version INTEGER NOT NULL DEFAULT 1,
  api_key TEXT NOT NULL UNIQUE,
  -- scrypt, "scrypt$<salt hex>$<hash hex>"; null: cannot sign in with a password
  password_hash TEXT,
  -- the user's personal settings that differ from upstream's defaults, JSON (db/users.ts userSettings)
  settings TEXT NOT NULL DEFAULT '{}',
  -- last activity, for include_subscribers=partial ("users active in the last 14 days")
  last_active INTEGER,
  can_change_user_emails INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_delivery_email ON users(lower(delivery_email));
CREATE INDEX users_role ON users(role);

-- outgoing-webhook bots (spec 22)
CREATE TABLE bot_services (
  bot_id INTEGER PRIMARY KEY REFERENCES users(id),
  base_url TEXT NOT NULL,
  token TEXT NOT NULL
);

CREATE TABLE custom_profile_fields (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  hint TEXT NOT NULL DEFAULT '',
  -- upstream field types: 1 short text, 2 long text (Markdown), 3 choice, 4 date, 5 link, 6 user list
  field_type INTEGER NOT NULL,
  field_order INTEGER NOT NULL
);

CREATE TABLE profile_values (
  user_id INTEGER NOT NULL REFERENCES users(id),
  field_id INTEGER NOT NULL REFERENCES custom_profile_fields(id),
  value TEXT NOT NULL,
  rendered_value TEXT,
  PRIMARY KEY (user_id, field_id)
);

CREATE TABLE user_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  is_system_group INTEGER NOT NULL DEFAULT 0,
  date_created INTEGER,
  creator_id INTEGER REFERENCES users(id),
  deactivated INTEGER NOT NULL DEFAULT 0,
  -- group settings of the group itself (can_manage_group, ...), JSON object
  settings TEXT NOT NULL DEFAULT '{}'
);

-- direct members of non-system groups (system groups' members follow from roles)
CREATE TABLE group_members (
  group_id INTEGER NOT NULL REFERENCES user_groups(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (group_id, user_id)
);

CREATE TABLE group_subgroups (
  group_id INTEGER NOT NULL REFERENCES user_groups(id),
  subgroup_id INTEGER NOT NULL REFERENCES user_groups(id),
  PRIMARY KEY (group_id, subgroup_id)
);

CREATE TABLE channel_folders (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  rendered_description TEXT NOT NULL DEFAULT '',
  creator_id INTEGER REFERENCES users(id),
  date_created INTEGER NOT NULL,
  is_archived INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL
);

CREATE TABLE streams (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  rendered_description TEXT NOT NULL DEFAULT '',
  date_created INTEGER NOT NULL,
  creator_id INTEGER REFERENCES users(id),
  invite_only INTEGER NOT NULL DEFAULT 0,
  is_web_public INTEGER NOT NULL DEFAULT 0,
  history_public_to_subscribers INTEGER NOT NULL DEFAULT 1,
  -- null: the organization's setting; -1: forever
  message_retention_days INTEGER,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_default INTEGER NOT NULL DEFAULT 0,
  folder_id INTEGER REFERENCES channel_folders(id),
  topics_policy TEXT NOT NULL DEFAULT 'inherit',
  can_add_subscribers_group TEXT NOT NULL,
  can_remove_subscribers_group TEXT NOT NULL,
  can_administer_channel_group TEXT NOT NULL,
  can_delete_any_message_group TEXT NOT NULL,
  can_delete_own_message_group TEXT NOT NULL,
  can_send_message_group TEXT NOT NULL,
  can_subscribe_group TEXT NOT NULL,
  can_move_messages_within_channel_group TEXT NOT NULL,
  can_move_messages_out_of_channel_group TEXT NOT NULL,
  can_resolve_topics_group TEXT NOT NULL
);
CREATE UNIQUE INDEX streams_name ON streams(lower(name));

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL REFERENCES users(id),
  stream_id INTEGER NOT NULL REFERENCES streams(id),
  active INTEGER NOT NULL DEFAULT 1,
  color TEXT NOT NULL DEFAULT '#c2c2c2',
  pin_to_top INTEGER NOT NULL DEFAULT 0,
  is_muted INTEGER NOT NULL DEFAULT 0,
  desktop_notifications INTEGER,
  email_notifications INTEGER,
  push_notifications INTEGER,
  audible_notifications INTEGER,
  wildcard_mentions_notify INTEGER,
  -- protected history: the newest message ID when the user subscribed; later messages are visible
  subscribed_after_message_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, stream_id)
);
CREATE INDEX subscriptions_stream ON subscriptions(stream_id, active);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  -- 'stream' or 'private'
  type TEXT NOT NULL CHECK (type IN ('stream', 'private')),
  stream_id INTEGER REFERENCES streams(id),
  -- '' for direct messages and for the empty topic
  topic TEXT NOT NULL DEFAULT '',
  -- direct messages: sorted, comma-separated user IDs of every participant (sender included)
  dm_key TEXT,
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  date_sent INTEGER NOT NULL,
  client TEXT NOT NULL DEFAULT 'API',
  last_edit_timestamp INTEGER,
  last_moved_timestamp INTEGER
);
CREATE INDEX messages_stream_topic ON messages(stream_id, topic, id);
CREATE INDEX messages_dm ON messages(dm_key, id);
CREATE INDEX messages_sender ON messages(sender_id, id);

-- per-user message flags that differ from the default (unread): 'read', 'starred', 'mentioned', ...
CREATE TABLE message_flags (
  user_id INTEGER NOT NULL REFERENCES users(id),
  message_id INTEGER NOT NULL REFERENCES messages(id),
  flag TEXT NOT NULL,
  PRIMARY KEY (user_id, message_id, flag)
);

CREATE TABLE reactions (
  message_id INTEGER NOT NULL REFERENCES messages(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  emoji_name TEXT NOT NULL,
  emoji_code TEXT NOT NULL,
  reaction_type TEXT NOT NULL,
  PRIMARY KEY (message_id, user_id, emoji_code, reaction_type)
);

-- spec 9: one row per invited address; upstream's PreregistrationUser + Confirmation
CREATE TABLE invites (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  invited_by_user_id INTEGER NOT NULL REFERENCES users(id),
  invited INTEGER NOT NULL,
  -- null: never expires
  expiry_date INTEGER,
  invited_as INTEGER NOT NULL,
  stream_ids TEXT NOT NULL DEFAULT '[]',
  group_ids TEXT NOT NULL DEFAULT '[]',
  include_realm_default_subscriptions INTEGER NOT NULL DEFAULT 0,
  notify_referrer_on_join INTEGER NOT NULL DEFAULT 1,
  welcome_message_custom_text TEXT,
  -- 'pending', 'revoked', 'accepted'
  status TEXT NOT NULL DEFAULT 'pending',
  -- times the invitation email was sent (resend counts)
  sends INTEGER NOT NULL DEFAULT 1,
  last_sent INTEGER NOT NULL
);
CREATE INDEX invites_email ON invites(lower(email));
CREATE INDEX invites_invited ON invites(invited);
`;
