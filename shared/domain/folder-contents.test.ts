import { expect, test } from 'vitest';
import { contentsOf, contentsWords, folderContents, isEmptyFolder } from './folder-contents';

test('archived channels are counted apart, and a folder holding only one is not empty', () => {
  const contents = folderContents([{ folder_id: 1 }, { folder_id: 1 }, { folder_id: 2, is_archived: true }, { folder_id: null }, {}]);
  expect(contentsOf(contents, 1)).toEqual({ active: 2, archived: 0 });
  expect(contentsOf(contents, 2)).toEqual({ active: 0, archived: 1 });
  expect(isEmptyFolder(contentsOf(contents, 2))).toBe(false);
  expect(isEmptyFolder(contentsOf(contents, 3))).toBe(true);
});

test('the words name the archived channels beside the others', () => {
  expect(contentsWords({ active: 0, archived: 0 })).toBe('0 channels');
  expect(contentsWords({ active: 1, archived: 0 })).toBe('1 channel');
  expect(contentsWords({ active: 0, archived: 1 })).toBe('1 archived channel');
  expect(contentsWords({ active: 2, archived: 3 })).toBe('2 channels and 3 archived channels');
});
