// Migration 3: a covering index for reading every channel's subscribers at once (the register
// snapshot of a realm with hundreds of thousands of subscriptions reads it without touching the table).
export const SCHEMA_V3 = `
DROP INDEX subscriptions_stream;
CREATE INDEX subscriptions_stream_user ON subscriptions(stream_id, active, user_id);
`;
