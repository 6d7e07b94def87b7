// spec 22 outgoing webhooks against a real server and a local receiver: the demo's echo-bot (an
// outgoing-webhook bot) is pointed at the receiver, which checks the token and the payload and answers
// as each test needs; replies are read back with GET /messages.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { OutgoingWebhookPayload, type FetchedMessage } from '../../shared/api';
import { fetchMessages, send } from '../testing/message-requests';
import { withDb } from '../testing/database-file';
import { startTestServer, type ApiClient } from '../testing/harness';
import { demoServerForFile } from '../testing/server-per-file';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { replyFor } from './outgoing-webhooks';

// Short limits, so the retry and timeout tests take a second rather than a minute.
const { server, clients, ids } = demoServerForFile({ config: { webhookTimeoutMs: 300, webhookRetryDelayMs: 20 } });
const BOT_EMAIL = 'echo-bot@sandbox.test';
let mark: ApiClient, mona: ApiClient;
let receiver: WebhookReceiver;
let token: string;

beforeAll(async () => {
  ({ mark, mona } = clients);
  receiver = await startWebhookReceiver();
  token = withDb(server, (db) => {
    // No endpoint edits a bot's service; the demo's receiver address is a placeholder.
    db.prepare('UPDATE bot_services SET base_url = ? WHERE bot_id = (SELECT id FROM users WHERE email = ?)').run(receiver.url, BOT_EMAIL);
    return db.prepare('SELECT token FROM bot_services WHERE bot_id = (SELECT id FROM users WHERE email = ?)').pluck().get(BOT_EMAIL) as string;
  });
});
afterAll(async () => {
  receiver.releaseHeld();
  await receiver.close();
});
beforeEach(() => {
  receiver.respond = () => ({ status: 200, json: { response_not_required: true } });
});

/** Each test talks in its own topic, so late replies of one test never reach another's checks. */
const mention = (topic: string, text = 'ping') => send(mark, { type: 'channel', to: 'general', topic, content: `@**Echo Bot** ${text}` });
const payloadOf = (body: unknown) => OutgoingWebhookPayload.parse(body);
const requestsFor = (messageId: number) => receiver.received.filter((request) => payloadOf(request.body).message.id === messageId);

// The waits are generous because a loaded CI machine can take seconds to run three timed-out
// attempts; a healthy run finishes in about one. The test timeout must exceed the longest wait.
const WAIT_MS = 20_000;
vi.setConfig({ testTimeout: 45_000 });

