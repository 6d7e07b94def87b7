// spec 7 GET /messages over HTTP: anchors and ranges, message_ids, narrows, what each role may see, and
// how messages are presented (apply_markdown, client_gravatar, allow_empty_topic_name). Narrow
// operators one by one: server/actions/narrow.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';
import { fetchMessages, ids, send } from '../testing/message-requests';

const { server, clients, ids: demoIds } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
/** Five messages from Olivia in general > anchors, oldest first. */
let anchors: number[];
const inAnchors = [
  ['channel', 'general'],
  ['topic', 'anchors'],
];

beforeAll(async () => {
  ({ olivia, adam, mona, mark, gina } = clients);
  anchors = [];
  for (let i = 1; i <= 5; i++) anchors.push(await send(olivia, { type: 'channel', to: 'general', topic: 'anchors', content: `message ${i}` }));
});

describe('anchors and ranges', () => {
  test('an integer anchor with messages on both sides', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[2], num_before: 1, num_after: 1, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors.slice(1, 4));
    expect(fetched).toMatchObject({ anchor: anchors[2], found_anchor: true, found_oldest: false, found_newest: false });
  });

  test('an anchor given as a string of digits', async () => {
    const fetched = await fetchMessages(mark, { anchor: String(anchors[2]), num_before: 0, num_after: 0, narrow: inAnchors });
    expect(ids(fetched)).toEqual([anchors[2]]);
  });

  test('include_anchor false leaves the anchor out', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[2], include_anchor: false, num_before: 2, num_after: 0, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors.slice(0, 2));
    expect(fetched.found_anchor).toBe(false);
  });

  test('excluding the anchor in the middle of a range is refused', async () => {
    const response = await mark.get('/messages', { anchor: anchors[2], include_anchor: false, num_before: 1, num_after: 1 });
    expect(response.body).toEqual(error('The anchor can only be excluded at an end of the range'));
  });

  test('an anchor that does not match the narrow is not found, but still anchors the range', async () => {
    const elsewhere = await send(olivia, { type: 'channel', to: 'general', topic: 'not anchors', content: 'elsewhere' });
    const fetched = await fetchMessages(mark, { anchor: elsewhere, num_before: 2, num_after: 0, narrow: inAnchors });
    expect(fetched.found_anchor).toBe(false);
    expect(ids(fetched)).toEqual(anchors.slice(3, 5));
  });

  test('oldest starts at the first message and promises the oldest', async () => {
    const fetched = await fetchMessages(mark, { anchor: 'oldest', num_before: 0, num_after: 2, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors.slice(0, 2));
    expect(fetched).toMatchObject({ anchor: 0, found_oldest: true, found_newest: false, found_anchor: false });
  });

  test('newest ends at the last message and promises the newest', async () => {
    const fetched = await fetchMessages(mark, { anchor: 'newest', num_before: 2, num_after: 0, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors.slice(3, 5));
    expect(fetched).toMatchObject({ found_newest: true, found_oldest: false, found_anchor: false });
    // upstream's 10^16 is not a safe integer; the sandbox answers with the largest one
    expect(fetched.anchor).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('asking for more than there is promises both ends', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[2], num_before: 10, num_after: 10, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors);
    expect(fetched).toMatchObject({ found_oldest: true, found_newest: true });
  });

  test('asking for exactly what there is does not yet promise the end', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[0], num_before: 0, num_after: 4, narrow: inAnchors });
    expect(ids(fetched)).toEqual(anchors);
    expect(fetched.found_newest).toBe(false);
  });

  test('zero on both sides returns the anchor alone', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[1], num_before: 0, num_after: 0, narrow: inAnchors });
    expect(ids(fetched)).toEqual([anchors[1]]);
    expect(fetched).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false });
  });

  test('first_unread anchors at the oldest unread message in the narrow', async () => {
    const stream_id = demoIds.channel.general;
    await send(olivia, { type: 'channel', to: 'general', topic: 'unread', content: 'old news' });
    expect((await mona.post('/mark_topic_as_read', { stream_id, topic_name: 'unread' })).body).toMatchObject({ result: 'success' });
    const fresh = await send(olivia, { type: 'channel', to: 'general', topic: 'unread', content: 'fresh news' });
    const fetched = await fetchMessages(mona, { anchor: 'first_unread', num_before: 5, num_after: 5, narrow: [['topic', 'unread']] });
    expect(fetched.anchor).toBe(fresh);
    expect(fetched.found_anchor).toBe(true);
    expect(fetched.messages).toHaveLength(2);
  });

  test('first_unread with nothing unread anchors at the newest', async () => {
    const fetched = await fetchMessages(olivia, { anchor: 'first_unread', num_before: 1, num_after: 0, narrow: inAnchors });
    expect(fetched.anchor).toBe(Number.MAX_SAFE_INTEGER);
    expect(ids(fetched)).toEqual([anchors[4]]);
  });

  test('use_first_unread_anchor is the deprecated spelling of first_unread', async () => {
    const fetched = await fetchMessages(olivia, { use_first_unread_anchor: true, num_before: 1, num_after: 0, narrow: inAnchors });
    expect(fetched.anchor).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('a request without an anchor is refused', async () => {
    expect((await mark.get('/messages', { num_before: 1, num_after: 1 })).body).toEqual(error("Missing 'anchor' argument."));
  });

  test('more than 5000 messages in one request is refused with upstream’s message', async () => {
    const response = await mark.get('/messages', { anchor: 'newest', num_before: 3000, num_after: 3000 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error('Too many messages requested (maximum 5000).'));
  });
});

describe('message_ids', () => {
  test('returns the listed messages the user may see, sorted, without an anchor', async () => {
    const fetched = await fetchMessages(mark, { message_ids: [anchors[3], anchors[1], 999_999] });
    expect(ids(fetched)).toEqual([anchors[1], anchors[3]]);
    expect(fetched.anchor).toBeUndefined();
  });

  test('a narrow filters the listed messages', async () => {
    const fetched = await fetchMessages(mark, { message_ids: [anchors[0]], narrow: [['topic', 'elsewhere']] });
    expect(fetched.messages).toEqual([]);
  });

  test('cannot be combined with an anchor', async () => {
    const response = await mark.get('/messages', { message_ids: [anchors[0]], anchor: 'newest' });
    expect(response.body).toEqual(error('anchor cannot be combined with message_ids'));
  });

  test('cannot be combined with num_before', async () => {
    const response = await mark.get('/messages', { message_ids: [anchors[0]], num_before: 1 });
    expect(response.body).toEqual(error('num_before cannot be combined with message_ids'));
  });
});

describe('narrows over HTTP', () => {
  test('the two-string form and the object form give the same messages', async () => {
    const pairs = await fetchMessages(mark, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'general'], ['topic', 'lunch plans']] });
    const objects = await fetchMessages(mark, {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: demoIds.channel.general },
        { operator: 'topic', operand: 'lunch plans' },
      ],
    });
    expect(ids(pairs)).toEqual(ids(objects));
    expect(pairs.messages.length).toBeGreaterThan(0);
  });

  test('dm narrows to the conversation with that person', async () => {
    const fetched = await fetchMessages(mark, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'dm', operand: [demoIds.user['gina@sandbox.test']] }] });
    expect(fetched.messages.length).toBeGreaterThan(0);
    for (const message of fetched.messages) {
      expect((message.display_recipient as { email: string }[]).map((user) => user.email).sort()).toEqual(['gina@sandbox.test', 'mark@sandbox.test']);
    }
  });

  test('an unknown operator is BAD_NARROW', async () => {
    const response = await mark.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['colour', 'blue']] });
    expect(response.body).toEqual(error('Invalid narrow operator: unknown operator colour', 'BAD_NARROW'));
  });
});

