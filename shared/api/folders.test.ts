import { describe, expect, test } from 'vitest';
import {
  createChannelFolder,
  getChannelFolders,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
  reorderChannelFolders,
  updateChannelFolder,
} from './folders';

describe('create a channel folder (spec 8)', () => {
  const parse = (params: object) => createChannelFolder.params.safeParse(params);

  test('a 60-character name is accepted', () => {
    expect(parse({ name: 'n'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH), description: '' }).success).toBe(true);
  });

  test('a 61-character name is rejected', () => {
    expect(parse({ name: 'n'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH + 1), description: '' }).success).toBe(false);
  });

  test('an emoji counts as one character, as the server counts it', () => {
    expect(parse({ name: '📁'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH), description: '' }).success).toBe(true);
  });

  test('an empty name is rejected', () => {
    expect(parse({ name: '', description: '' }).success).toBe(false);
  });

  test('the description must be passed, even if empty', () => {
    expect(parse({ name: 'Engineering' }).success).toBe(false);
  });

  test('a description over 1024 characters is rejected', () => {
    const description = 'd'.repeat(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH + 1);
    expect(parse({ name: 'Engineering', description }).success).toBe(false);
  });

  test('the reply carries the new folder’s ID', () => {
    const reply = createChannelFolder.reply.parse({ result: 'success', msg: '', channel_folder_id: 3 });
    expect(reply.channel_folder_id).toBe(3);
  });
});

describe('other folder endpoints', () => {
  test('a listing with an archived folder and no order (before level 414) parses', () => {
    const folder = {
      id: 1,
      name: 'Old projects',
      description: '',
      rendered_description: '',
      creator_id: null,
      date_created: 1700000000,
      is_archived: true,
    };
    const reply = getChannelFolders.reply.parse({ result: 'success', msg: '', channel_folders: [folder] });
    expect(reply.channel_folders[0]?.is_archived).toBe(true);
  });

  test('an update can unarchive a folder by ID', () => {
    expect(updateChannelFolder.params.safeParse({ channel_folder_id: 1, is_archived: false }).success).toBe(true);
  });

  test('a reorder sends the folder IDs as a list', () => {
    expect(reorderChannelFolders.params.safeParse({ order: [3, 1, 2] }).success).toBe(true);
    expect(reorderChannelFolders.params.safeParse({ order: '3,1,2' }).success).toBe(false);
  });
});
