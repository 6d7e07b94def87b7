// Channel subscribers over HTTP: upstream's GET /streams/{stream_id}/members, DELETE
// /users/me/subscriptions with and without `principals`, and POST /users/me/subscriptions for other
// users (https://zulip.com/api/get-subscribers, /unsubscribe, /subscribe). Every reply parses with its
// shared/api schema and every event with its event kind.
import { describe, expect, test } from 'vitest';
import { getSubscribers, parseEvent, subscribe, unsubscribe } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

function known(event: QueueEvent) {
  const parsed = parseEvent(event);
  if (!parsed.success || parsed.data.kind !== 'known') throw new Error(`unreadable event: ${JSON.stringify(event)}`);
  return parsed.data.event;
}

/** The channel's active subscriptions, straight from the database. */
const subscribedIds = (channel: string) =>
  withDb(server, (db) =>
    db
      .prepare('SELECT s.user_id FROM subscriptions s JOIN streams c ON c.id = s.stream_id WHERE c.name = ? AND s.active = 1 ORDER BY s.user_id')
      .pluck()
      .all(channel),
  ) as number[];

const INSUFFICIENT = error('Insufficient permission');

describe('GET /streams/{stream_id}/members', () => {
  test('lists the active subscribers, leaving deactivated users out', async () => {
    const response = await clients.mark.get(`/streams/${String(ids.channel.general)}/members`);
    const { subscribers } = getSubscribers.reply.parse(response.body);
    expect(subscribers).toEqual(subscribedIds('general').filter((id) => id !== ids.person.derek));
    expect(subscribers).not.toContain(ids.person.derek);
    expect(subscribers).toContain(ids.person.gina);
  });

  test('a private channel is listed for administrators, and is an invalid channel for members outside it', async () => {
    const leadership = `/streams/${String(ids.channel.leadership)}/members`;
    expect(getSubscribers.reply.parse((await clients.adam.get(leadership)).body).subscribers).toEqual([ids.person.olivia, ids.person.adam]);
    expect((await clients.mark.get(leadership)).body).toEqual(error('Invalid channel ID'));
    expect((await clients.mark.get('/streams/99999/members')).body).toEqual(error('Invalid channel ID'));
  });
});

describe('DELETE /users/me/subscriptions', () => {
  test('a member leaves a channel; leaving again is "not removed"', async () => {
    expect(subscribedIds('old-projects')).toContain(ids.person.mark);
    const left = unsubscribe.reply.parse((await clients.mark.delete('/users/me/subscriptions', { subscriptions: ['old-projects'] })).body);
    expect(left).toMatchObject({ removed: ['old-projects'], not_removed: [] });
    const again = unsubscribe.reply.parse((await clients.mark.delete('/users/me/subscriptions', { subscriptions: ['old-projects'] })).body);
    expect(again).toMatchObject({ removed: [], not_removed: ['old-projects'] });
    expect(subscribedIds('old-projects')).not.toContain(ids.person.mark);
  });

  test('an administrator removes others: each gets the removal, the other watchers the departure', async () => {
    const [first, second] = subscribedIds('engineering').filter((id) => id !== ids.person.adam && id !== ids.person.mark);
    if (first === undefined || second === undefined) throw new Error('engineering needs two members');
    const markQueue = await registerQueue(clients.mark, { event_types: ['subscription'] });
    const response = await clients.adam.delete('/users/me/subscriptions', { subscriptions: ['engineering'], principals: [first, second, ids.person.mona] });
    // One name per user: two were subscribed, Mona was not.
    expect(unsubscribe.reply.parse(response.body)).toMatchObject({ removed: ['engineering', 'engineering'], not_removed: ['engineering'] });
    const peer = known(await markQueue.waitFor((event) => event.type === 'subscription' && event.op === 'peer_remove'));
    expect(peer).toMatchObject({ stream_ids: [ids.channel.engineering], user_ids: [first, second] });
    expect(subscribedIds('engineering')).not.toContain(first);
    expect(subscribedIds('engineering')).not.toContain(second);
    await markQueue.close();
  });

  test('a member of a private channel removed by an administrator loses the subscription and the channel', async () => {
    expect(subscribe.reply.parse((await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }], principals: [ids.person.mark] })).body)).toMatchObject({
      subscribed: { [String(ids.person.mark)]: ['leadership'] },
    });
    const markQueue = await registerQueue(clients.mark, { event_types: ['subscription', 'stream'] });
    await clients.adam.delete('/users/me/subscriptions', { subscriptions: ['leadership'], principals: ['mark@sandbox.test'] });
    const removed = known(await markQueue.waitFor((event) => event.type === 'subscription' && event.op === 'remove'));
    expect(removed).toMatchObject({ subscriptions: [{ stream_id: ids.channel.leadership, name: 'leadership' }] });
    const gone = known(await markQueue.waitFor((event) => event.type === 'stream' && event.op === 'delete'));
    expect(gone).toMatchObject({ stream_ids: [ids.channel.leadership] });
    expect(subscribedIds('leadership')).toEqual([ids.person.olivia, ids.person.adam]);
    await markQueue.close();
  });

  test("removing others needs can_remove_subscribers_group in every channel named; nothing changes otherwise", async () => {
    const before = subscribedIds('general');
    expect((await clients.mona.delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [ids.person.gina] })).body).toEqual(INSUFFICIENT);
    expect((await clients.mark.delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [ids.person.gina] })).body).toEqual(INSUFFICIENT);
    expect(subscribedIds('general')).toEqual(before);
  });

  test('unknown channels and users are refused before anything is written', async () => {
    const before = subscribedIds('general');
    expect((await clients.adam.delete('/users/me/subscriptions', { subscriptions: ['general', 'nowhere'], principals: [ids.person.gina] })).body).toEqual(
      error('Channel(s) (nowhere) do not exist'),
    );
    expect((await clients.adam.delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [99999] })).body).toEqual(error('No such user'));
    expect(subscribedIds('general')).toEqual(before);
  });
});

describe('POST /users/me/subscriptions for others', () => {
  test('an administrator subscribes a guest; the reply is keyed by user ID', async () => {
    const response = await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'engineering' }, { name: 'general' }], principals: ['gina@sandbox.test'] });
    expect(subscribe.reply.parse(response.body)).toMatchObject({
      subscribed: { [String(ids.person.gina)]: ['engineering'] },
      already_subscribed: { [String(ids.person.gina)]: ['general'] },
    });
    expect(subscribedIds('engineering')).toContain(ids.person.gina);
  });

  test('a deactivated user cannot be subscribed', async () => {
    expect((await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'design' }], principals: [ids.person.derek] })).body).toEqual(
      error('User is deactivated'),
    );
    expect(subscribedIds('design')).not.toContain(ids.person.derek);
  });

  test('a moderator outside a private channel cannot add anyone to it', async () => {
    expect((await clients.mona.post('/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }], principals: [ids.person.mark] })).body).toEqual(
      error('Unable to access channel (leadership).'),
    );
  });
});
