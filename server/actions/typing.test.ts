// Who typing events go to, checked on the event bus (delivery then filters per queue): limits and
// recipients a long-polling test cannot easily set up.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { seconds } from '../lib/clock';
import { insertUser } from '../db/create-user';
import { getStreamByName, subscriberIds } from '../db/stream-queries';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { MAX_CHANNEL_SIZE_FOR_TYPING, setTyping } from './typing';

let realm: DemoRealm;
beforeEach(() => {
  realm = openDemoRealm();
  realm.published.length = 0;
});
afterEach(() => realm.close());

const channelId = (name: string) => getStreamByName(realm.ctx.db, name)?.id as number;

test('channel typing goes to every active subscriber, the sender included', () => {
  const mark = realm.user('mark');
  setTyping(realm.ctx, mark, { type: 'channel', op: 'start', stream_id: channelId('engineering'), topic: 'deploys' });
  const [published] = realm.published;
  expect(published?.recipients).toContain(mark.id);
  expect(published?.recipients).toContain(realm.user('adam').id);
  expect(published?.recipients).not.toContain(realm.user('mona').id);
});

test(`a channel with more than ${MAX_CHANNEL_SIZE_FOR_TYPING} subscribers gets no typing events, as upstream`, () => {
  const { db, ids } = realm.ctx;
  const general = channelId('general');
  const subscribe = db.prepare('INSERT INTO subscriptions (user_id, stream_id) VALUES (?, ?)');
  for (let index = 0; subscriberIds(db, general).length <= MAX_CHANNEL_SIZE_FOR_TYPING; index += 1) {
    const id = insertUser(db, ids, { email: `crowd${index}@sandbox.test`, full_name: `Crowd ${index}`, role: 400, date_joined: seconds(realm.ctx.clock) });
    subscribe.run(id, general);
  }
  setTyping(realm.ctx, realm.user('mark'), { type: 'channel', op: 'start', stream_id: general, topic: 'busy' });
  expect(realm.published).toEqual([]);
});

test('a deactivated direct recipient is named in the event but not told', () => {
  const [mark, derek, mona] = [realm.user('mark'), realm.user('derek'), realm.user('mona')];
  setTyping(realm.ctx, mark, { op: 'start', to: [derek.id, mona.id] });
  const [published] = realm.published;
  expect(published?.recipients).toEqual([mona.id, mark.id]);
  expect((published?.event.recipients as { user_id: number }[]).map((user) => user.user_id)).toEqual([derek.id, mona.id, mark.id]);
});