describe('who sees what', () => {
  test('direct messages are seen by their participants only', async () => {
    const secret = await send(olivia, { type: 'direct', to: [demoIds.user['adam@sandbox.test']], content: 'just between us' });
    expect(ids(await fetchMessages(adam, { message_ids: [secret] }))).toEqual([secret]);
    expect(ids(await fetchMessages(mark, { message_ids: [secret] }))).toEqual([]);
  });

  test('a public channel the user is not subscribed to is readable when narrowed to it', async () => {
    const fetched = await fetchMessages(mona, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'engineering']] });
    expect(fetched.messages.map((message) => message.subject)).toContain('deploys');
    // upstream reports messages outside the user's own history as read and historical
    expect(fetched.messages[0]?.flags).toEqual(['read', 'historical']);
  });

  test('but it is not in the combined feed', async () => {
    const fetched = await fetchMessages(mona, { anchor: 'newest', num_before: 1000, num_after: 0 });
    expect(fetched.messages.filter((message) => message.display_recipient === 'engineering')).toEqual([]);
  });

  test('channels:public searches every public channel', async () => {
    const fetched = await fetchMessages(mona, { anchor: 'newest', num_before: 1000, num_after: 0, narrow: [['channels', 'public']] });
    const channels = new Set(fetched.messages.map((message) => message.display_recipient));
    expect(channels).toContain('engineering');
    expect(channels).not.toContain('leadership');
  });

  test('a guest cannot read a public channel they are not subscribed to', async () => {
    const fetched = await fetchMessages(gina, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'engineering']] });
    expect(fetched.messages).toEqual([]);
  });

  test('for a guest, channels:public is only their own history', async () => {
    const fetched = await fetchMessages(gina, { anchor: 'newest', num_before: 1000, num_after: 0, narrow: [['channels', 'public']] });
    const channels = new Set(fetched.messages.map((message) => message.display_recipient));
    expect(channels).toContain('general');
    expect(channels).not.toContain('engineering');
  });

  test('a private channel is invisible to non-subscribers, even narrowed to it', async () => {
    const fetched = await fetchMessages(mark, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'leadership']] });
    expect(fetched.messages).toEqual([]);
  });
});

