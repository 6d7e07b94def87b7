// upstream POST /messages, spec 20 POST /messages/render and spec 13 POST /mark_topic_as_read over HTTP.
import { beforeAll, describe, expect, test } from 'vitest';
import { markTopicAsRead, renderMessage, sendMessage } from '../../shared/api';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';
import { fetchMessages, send } from '../testing/message-requests';

const { clients, ids } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

const one = async (client: ApiClient, id: number, params: Record<string, unknown> = {}) => {
  const [message] = (await fetchMessages(client, { message_ids: [id], allow_empty_topic_name: true, ...params })).messages;
  if (!message) throw new Error(`message ${id} is not visible`);
  return message;
};

describe('sending to a channel', () => {
  test('by name: the reply is the new ID, and the sender has read it', async () => {
    const response = await mark.post('/messages', { type: 'channel', to: 'general', topic: 'greetings', content: 'Hello there' });
    const { id } = sendMessage.reply.parse(response.body);
    expect(await one(mark, id)).toMatchObject({ display_recipient: 'general', subject: 'greetings', content: '<p>Hello there</p>', flags: ['read'] });
  });

  test('by ID, with the older type name stream', async () => {
    const id = await send(mark, { type: 'stream', to: ids.channel.general, topic: 'greetings', content: 'by ID' });
    expect((await one(mark, id)).display_recipient).toBe('general');
  });

  test('subscribers receive it unread', async () => {
    const id = await send(mark, { type: 'channel', to: 'general', topic: 'greetings', content: 'for everyone' });
    expect((await one(mona, id)).flags).toEqual([]);
  });

  test('read_by_sender false leaves it unread for the sender too', async () => {
    const id = await send(mark, { type: 'channel', to: 'general', topic: 'greetings', content: 'unread', read_by_sender: false });
    expect((await one(mark, id)).flags).toEqual([]);
  });

  test('the topic is required', async () => {
    const response = await mark.post('/messages', { type: 'channel', to: 'general', content: 'no topic given' });
    expect(response.body).toEqual(error('Missing topic'));
  });

  test.each(['(no topic)', 'general chat', ''])('topic %j is the empty topic', async (topic) => {
    const id = await send(mark, { type: 'channel', to: 'general', topic, content: 'in the empty topic' });
    expect((await one(mark, id)).subject).toBe('');
  });

  test('a topic longer than 60 characters is cut, as upstream does', async () => {
    const id = await send(mark, { type: 'channel', to: 'general', topic: 'x'.repeat(70), content: 'long topic' });
    expect((await one(mark, id)).subject).toBe(`${'x'.repeat(57)}...`);
  });

  test('content longer than 10000 characters is truncated, as upstream does', async () => {
    const id = await send(mark, { type: 'channel', to: 'general', topic: 'long', content: 'y'.repeat(10_050) });
    const { content } = await one(mark, id, { apply_markdown: false });
    expect(content).toHaveLength(10_000);
    expect(content.endsWith('\n[message truncated]')).toBe(true);
  });

  test('empty content is refused', async () => {
    expect((await mark.post('/messages', { type: 'channel', to: 'general', topic: 't', content: ' \n ' })).body).toEqual(error('Message must not be empty'));
  });

  test('an unknown channel name is STREAM_DOES_NOT_EXIST naming it', async () => {
    const response = await mark.post('/messages', { type: 'channel', to: 'nowhere', topic: 't', content: 'x' });
    expect(response.body).toEqual(error("Channel 'nowhere' does not exist", 'STREAM_DOES_NOT_EXIST', { stream: 'nowhere' }));
  });

  test('an unknown channel ID is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const response = await mark.post('/messages', { type: 'channel', to: 9999, topic: 't', content: 'x' });
    expect(response.body).toEqual(error("Channel with ID '9999' does not exist", 'STREAM_DOES_NOT_EXIST', { stream_id: 9999 }));
  });

  test('announcements take posts from administrators only (can_send_message_group)', async () => {
    const refused = await mark.post('/messages', { type: 'channel', to: 'announcements', topic: 'news', content: 'x' });
    expect(refused.body).toEqual(error('You do not have permission to post in this channel.'));
    await send(adam, { type: 'channel', to: 'announcements', topic: 'news', content: 'official' });
  });

  test('an archived channel takes no messages', async () => {
    const response = await olivia.post('/messages', { type: 'channel', to: 'old-projects', topic: 'x', content: 'x' });
    expect(response.body).toEqual(error("Not authorized to send to channel 'old-projects'"));
  });

  test('a private channel takes messages from its subscribers only', async () => {
    const response = await mark.post('/messages', { type: 'channel', to: 'leadership', topic: 'x', content: 'x' });
    expect(response.body).toEqual(error("Not authorized to send to channel 'leadership'"));
    await send(adam, { type: 'channel', to: 'leadership', topic: 'x', content: 'fine' });
  });

  test('a guest may not post to a public channel they are not subscribed to', async () => {
    const response = await gina.post('/messages', { type: 'channel', to: 'engineering', topic: 'x', content: 'x' });
    expect(response.body).toEqual(error("Not authorized to send to channel 'engineering'"));
  });

  test('a channel with disable_empty_topic refuses the empty topic', async () => {
    const engineering = ids.channel.engineering;
    expect((await adam.patch(`/streams/${engineering}`, { topics_policy: 'disable_empty_topic' })).body).toMatchObject({ result: 'success' });
    const response = await mark.post('/messages', { type: 'channel', to: 'engineering', topic: '', content: 'x' });
    expect(response.body).toEqual(error('Sending messages to the general chat topic is not allowed in this channel.'));
    await send(mark, { type: 'channel', to: 'engineering', topic: 'named', content: 'named topics still work' });
  });
});