/** Waits (up to WAIT_MS of real time) until `done` holds. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function waitForRequestsFor(messageId: number, count: number) {
  await until(() => requestsFor(messageId).length >= count, `${count} requests for message ${messageId}`);
  return requestsFor(messageId);
}

/** The bot's messages in a narrow, waiting until there are at least `count`. */
async function botMessages(narrow: unknown[], count = 1): Promise<FetchedMessage[]> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { messages } = await fetchMessages(mark, { anchor: 'newest', num_before: 50, num_after: 0, apply_markdown: false, narrow: [...narrow, ['sender', BOT_EMAIL]] });
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`expected ${count} bot messages, got ${messages.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const inTopic = (topic: string) => [['channel', 'general'], ['topic', topic]];

describe('what the receiver gets', () => {
  test('a mention in a channel POSTs the spec’s payload, with the bot’s token', async () => {
    const id = await mention('payload', 'what is **up**?');
    const [request] = await waitForRequestsFor(id, 1);
    const payload = payloadOf(request!.body);
    expect(payload).toMatchObject({ bot_email: BOT_EMAIL, bot_full_name: 'Echo Bot', token, trigger: 'mention', data: '@**Echo Bot** what is **up**?' });
    expect(request!.headers['content-type']).toBe('application/json');
  });

  test('the payload’s message is the message as the bot fetches it, with Markdown content and rendered_content', async () => {
    const id = await mention('payload message');
    const payload = payloadOf((await waitForRequestsFor(id, 1))[0]!.body);
    expect(payload.message).toMatchObject({
      id,
      sender_email: 'mark@sandbox.test',
      display_recipient: 'general',
      subject: 'payload message',
      type: 'stream',
      content: '@**Echo Bot** ping',
      content_type: 'text/x-markdown',
    });
    expect(payload.message.rendered_content).toContain(`data-user-id="${ids.user[BOT_EMAIL]}"`);
  });

  test('a direct message to the bot triggers direct_message', async () => {
    const id = await send(mark, { type: 'direct', to: [ids.user[BOT_EMAIL]], content: 'hello bot' });
    const payload = payloadOf((await waitForRequestsFor(id, 1))[0]!.body);
    expect(payload).toMatchObject({ trigger: 'direct_message', data: 'hello bot', token });
  });

  test('a channel message that does not mention the bot sends nothing', async () => {
    const quiet = await send(mark, { type: 'channel', to: 'general', topic: 'no mention', content: 'Echo Bot is not mentioned' });
    const loud = await mention('no mention');
    await waitForRequestsFor(loud, 1);
    expect(requestsFor(quiet)).toEqual([]);
  });

  test('a silent mention sends nothing', async () => {
    const silent = await send(mark, { type: 'channel', to: 'general', topic: 'silent', content: '@_**Echo Bot** quietly' });
    const loud = await mention('silent');
    await waitForRequestsFor(loud, 1);
    expect(requestsFor(silent)).toEqual([]);
  });
});

describe('the reply', () => {
  test('content in the answer is posted by the bot in the same channel and topic', async () => {
    receiver.respond = () => ({ status: 200, json: { content: 'pong **back**' } });
    await mention('reply');
    const [reply] = await botMessages(inTopic('reply'));
    expect(reply).toMatchObject({ content: 'pong **back**', display_recipient: 'general', subject: 'reply', client: 'OutgoingWebhookResponse' });
  });

  test('a direct message is answered in the same conversation', async () => {
    receiver.respond = () => ({ status: 200, json: { content: 'hi Mark' } });
    await send(mark, { type: 'direct', to: [ids.user[BOT_EMAIL]], content: 'hi bot' });
    const replies = await botMessages([{ operator: 'dm', operand: [ids.user[BOT_EMAIL]] }]);
    expect(replies.map((message) => message.content)).toContain('hi Mark');
  });

  test('response_not_required: the bot stays quiet', async () => {
    receiver.respond = (_index, body) =>
      payloadOf(body).data.includes('quiet') ? { status: 200, json: { response_not_required: true, content: 'not sent' } } : { status: 200, json: { content: 'sent' } };
    const quiet = await mention('not required', 'quiet please');
    await waitForRequestsFor(quiet, 1);
    await mention('not required', 'talk now');
    const replies = await botMessages(inTopic('not required'));
    expect(replies.map((message) => message.content)).toEqual(['sent']);
  });

  test('the bot’s own reply mentioning itself triggers nothing (bots never trigger webhooks)', async () => {
    receiver.respond = () => ({ status: 200, json: { content: '@**Echo Bot** talking to myself' } });
    await mention('loop');
    const [reply] = await botMessages(inTopic('loop'));
    const next = await mention('loop', 'again');
    await waitForRequestsFor(next, 1);
    expect(requestsFor(reply!.id)).toEqual([]);
  });
});

describe('failing receivers', () => {
  test('a receiver that fails twice (503) gets the request again, and its third answer is posted', async () => {
    receiver.respond = (index, body) => {
      const attempt = requestsFor(payloadOf(body).message.id).length;
      return attempt < 3 ? { status: 503, json: { error: `busy ${index}` } } : { status: 200, json: { content: 'third time lucky' } };
    };
    const id = await mention('retry');
    const [reply] = await botMessages(inTopic('retry'));
    expect(reply!.content).toBe('third time lucky');
    expect(requestsFor(id)).toHaveLength(3);
    expect(requestsFor(id).map((request) => payloadOf(request.body).token)).toEqual([token, token, token]);
  });

  test('a receiver that never answers is given up after three timed-out attempts; the bot says it is unavailable', async () => {
    receiver.respond = () => 'hold';
    const id = await mention('timeout');
    const [reply] = await botMessages(inTopic('timeout'));
    expect(reply!.content).toBe('Failure! Bot is unavailable');
    expect(requestsFor(id)).toHaveLength(3);
    await until(() => requestsFor(id).every((request) => request.abandoned), 'the server to give up each request');
  });

  test('an answer of 4xx is not retried; the bot reports the status', async () => {
    receiver.respond = () => ({ status: 404, json: {} });
    const id = await mention('not found');
    const [reply] = await botMessages(inTopic('not found'));
    expect(reply!.content).toBe('Failure! Third party responded with 404');
    expect(requestsFor(id)).toHaveLength(1);
  });

  test('an answer that is not JSON is reported', async () => {
    receiver.respond = () => ({ status: 200, text: 'OK!' });
    await mention('not json');
    const [reply] = await botMessages(inTopic('not json'));
    expect(reply!.content).toBe('Failure! Invalid JSON in response');
  });

  test('a slow receiver does not hold up the message that triggered it', async () => {
    receiver.respond = () => 'hold';
    const id = await mention('slow');
    // POST /messages has answered; the receiver's request arrives, and is still waiting for an answer.
    const [request] = await waitForRequestsFor(id, 1);
    expect(request!.abandoned).toBe(false);
    receiver.releaseHeld();
    const { messages } = await fetchMessages(mona, { anchor: id, num_before: 0, num_after: 0, narrow: inTopic('slow') });
    expect(messages.map((message) => message.id)).toEqual([id]);
  });
});

describe('how an answer becomes the bot’s reply (upstream process_success_response)', () => {
  const answered = (body: string, status = 200) => replyFor({ kind: 'answered', status, body });

  test('the older response_string is posted like content', () => {
    expect(answered(JSON.stringify({ response_string: 'legacy' }))).toBe('legacy');
  });

  test('blank content, no content, and the old JSON empty string mean no reply', () => {
    expect(answered(JSON.stringify({ content: '  ' }))).toBeNull();
    expect(answered(JSON.stringify({}))).toBeNull();
    expect(answered('""')).toBeNull();
  });

  test('JSON that is not an object is a failure', () => {
    expect(answered('[1, 2]')).toBe('Failure! Invalid response format');
  });
});

describe('stopping the server', () => {
  test('abandons a request a receiver is holding, without waiting for its timeout', async () => {
    const own = await startTestServer({ seed: 'demo', config: { webhookTimeoutMs: 60_000 } });
    const holding = await startWebhookReceiver();
    try {
      holding.respond = () => 'hold';
      withDb(own, (db) => db.prepare('UPDATE bot_services SET base_url = ? WHERE bot_id = (SELECT id FROM users WHERE email = ?)').run(holding.url, BOT_EMAIL));
      await send(await own.as('mark@sandbox.test'), { type: 'channel', to: 'general', topic: 'closing', content: '@**Echo Bot** hold on' });
      const [request] = await holding.waitForRequests(1);
      await own.close();
      await until(() => request!.abandoned, 'the held request to be abandoned');
    } finally {
      await holding.close();
    }
  });
});
