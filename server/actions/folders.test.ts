// The channel_folder events folder changes publish: upstream's add, update and reorder shapes, to every
// active user; and the printable-name rule folder and channel names share.
import { describe, expect, test } from 'vitest';
import { ChannelFolderEvent } from '../../shared/api';
import { allFolderIds } from '../db/folder-queries';
import { activeUserIds } from '../db/users';
import type { ServerEvent } from '../events/bus';
import { demoRealmForEachTest } from '../testing/in-process';
import { createFolder, reorderFolders, unprintablePosition, updateFolder } from './folders';

const realm = demoRealmForEachTest();

const delivered = (event: ServerEvent | undefined) => ChannelFolderEvent.parse({ ...event, id: 1 });

describe('channel_folder events', () => {
  test('a new folder is added for every active user', () => {
    const id = createFolder(realm.ctx, realm.user('adam'), { name: 'Projects', description: 'Work in *progress*.' });
    expect(realm.published).toHaveLength(1);
    expect(realm.published[0]?.recipients).toEqual(activeUserIds(realm.ctx.db));
    expect(delivered(realm.published[0]?.event)).toMatchObject({
      op: 'add',
      channel_folder: { id, name: 'Projects', rendered_description: '<p>Work in <em>progress</em>.</p>', order: id, is_archived: false },
    });
  });

  test('an update sends one event per changed field', () => {
    const id = createFolder(realm.ctx, realm.user('adam'), { name: 'Drafts', description: '' });
    realm.published.length = 0;
    updateFolder(realm.ctx, realm.user('adam'), { channel_folder_id: id, name: 'Final', description: 'Done', is_archived: true });
    expect(realm.published.map(({ event }) => delivered(event))).toMatchObject([
      { op: 'update', channel_folder_id: id, data: { name: 'Final' } },
      { op: 'update', channel_folder_id: id, data: { description: 'Done', rendered_description: '<p>Done</p>' } },
      { op: 'update', channel_folder_id: id, data: { is_archived: true } },
    ]);
  });

  test('an update that changes nothing publishes nothing', () => {
    const id = createFolder(realm.ctx, realm.user('adam'), { name: 'Same', description: 'Same' });
    realm.published.length = 0;
    updateFolder(realm.ctx, realm.user('adam'), { channel_folder_id: id, name: 'Same', description: 'Same', is_archived: false });
    expect(realm.published).toEqual([]);
  });

  test('a reorder sends the whole new order', () => {
    const order = allFolderIds(realm.ctx.db).reverse();
    reorderFolders(realm.ctx, realm.user('adam'), order);
    expect(delivered(realm.published[0]?.event)).toMatchObject({ op: 'reorder', order });
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
