import { describe, expect, test } from 'vitest';
import { DEPRECATED, EMPTY_TOPIC_SINCE, FEATURE_LEVELS, hasFeature, TYPING_STREAM_ID_SINCE } from './features';

describe('feature levels', () => {
  test('the table has the spec’s twelve rows, each level once, in ascending order', () => {
    const levels = FEATURE_LEVELS.map((row) => row.level);
    expect(levels).toHaveLength(12);
    expect(levels).toEqual([...new Set(levels)].sort((a, b) => a - b));
  });

  test('the empty topic arrived at level 334 and the typing stream_id at 215', () => {
    expect(FEATURE_LEVELS.find((row) => row.level === EMPTY_TOPIC_SINCE)?.change).toMatch(/allow_empty_topic_name/);
    expect(FEATURE_LEVELS.find((row) => row.level === TYPING_STREAM_ID_SINCE)?.change).toMatch(/stream_id/);
  });

  test('a server has a feature from its level on', () => {
    expect(hasFeature(333, EMPTY_TOPIC_SINCE)).toBe(false);
    expect(hasFeature(334, EMPTY_TOPIC_SINCE)).toBe(true);
  });

  test('the deprecated list names endpoint 13 and the eight items of Versioning 6', () => {
    expect(DEPRECATED).toHaveLength(8);
    expect(DEPRECATED[0]?.name).toBe('POST /mark_topic_as_read');
  });
});
