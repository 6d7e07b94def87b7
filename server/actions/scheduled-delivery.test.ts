// Delivery on demand and the delivery service's lifetime, on an in-process realm with a ManualClock.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { seconds, type ManualClock } from '../lib/clock';
import { listScheduledMessages } from '../db/scheduled-queries';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { createScheduledMessage } from './scheduled';
import { deliverDueScheduledMessages, startScheduledDelivery } from './scheduled-delivery';

let realm: DemoRealm;
beforeEach(() => {
  realm = openDemoRealm();
});
afterEach(() => realm.close());

const clock = () => realm.ctx.clock as ManualClock;
const generalId = () => realm.ctx.db.prepare("SELECT id FROM streams WHERE name = 'general'").pluck().get() as number;

function scheduleIn(secondsFromNow: number, topic: string): number {
  const params = { type: 'channel' as const, to: generalId(), topic, content: topic, scheduled_delivery_timestamp: seconds(clock()) + secondsFromNow };
  return createScheduledMessage(realm.ctx, realm.user('mark'), params, 'website');
}

test('delivering on demand sends what is due, earliest first, and leaves the rest scheduled', () => {
  const later = scheduleIn(600, 'later');
  const second = scheduleIn(120, 'second');
  const first = scheduleIn(60, 'first');
  clock().advance(300_000);
  realm.published.length = 0;
  expect(deliverDueScheduledMessages(realm.ctx)).toBe(2);
  const removed = realm.published.filter(({ event }) => event.type === 'scheduled_messages').map(({ event }) => event.scheduled_message_id);
  expect(removed).toEqual([first, second]);
  // one message event per group of recipients; each message once
  const sentTopics = realm.published.filter(({ event }) => event.type === 'message').map(({ event }) => (event.message as { subject: string }).subject);
  expect([...new Set(sentTopics)]).toEqual(['first', 'second']);
  expect(listScheduledMessages(realm.ctx.db, realm.user('mark').id).map((message) => message.scheduled_message_id)).toEqual([later]);
});

test('the service delivers when the server clock passes the delivery time', async () => {
  const stop = startScheduledDelivery(realm.ctx);
  try {
    scheduleIn(60, 'serviced');
    clock().advance(61_000);
    await Promise.resolve();
    expect(listScheduledMessages(realm.ctx.db, realm.user('mark').id)).toEqual([]);
  } finally {
    stop();
  }
});

test('once stopped, the service delivers nothing', async () => {
  const stop = startScheduledDelivery(realm.ctx);
  stop();
  const scheduledId = scheduleIn(60, 'after stop');
  clock().advance(61_000);
  await Promise.resolve();
  expect(listScheduledMessages(realm.ctx.db, realm.user('mark').id).map((message) => message.scheduled_message_id)).toEqual([scheduledId]);
});