describe('sending a direct message', () => {
  test('to user IDs: both participants see it, with both in display_recipient', async () => {
    const gina_id = ids.user['gina@sandbox.test'];
    const id = await send(mark, { type: 'direct', to: [gina_id], content: 'hi Gina' });
    const seen = await one(gina, id);
    expect(seen.type).toBe('private');
    expect((seen.display_recipient as { email: string }[]).map((user) => user.email)).toEqual(['mark@sandbox.test', 'gina@sandbox.test']);
    expect(seen.flags).toEqual([]);
  });

  test('to addresses, with the older type name private, as a group', async () => {
    const id = await send(mark, { type: 'private', to: ['mona@sandbox.test', 'adam@sandbox.test'], content: 'hi all' });
    expect(((await one(adam, id)).display_recipient as unknown[]).length).toBe(3);
    expect(await fetchMessages(gina, { message_ids: [id] })).toMatchObject({ messages: [] });
  });

  test('a mention gives the mentioned participant the mentioned flag', async () => {
    const id = await send(mark, { type: 'direct', to: ['mona@sandbox.test'], content: 'ping @**Mona Moderator**' });
    expect((await one(mona, id)).flags).toEqual(['mentioned']);
  });

  test('an empty recipient list is refused', async () => {
    expect((await mark.post('/messages', { type: 'direct', to: [], content: 'x' })).body).toEqual(error('Message must have recipients'));
  });

  test('an unknown user ID is refused', async () => {
    expect((await mark.post('/messages', { type: 'direct', to: [99_999], content: 'x' })).body).toEqual(error('Invalid user ID 99999'));
  });

  test('an unknown address is refused', async () => {
    expect((await mark.post('/messages', { type: 'direct', to: ['nobody@sandbox.test'], content: 'x' })).body).toEqual(
      error("Invalid email 'nobody@sandbox.test'"),
    );
  });

  test('a deactivated user cannot be messaged', async () => {
    expect((await mark.post('/messages', { type: 'direct', to: ['derek@sandbox.test'], content: 'x' })).body).toEqual(
      error("'derek@sandbox.test' is no longer using Zulip."),
    );
  });
});

describe('POST /messages/render', () => {
  test('renders Markdown with the service’s mentions and links', async () => {
    const response = await mark.post('/messages/render', { content: '**Hi** @**Gina Guest** in #**general**' });
    const { rendered } = renderMessage.reply.parse(response.body);
    const gina_id = ids.user['gina@sandbox.test'];
    const general = ids.channel.general;
    expect(rendered).toBe(
      `<p><strong>Hi</strong> <span class="user-mention" data-user-id="${gina_id}">@Gina Guest</span> in ` +
        `<a class="stream" data-stream-id="${general}" href="/#narrow/channel/${general}-general">#general</a></p>`,
    );
  });

  test('content of exactly max_message_length is rendered', async () => {
    const response = await mark.post('/messages/render', { content: 'z'.repeat(10_000) });
    expect(response.body).toMatchObject({ result: 'success' });
  });

  test('content over max_message_length is refused', async () => {
    const response = await mark.post('/messages/render', { content: 'z'.repeat(10_001) });
    expect(response.body).toEqual(error('content is too long (limit: 10000 characters)'));
  });

  test('content is required', async () => {
    expect((await mark.post('/messages/render', {})).body).toEqual(error("Missing 'content' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'content' }));
  });
});

describe('POST /mark_topic_as_read', () => {
  const unread = (client: ApiClient, topic: string) =>
    fetchMessages(client, { anchor: 'newest', num_before: 100, num_after: 0, narrow: [['channel', 'general'], ['topic', topic], ['is', 'unread']] });

  test('marks the user’s messages in the topic read, and only that topic', async () => {
    await send(olivia, { type: 'channel', to: 'general', topic: 'to read', content: 'one' });
    await send(olivia, { type: 'channel', to: 'general', topic: 'to read', content: 'two' });
    const other = await send(olivia, { type: 'channel', to: 'general', topic: 'other', content: 'three' });
    expect((await unread(mark, 'to read')).messages).toHaveLength(2);

    const response = await mark.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: 'to read' });
    markTopicAsRead.reply.parse(response.body);
    expect((await unread(mark, 'to read')).messages).toEqual([]);
    expect((await one(mark, other)).flags).toEqual([]);
    // Someone else's flags are untouched.
    expect((await unread(mona, 'to read')).messages).toHaveLength(2);
  });

  test('"(no topic)" marks the empty topic', async () => {
    const id = await send(olivia, { type: 'channel', to: 'general', topic: '', content: 'empty topic news' });
    await mark.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: '(no topic)' });
    expect((await one(mark, id)).flags).toEqual(['read']);
  });

  test('an unknown channel is refused', async () => {
    expect((await mark.post('/mark_topic_as_read', { stream_id: 9999, topic_name: 'x' })).body).toEqual(error('Invalid channel ID'));
  });

  test('a private channel the user cannot see is refused the same way', async () => {
    const leadership = ids.channel.leadership;
    expect((await mark.post('/mark_topic_as_read', { stream_id: leadership, topic_name: 'budget' })).body).toEqual(error('Invalid channel ID'));
  });

  test('a topic the user has no messages in is refused', async () => {
    const response = await mark.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: 'never used' });
    expect(response.body).toEqual(error("No such topic 'never used'"));
  });
});
