import { describe, expect, test } from 'vitest';
import { createDrafts, deleteDraft, editDraft, getDrafts } from './drafts';

const channelDraft = { type: 'stream', to: [3], topic: 'sync drafts', content: 'Let’s add backend support.' };
const parseCreate = (draft: object) => createDrafts.params.safeParse({ drafts: [draft] });

describe('create drafts (spec 11)', () => {
  test('a channel draft with one channel ID is accepted', () => {
    expect(parseCreate(channelDraft).success).toBe(true);
  });

  test('a channel draft with two channel IDs is rejected with the upstream message', () => {
    const result = parseCreate({ ...channelDraft, to: [3, 4] });
    expect(result.error?.issues[0]?.message).toBe('Must specify exactly 1 stream ID for stream messages');
  });

  test('a channel draft with no channel ID is rejected', () => {
    expect(parseCreate({ ...channelDraft, to: [] }).success).toBe(false);
  });

  test('a group direct-message draft may list several users', () => {
    expect(parseCreate({ type: 'private', to: [4, 10], topic: '', content: 'Hi both' }).success).toBe(true);
  });

  test('an unaddressed draft is accepted', () => {
    expect(parseCreate({ type: '', to: [], topic: '', content: 'Someday' }).success).toBe(true);
  });

  test('a null byte in the content is rejected', () => {
    expect(parseCreate({ ...channelDraft, content: 'a\0b' }).success).toBe(false);
  });

  test('a null byte in the topic is rejected', () => {
    expect(parseCreate({ ...channelDraft, topic: 'a\0b' }).success).toBe(false);
  });

  test('a draft ID is never sent on create', () => {
    const parsed = createDrafts.params.parse({ drafts: [{ ...channelDraft, id: 9 }] });
    expect(parsed.drafts[0]).not.toHaveProperty('id');
  });

  test('the reply lists the new IDs', () => {
    expect(createDrafts.reply.parse({ result: 'success', msg: '', ids: [1, 2, 3] }).ids).toEqual([1, 2, 3]);
  });
});

describe('other draft endpoints', () => {
  test('the upstream listing example parses', () => {
    const reply = {
      result: 'success',
      msg: '',
      count: 2,
      drafts: [
        { id: 1, type: 'stream', to: [3], topic: 'sync drafts', content: 'Backend support', timestamp: 1595479019 },
        { id: 2, type: 'private', to: [4], topic: '', content: 'What if…', timestamp: 1595479019 },
      ],
    };
    expect(getDrafts.reply.parse(reply).drafts[1]?.type).toBe('private');
  });

  test('an edit replaces the draft and checks it like a new one', () => {
    expect(editDraft.params.safeParse({ draft_id: 2, draft: { ...channelDraft, to: [1, 2] } }).success).toBe(false);
  });

  test('a delete names the draft in the path', () => {
    expect(deleteDraft.path).toBe('/drafts/{draft_id}');
  });
});
