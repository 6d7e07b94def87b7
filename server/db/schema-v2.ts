// Migration 2: what the rest of the spec needs (issue 4): drafts, saved snippets, scheduled messages,
// statuses and presence, push devices, uploads, linkifiers and custom emoji.
export const SCHEMA_V2 = `
-- spec 11: drafts synchronized between a user's clients
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- '' (unaddressed), 'stream' or 'private'
  type TEXT NOT NULL CHECK (type IN ('', 'stream', 'private')),
  -- JSON list: one channel ID, or user IDs
  to_ids TEXT NOT NULL DEFAULT '[]',
  topic TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  last_edit_time INTEGER NOT NULL
);
CREATE INDEX drafts_user ON drafts(user_id);

-- spec 17, 18
CREATE TABLE saved_snippets (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  date_created INTEGER NOT NULL
);
CREATE INDEX saved_snippets_user ON saved_snippets(user_id);

-- spec 5 and upstream's /scheduled_messages
CREATE TABLE scheduled_messages (
  id INTEGER PRIMARY KEY,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  type TEXT NOT NULL CHECK (type IN ('stream', 'private')),
  stream_id INTEGER REFERENCES streams(id),
  topic TEXT NOT NULL DEFAULT '',
  -- JSON list of user IDs for direct messages
  to_user_ids TEXT NOT NULL DEFAULT '[]',
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  scheduled_timestamp INTEGER NOT NULL,
  read_by_sender INTEGER,
  -- set once sent; failed when the server tried and could not send it
  delivered_message_id INTEGER REFERENCES messages(id),
  failed INTEGER NOT NULL DEFAULT 0,
  failure_message TEXT
);
CREATE INDEX scheduled_messages_due ON scheduled_messages(scheduled_timestamp) WHERE delivered_message_id IS NULL AND failed = 0;

-- spec 10
CREATE TABLE user_status (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  status_text TEXT NOT NULL DEFAULT '',
  emoji_name TEXT NOT NULL DEFAULT '',
  emoji_code TEXT NOT NULL DEFAULT '',
  reaction_type TEXT NOT NULL DEFAULT 'unicode_emoji'
);

-- upstream presence (register presences, presence events)
CREATE TABLE presence (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  last_active_time INTEGER,
  last_connected_time INTEGER
);

-- spec 14
CREATE TABLE push_devices (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  token_kind TEXT NOT NULL CHECK (token_kind IN ('fcm', 'apns')),
  push_account_id INTEGER NOT NULL,
  push_public_key TEXT NOT NULL,
  bouncer_public_key TEXT NOT NULL,
  encrypted_push_registration TEXT NOT NULL,
  date_created INTEGER NOT NULL,
  UNIQUE (user_id, push_account_id)
);

-- spec 23: uploaded files; their bytes live in <data dir>/uploads/<path_id>
CREATE TABLE attachments (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  -- "<realm id>/<random>/<file name>", the part of the URL after /user_uploads/
  path_id TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT,
  create_time INTEGER NOT NULL
);

-- messages that link an attachment: their recipients may fetch it (spec 23)
CREATE TABLE attachment_messages (
  attachment_id INTEGER NOT NULL REFERENCES attachments(id),
  message_id INTEGER NOT NULL REFERENCES messages(id),
  PRIMARY KEY (attachment_id, message_id)
);

-- upstream linkifiers (register realm_linkifiers, realm_linkifiers events)
CREATE TABLE linkifiers (
  id INTEGER PRIMARY KEY,
  pattern TEXT NOT NULL,
  url_template TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

-- upstream custom emoji (status emoji of reaction_type realm_emoji)
CREATE TABLE realm_emoji (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  author_id INTEGER REFERENCES users(id),
  deactivated INTEGER NOT NULL DEFAULT 0
);
`;
