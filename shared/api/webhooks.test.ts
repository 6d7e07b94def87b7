import { describe, expect, test } from 'vitest';
import { OutgoingWebhookPayload, OutgoingWebhookReply, outgoingWebhook } from './webhooks';

const payload = {
  data: '@**Outgoing webhook test** Zulip is the world’s most productive group chat!',
  trigger: 'mention',
  token: 'xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0',
  message: {
    subject: 'Verona2',
    sender_email: 'iago@zulip.com',
    timestamp: 1527876931,
    client: 'website',
    submessages: [],
    recipient_id: 20,
    topic_links: [],
    sender_full_name: 'Iago',
    avatar_url: null,
    rendered_content: '<p><span class="user-mention" data-user-id="25">@Outgoing webhook test</span> Zulip!</p>',
    sender_id: 5,
    stream_id: 5,
    content: '@**Outgoing webhook test** Zulip is the world’s most productive group chat!',
    content_type: 'text/x-markdown',
    display_recipient: 'Verona',
    type: 'stream',
    id: 112,
    is_me_message: false,
    reactions: [],
    sender_realm_str: 'zulip',
  },
  bot_email: 'outgoing-bot@localhost',
  bot_full_name: 'Outgoing webhook test',
};

describe('outgoing webhook (spec 22)', () => {
  test('a payload parses', () => {
    expect(OutgoingWebhookPayload.parse(payload).message.id).toBe(112);
  });

  test('a payload whose message lacks rendered_content is rejected', () => {
    const { rendered_content: _omitted, ...message } = payload.message;
    expect(OutgoingWebhookPayload.safeParse({ ...payload, message }).success).toBe(false);
  });

  test('the bot may answer with content, or say no reply is needed', () => {
    expect(OutgoingWebhookReply.parse({ content: 'Thanks!' }).content).toBe('Thanks!');
    expect(OutgoingWebhookReply.parse({ response_not_required: true }).response_not_required).toBe(true);
  });

  test('the descriptor carries spec number 22', () => {
    expect(outgoingWebhook.spec).toBe(22);
  });
});
