// Migration 4: a covering index for every channel's message figures at once (first and last message,
// the last one's time, the traffic window's count) and for a channel's newest message: the register
// snapshot of a realm with 200,000 messages reads them without touching the table.
export const SCHEMA_V4 = `
CREATE INDEX messages_stream_id ON messages(stream_id, id, date_sent);
`;
