// The events sending a message publishes, watched on the event bus of an in-process organization.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MessageEvent } from '../../shared/api';
import { ManualClock } from '../clock';
import { DEFAULT_CONFIG } from '../config';
import type { ServerContext } from '../context';
import { openDatabase, type OpenedDb } from '../db/connection';
import { getUserByEmail, type UserRow } from '../db/users';
import { EventBus, type ServerEvent } from '../events/bus';
import { seededIds } from '../ids';
import { seedIfEmpty } from '../seed/index';
import { markTopicAsRead, sendMessage } from './messages';
import { reportMessage } from './reports';

let dir: string;
let opened: OpenedDb;
let ctx: ServerContext;
const published: { recipients: readonly number[]; event: ServerEvent }[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'message-events-'));
  opened = openDatabase(dir);
  const clock = new ManualClock();
  seedIfEmpty({ db: opened.db, ids: seededIds(7), now: Math.floor(clock.now() / 1000) }, 'demo');
  ctx = { db: opened.db, clock, ids: seededIds(8), config: DEFAULT_CONFIG, events: new EventBus(), realmUrl: 'http://127.0.0.1:1' };
  ctx.events.subscribe((recipients, event) => published.push({ recipients, event }));
});
afterAll(() => {
  opened.close();
  rmSync(dir, { recursive: true, force: true });
});

const user = (name: string) => getUserByEmail(ctx.db, `${name}@sandbox.test`) as UserRow;

/** What the next action publishes. */
function publishedBy(action: () => void) {
  published.length = 0;
  action();
  return [...published];
}

describe('message events', () => {
  test('every event parses as the spec’s message event (the queue adds the id)', () => {
    const events = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'Hi @**Mona Moderator**' }, 'test'));
    for (const { event } of events) expect(MessageEvent.safeParse({ ...event, id: 0 }).success).toBe(true);
  });

  test('a channel message goes to every active subscriber and the sender, each once', () => {
    const events = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'hello' }, 'test'));
    const recipients = events.flatMap((group) => group.recipients);
    const subscribers = ctx.db
      .prepare('SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = (SELECT id FROM streams WHERE name = ?) AND s.active = 1 AND u.is_active = 1')
      .pluck()
      .all('general') as number[];
    expect(recipients.sort((a, b) => a - b)).toEqual([...subscribers].sort((a, b) => a - b));
    expect(new Set(recipients).size).toBe(recipients.length);
  });

  test('recipients are grouped by their flags: read for the sender, mentioned for the mentioned', () => {
    const events = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'Hi @**Mona Moderator**' }, 'test'));
    const flagsOf = (id: number) => events.find((group) => group.recipients.includes(id))?.event.flags;
    expect(flagsOf(user('mark').id)).toEqual(['read']);
    expect(flagsOf(user('mona').id)).toEqual(['mentioned']);
    expect(flagsOf(user('gina').id)).toEqual([]);
  });

  test('the message is rendered, with the Markdown beside it for apply_markdown=false queues', () => {
    const [group] = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'direct', to: [user('gina').id], content: '**bold**' }, 'test'));
    expect(group?.event.message).toMatchObject({ content: '<p><strong>bold</strong></p>', content_type: 'text/html' });
    expect(group?.event._raw_content).toBe('**bold**');
  });

  test('the empty topic stays empty in the event (delivery substitutes it per client)', () => {
    const [group] = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'channel', to: 'general', topic: '', content: 'x' }, 'test'));
    expect((group?.event.message as { subject: string }).subject).toBe('');
  });

  test('_gravatar marks who may see the sender’s address (administrators and the sender)', () => {
    const events = publishedBy(() => sendMessage(ctx, user('mark'), { type: 'channel', to: 'general', topic: 'events', content: 'x' }, 'test'));
    const gravatarOf = (id: number) => events.find((group) => group.recipients.includes(id))?.event._gravatar;
    expect(gravatarOf(user('adam').id)).toBe(true);
    expect(gravatarOf(user('mark').id)).toBe(true);
    expect(gravatarOf(user('gina').id)).toBe(false);
  });

  test('the sender’s local echo ID rides along for the sending queue only', () => {
    const events = publishedBy(() =>
      sendMessage(ctx, user('mark'), { type: 'direct', to: [user('gina').id], content: 'x', queue_id: 'q1', local_id: '1.01' }, 'test'),
    );
    const mine = events.find((group) => group.recipients.includes(user('mark').id));
    const theirs = events.find((group) => group.recipients.includes(user('gina').id));
    expect(mine?.event).toMatchObject({ _local_id: '1.01', _sender_queue_id: 'q1' });
    expect(theirs?.event._local_id).toBeUndefined();
  });

  test('a report is a message event to the moderation channel’s subscribers', () => {
    const dm = sendMessage(ctx, user('gina'), { type: 'direct', to: [user('mark').id], content: 'spam' }, 'test');
    const events = publishedBy(() => reportMessage(ctx, user('mark'), dm.id, 'spam', ''));
    expect(events.flatMap((group) => group.recipients).sort()).toEqual(
      [user('olivia').id, user('adam').id, user('mona').id, getUserByEmail(ctx.db, 'notify-bot@sandbox.test')?.id].sort(),
    );
  });
});

describe('mark_topic_as_read events', () => {
  test('tell the user which messages became read (upstream update_message_flags)', () => {
    const first = sendMessage(ctx, user('olivia'), { type: 'channel', to: 'general', topic: 'flags', content: 'one' }, 'test');
    const second = sendMessage(ctx, user('olivia'), { type: 'channel', to: 'general', topic: 'flags', content: 'two' }, 'test');
    const stream = ctx.db.prepare('SELECT id FROM streams WHERE name = ?').pluck().get('general') as number;
    const events = publishedBy(() => markTopicAsRead(ctx, user('mark'), stream, 'flags'));
    expect(events).toEqual([
      {
        recipients: [user('mark').id],
        event: { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [first.id, second.id], all: false },
      },
    ]);
  });

  test('publish nothing when nothing was unread', () => {
    const stream = ctx.db.prepare('SELECT id FROM streams WHERE name = ?').pluck().get('general') as number;
    expect(publishedBy(() => markTopicAsRead(ctx, user('mark'), stream, 'flags'))).toEqual([]);
  });
});
