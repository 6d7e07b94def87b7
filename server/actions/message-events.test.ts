// The events sending a message publishes, watched on the event bus of an in-process organization.
import { describe, expect, test } from 'vitest';
import { MessageEvent } from '../../shared/api';
import { getUserByEmail } from '../db/users';
import { demoRealmForFile } from '../testing/in-process';
import { markTopicAsRead, sendMessage } from './messages';
import { reportMessage } from './reports';

// One organization for the whole file: each test reads only what its own action publishes.
const realm = demoRealmForFile();

/** What the next action publishes. */
function publishedBy(action: () => void) {
  realm.published.length = 0;
  action();
  return [...realm.published];
}

describe('message events', () => {
  test('every event parses as the spec’s message event (the queue adds the id)', () => {
    const events = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'Hi @**Mona Moderator**' }, 'test'));
    for (const { event } of events) expect(MessageEvent.safeParse({ ...event, id: 0 }).success).toBe(true);
  });

  test('a channel message goes to every active subscriber and the sender, each once', () => {
    const events = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'hello' }, 'test'));
    const recipients = events.flatMap((group) => group.recipients);
    const subscribers = realm.ctx.db
      .prepare('SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = (SELECT id FROM streams WHERE name = ?) AND s.active = 1 AND u.is_active = 1')
      .pluck()
      .all('general') as number[];
    expect(recipients.sort((a, b) => a - b)).toEqual([...subscribers].sort((a, b) => a - b));
    expect(new Set(recipients).size).toBe(recipients.length);
  });

  test('recipients are grouped by their flags: read for the sender, mentioned for the mentioned', () => {
    const events = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'Hi @**Mona Moderator**' }, 'test'));
    const flagsOf = (id: number) => events.find((group) => group.recipients.includes(id))?.event.flags;
    expect(flagsOf(realm.user('mark').id)).toEqual(['read']);
    expect(flagsOf(realm.user('mona').id)).toEqual(['mentioned']);
    expect(flagsOf(realm.user('gina').id)).toEqual([]);
  });

  test('the message is rendered, with the Markdown beside it for apply_markdown=false queues', () => {
    const [group] = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'direct', to: [realm.user('gina').id], content: '**bold**' }, 'test'));
    expect(group?.event.message).toMatchObject({ content: '<p><strong>bold</strong></p>', content_type: 'text/html' });
    expect(group?.event._raw_content).toBe('**bold**');
  });

  test('the empty topic stays empty in the event (delivery substitutes it per client)', () => {
    const [group] = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'channel', to: 'general', topic: '', content: 'x' }, 'test'));
    expect((group?.event.message as { subject: string }).subject).toBe('');
  });

  test('_gravatar marks who may see the sender’s address (administrators and the sender)', () => {
    const events = publishedBy(() => sendMessage(realm.ctx, realm.user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'x' }, 'test'));
    const gravatarOf = (id: number) => events.find((group) => group.recipients.includes(id))?.event._gravatar;
    expect(gravatarOf(realm.user('adam').id)).toBe(true);
    expect(gravatarOf(realm.user('mark').id)).toBe(true);
    expect(gravatarOf(realm.user('gina').id)).toBe(false);
  });

  test('the sender’s local echo ID rides along for the sending queue only', () => {
    const events = publishedBy(() =>
      sendMessage(realm.ctx, realm.user('mark'), { type: 'direct', to: [realm.user('gina').id], content: 'x', queue_id: 'q1', local_id: '1.01' }, 'test'),
    );
    const mine = events.find((group) => group.recipients.includes(realm.user('mark').id));
    const theirs = events.find((group) => group.recipients.includes(realm.user('gina').id));
    expect(mine?.event).toMatchObject({ _local_id: '1.01', _sender_queue_id: 'q1' });
    expect(theirs?.event._local_id).toBeUndefined();
  });

  test('a report is a message event to the moderation channel’s subscribers', () => {
    const dm = sendMessage(realm.ctx, realm.user('gina'), { type: 'direct', to: [realm.user('mark').id], content: 'spam' }, 'test');
    const events = publishedBy(() => reportMessage(realm.ctx, realm.user('mark'), dm.id, 'spam', ''));
    expect(events.flatMap((group) => group.recipients).sort()).toEqual(
      [realm.user('olivia').id, realm.user('adam').id, realm.user('mona').id, getUserByEmail(realm.ctx.db, 'notify-bot@sandbox.test')?.id].sort(),
    );
  });
});

describe('mark_topic_as_read events', () => {
  test('tell the user which messages became read (upstream update_message_flags)', () => {
    const first = sendMessage(realm.ctx, realm.user('olivia'), { type: 'channel', to: 'general', topic: 'flags', content: 'one' }, 'test');
    const second = sendMessage(realm.ctx, realm.user('olivia'), { type: 'channel', to: 'general', topic: 'flags', content: 'two' }, 'test');
    const stream = realm.ctx.db.prepare('SELECT id FROM streams WHERE name = ?').pluck().get('general') as number;
    const events = publishedBy(() => markTopicAsRead(realm.ctx, realm.user('mark'), stream, 'flags'));
    expect(events).toEqual([
      {
        recipients: [realm.user('mark').id],
        event: { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [first.id, second.id], all: false },
      },
    ]);
  });

  test('publish nothing when nothing was unread', () => {
    const stream = realm.ctx.db.prepare('SELECT id FROM streams WHERE name = ?').pluck().get('general') as number;
    expect(publishedBy(() => markTopicAsRead(realm.ctx, realm.user('mark'), stream, 'flags'))).toEqual([]);
  });
});
