// deleteAllDrafts: what turning enable_drafts_synchronization off does to the server's copies
// (PATCH /settings calls it), checked on the event bus.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DraftsRemoveEvent } from '../../shared/api';
import { listDrafts } from '../db/draft-queries';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { createDrafts, deleteAllDrafts } from './drafts';

let realm: DemoRealm;
beforeEach(() => {
  realm = openDemoRealm();
});
afterEach(() => realm.close());

const unaddressed = (content: string) => ({ type: '' as const, to: [], topic: '', content });

test("deleting all of a user's drafts removes each, announced to that user only", () => {
  const mark = realm.user('mark');
  const ids = createDrafts(realm.ctx, mark, [unaddressed('one'), unaddressed('two')]);
  realm.published.length = 0;
  deleteAllDrafts(realm.ctx, mark.id);
  expect(listDrafts(realm.ctx.db, mark.id)).toEqual([]);
  expect(realm.published.map(({ recipients }) => recipients)).toEqual([[mark.id], [mark.id]]);
  expect(realm.published.map(({ event }) => DraftsRemoveEvent.parse({ ...event, id: 1 }).draft_id)).toEqual(ids);
});

test("other users' drafts stay", () => {
  const [mark, mona] = [realm.user('mark'), realm.user('mona')];
  createDrafts(realm.ctx, mark, [unaddressed('mine')]);
  createDrafts(realm.ctx, mona, [unaddressed('hers')]);
  deleteAllDrafts(realm.ctx, mark.id);
  expect(listDrafts(realm.ctx.db, mona.id).map((draft) => draft.content)).toEqual(['hers']);
});

test('a user without drafts gets no events', () => {
  realm.published.length = 0;
  deleteAllDrafts(realm.ctx, realm.user('gina').id);
  expect(realm.published).toEqual([]);
});
