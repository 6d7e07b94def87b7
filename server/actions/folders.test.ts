// The channel_folder events folder changes publish: upstream's add, update and reorder shapes, to every
// active user; and the printable-name rule folder and channel names share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ChannelFolderEvent } from '../../shared/api';
import { ManualClock, seconds } from '../clock';
import { DEFAULT_CONFIG } from '../config';
import type { ServerContext } from '../context';
import { openDatabase, type OpenedDb } from '../db/connection';
import { allFolderIds } from '../db/folder-queries';
import { activeUserIds, getUserByEmail, type UserRow } from '../db/users';
import { EventBus, type ServerEvent } from '../events/bus';
import { seededIds } from '../ids';
import { seedIfEmpty } from '../seed/index';
import { createFolder, reorderFolders, unprintablePosition, updateFolder } from './folders';

let dataDir: string;
let opened: OpenedDb;
let ctx: ServerContext;
let published: { recipients: readonly number[]; event: ServerEvent }[];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'folder-events-'));
  opened = openDatabase(dataDir);
  const clock = new ManualClock();
  seedIfEmpty({ db: opened.db, ids: seededIds(7), now: seconds(clock) }, 'demo');
  ctx = { db: opened.db, clock, ids: seededIds(8), config: DEFAULT_CONFIG, events: new EventBus(), realmUrl: '' };
  published = [];
  ctx.events.subscribe((recipients, event) => published.push({ recipients, event }));
});
afterEach(() => {
  opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const adam = (): UserRow => {
  const row = getUserByEmail(ctx.db, 'adam@sandbox.test');
  if (!row) throw new Error('no adam');
  return row;
};
const delivered = (event: ServerEvent | undefined) => ChannelFolderEvent.parse({ ...event, id: 1 });

describe('channel_folder events', () => {
  test('a new folder is added for every active user', () => {
    const id = createFolder(ctx, adam(), { name: 'Projects', description: 'Work in *progress*.' });
    expect(published).toHaveLength(1);
    expect(published[0]?.recipients).toEqual(activeUserIds(ctx.db));
    expect(delivered(published[0]?.event)).toMatchObject({
      op: 'add',
      channel_folder: { id, name: 'Projects', rendered_description: '<p>Work in <em>progress</em>.</p>', order: id, is_archived: false },
    });
  });

  test('an update sends one event per changed field', () => {
    const id = createFolder(ctx, adam(), { name: 'Drafts', description: '' });
    published = [];
    updateFolder(ctx, adam(), { channel_folder_id: id, name: 'Final', description: 'Done', is_archived: true });
    expect(published.map(({ event }) => delivered(event))).toMatchObject([
      { op: 'update', channel_folder_id: id, data: { name: 'Final' } },
      { op: 'update', channel_folder_id: id, data: { description: 'Done', rendered_description: '<p>Done</p>' } },
      { op: 'update', channel_folder_id: id, data: { is_archived: true } },
    ]);
  });

  test('an update that changes nothing publishes nothing', () => {
    const id = createFolder(ctx, adam(), { name: 'Same', description: 'Same' });
    published = [];
    updateFolder(ctx, adam(), { channel_folder_id: id, name: 'Same', description: 'Same', is_archived: false });
    expect(published).toEqual([]);
  });

  test('a reorder sends the whole new order', () => {
    const order = allFolderIds(ctx.db).reverse();
    reorderFolders(ctx, adam(), order);
    expect(delivered(published[0]?.event)).toMatchObject({ op: 'reorder', order });
  });
});

describe('unprintablePosition', () => {
  test('finds control characters, surrogates and non-characters by 1-based position, counting code points', () => {
    expect(unprintablePosition('plain name')).toBeUndefined();
    expect(unprintablePosition('tab\there')).toBe(4);
    expect(unprintablePosition('😀\u0000')).toBe(2);
    expect(unprintablePosition('a\uFFFE')).toBe(2);
    expect(unprintablePosition('a\uD800b')).toBe(2);
  });
});
