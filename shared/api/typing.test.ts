import { describe, expect, test } from 'vitest';
import { setEditTypingStatus, setTypingStatus } from './typing';

const parse = (params: object) => setTypingStatus.params.safeParse(params);

describe('set typing status (spec 1)', () => {
  test('direct typing is the default type', () => {
    expect(parse({ op: 'start', to: [9, 10] }).success).toBe(true);
  });

  test('the type "private" is rejected (dropped at feature level 215)', () => {
    expect(parse({ type: 'private', op: 'start', to: [9] }).success).toBe(false);
  });

  test('channel typing with a channel ID and topic is accepted', () => {
    expect(parse({ type: 'channel', op: 'stop', stream_id: 7, topic: 'Castle' }).success).toBe(true);
  });

  test('channel typing without a channel ID is rejected with the upstream message', () => {
    const result = parse({ type: 'stream', op: 'start', topic: 'Castle' });
    expect(result.error?.issues[0]?.message).toBe("Missing 'stream_id' argument");
  });

  test('channel typing without a topic is rejected', () => {
    expect(parse({ type: 'channel', op: 'start', stream_id: 7 }).success).toBe(false);
  });

  test('direct typing without recipients is rejected', () => {
    expect(parse({ type: 'direct', op: 'start' }).success).toBe(false);
  });

  test('direct typing with an empty recipient list is rejected', () => {
    expect(parse({ op: 'start', to: [] }).success).toBe(false);
  });

  test('an op other than start or stop is rejected', () => {
    expect(parse({ op: 'pause', to: [9] }).success).toBe(false);
  });
});

describe('set typing status for editing (spec 2)', () => {
  test('the message is in the path and needs an op', () => {
    expect(setEditTypingStatus.path).toBe('/messages/{message_id}/typing');
    expect(setEditTypingStatus.params.safeParse({ message_id: 12 }).success).toBe(false);
  });
});