describe('protected history', () => {
  test('a late subscriber sees only later messages, and history_limited says older ones were cut', async () => {
    const leadership = demoIds.channel.leadership;
    const before = await send(olivia, { type: 'channel', to: 'leadership', topic: 'plans', content: 'before Mona joined' });
    // No subscription endpoint yet: Mona joins now, after `before`.
    const monaId = demoIds.user['mona@sandbox.test'];
    withDb(server, (db) =>
      db.prepare('INSERT INTO subscriptions (user_id, stream_id, subscribed_after_message_id) VALUES (?, ?, ?)').run(monaId, leadership, before),
    );
    const after = await send(olivia, { type: 'channel', to: 'leadership', topic: 'plans', content: 'after Mona joined' });

    const seen = await fetchMessages(mona, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'leadership']] });
    expect(ids(seen)).toEqual([after]);
    expect(seen).toMatchObject({ found_oldest: true, history_limited: true });

    const all = await fetchMessages(olivia, { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['channel', 'leadership']] });
    expect(ids(all)).toContain(before);
    expect(all.history_limited).toBe(false);
  });

  test('history_limited is false while older messages may still come', async () => {
    const fetched = await fetchMessages(mark, { anchor: anchors[4], num_before: 1, num_after: 0, narrow: inAnchors });
    expect(fetched).toMatchObject({ found_oldest: false, history_limited: false });
  });
});

describe('presentation', () => {
  let rich: number;
  beforeAll(async () => {
    rich = await send(olivia, { type: 'channel', to: 'general', topic: 'presentation', content: 'Hi @**Mark Member**, see #**design**' });
  });

  test('apply_markdown true gives HTML with the mention and the channel link', async () => {
    const [message] = (await fetchMessages(mark, { message_ids: [rich], apply_markdown: true })).messages;
    const markId = demoIds.user['mark@sandbox.test'];
    const design = demoIds.channel.design;
    expect(message?.content_type).toBe('text/html');
    expect(message?.content).toBe(
      `<p>Hi <span class="user-mention" data-user-id="${markId}">@Mark Member</span>, see ` +
        `<a class="stream" data-stream-id="${design}" href="/#narrow/channel/${design}-design">#design</a></p>`,
    );
  });

  test('apply_markdown false gives the Markdown as written', async () => {
    const [message] = (await fetchMessages(mark, { message_ids: [rich], apply_markdown: false })).messages;
    expect(message).toMatchObject({ content: 'Hi @**Mark Member**, see #**design**', content_type: 'text/x-markdown' });
  });

  test('a mentioned user gets the mentioned flag', async () => {
    const [message] = (await fetchMessages(mark, { message_ids: [rich] })).messages;
    expect(message?.flags).toEqual(['mentioned']);
  });

  test('client_gravatar leaves avatar_url null where the viewer may see the sender’s address', async () => {
    const [own] = (await fetchMessages(olivia, { message_ids: [rich], client_gravatar: true })).messages;
    expect(own?.avatar_url).toBeNull();
    const [asAdmin] = (await fetchMessages(adam, { message_ids: [rich], client_gravatar: true })).messages;
    expect(asAdmin?.avatar_url).toBeNull();
  });

  test('client_gravatar still gives a URL where the address is hidden from the viewer', async () => {
    const [message] = (await fetchMessages(mark, { message_ids: [rich], client_gravatar: true })).messages;
    expect(message?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?/);
  });

  test('client_gravatar false always gives a URL', async () => {
    const [message] = (await fetchMessages(olivia, { message_ids: [rich], client_gravatar: false })).messages;
    expect(message?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
  });

  test('the empty topic comes back as its display name unless allow_empty_topic_name', async () => {
    const emptyTopic = [['channel', 'general'], ['topic', '']];
    const named = await fetchMessages(mark, { anchor: 'newest', num_before: 1, num_after: 0, narrow: emptyTopic });
    expect(named.messages[0]?.subject).toBe('general chat');
    const raw = await fetchMessages(mark, { anchor: 'newest', num_before: 1, num_after: 0, narrow: emptyTopic, allow_empty_topic_name: true });
    expect(raw.messages[0]?.subject).toBe('');
  });

  test('a channel message carries its channel, topic and the sandbox realm', async () => {
    const [message] = (await fetchMessages(mark, { message_ids: [rich] })).messages;
    expect(message).toMatchObject({
      type: 'stream',
      display_recipient: 'general',
      stream_id: demoIds.channel.general,
      subject: 'presentation',
      sender_email: 'olivia@sandbox.test',
      sender_full_name: 'Olivia Owner',
      sender_realm_str: 'sandbox',
      reactions: [],
      submessages: [],
      topic_links: [],
      is_me_message: false,
    });
  });
});
