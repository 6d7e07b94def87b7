// The channel formatters other parts reuse (register snapshot, events): upstream's stream object and
// the spec's subscription object, checked against shared/api's schemas on the demo organization.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Stream, Subscription } from '../../shared/api';
import { seededIds } from '../lib/ids';
import { seedIfEmpty } from '../seed/index';
import { openDatabase, type OpenedDb } from './connection';
import { getStreamByName, streamObject, subscriptionObject, type StreamRow } from './stream-queries';
import { getUserByEmail } from './users';

const NOW = Date.UTC(2026, 0, 15, 12) / 1000;
let dataDir: string;
let opened: OpenedDb;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stream-queries-'));
  opened = openDatabase(dataDir);
  seedIfEmpty({ db: opened.db, ids: seededIds(3), now: NOW }, 'demo');
});
afterAll(() => {
  opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const channel = (name: string): StreamRow => {
  const row = getStreamByName(opened.db, name);
  if (!row) throw new Error(`no channel ${name}`);
  return row;
};
const userId = (name: string) => getUserByEmail(opened.db, `${name}@sandbox.test`)?.id ?? -1;

describe('streamObject', () => {
  test('every demo channel parses as upstream stream object', () => {
    for (const name of ['general', 'announcements', 'engineering', 'design', 'leadership', 'moderation', 'old-projects']) {
      expect(Stream.safeParse(streamObject(opened.db, channel(name), { now: NOW })).success).toBe(true);
    }
  });

  test('is_default only when asked for', () => {
    expect(streamObject(opened.db, channel('general'), { now: NOW }).is_default).toBeUndefined();
    expect(streamObject(opened.db, channel('general'), { now: NOW, includeDefault: true }).is_default).toBe(true);
  });

  test('first_message_id is the oldest message in the channel and null for none', () => {
    const first = opened.db.prepare('SELECT min(id) FROM messages WHERE stream_id = ?').pluck().get(channel('design').id);
    expect(streamObject(opened.db, channel('design'), { now: NOW }).first_message_id).toBe(first);
  });
});

describe('subscriptionObject', () => {
  test("a subscriber's subscription parses as the spec's subscription object, with personal settings", () => {
    const sub = subscriptionObject(opened.db, channel('leadership'), userId('olivia'), { now: NOW });
    expect(Subscription.parse(sub)).toMatchObject({
      name: 'leadership',
      invite_only: true,
      is_muted: false,
      in_home_view: true,
      pin_to_top: false,
      desktop_notifications: null,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/) as string,
    });
    expect(sub?.subscribers).toBeUndefined();
  });

  test('subscribers come with includeSubscribers', () => {
    const sub = subscriptionObject(opened.db, channel('leadership'), userId('olivia'), { now: NOW, includeSubscribers: true });
    expect(sub?.subscribers).toEqual([userId('olivia'), userId('adam')].sort((a, b) => a - b));
  });

  test('there is none for a user who is not subscribed', () => {
    expect(subscriptionObject(opened.db, channel('leadership'), userId('mark'))).toBeUndefined();
  });
});
