import { describe, expect, test } from 'vitest';
import { MAX_STATUS_TEXT_LENGTH, updateStatus, UserStatus } from './status';

const parse = (params: object) => updateStatus.params.safeParse(params);

describe('update your status (spec 10)', () => {
  test('a 60-character status text is accepted', () => {
    expect(parse({ status_text: 's'.repeat(MAX_STATUS_TEXT_LENGTH) }).success).toBe(true);
  });

  test('a 61-character status text is rejected', () => {
    expect(parse({ status_text: 's'.repeat(MAX_STATUS_TEXT_LENGTH + 1) }).success).toBe(false);
  });

  test('emoji in the status text count as one character each', () => {
    expect(parse({ status_text: '🌴'.repeat(MAX_STATUS_TEXT_LENGTH) }).success).toBe(true);
  });

  test('the empty string clears the status', () => {
    expect(parse({ status_text: '' }).success).toBe(true);
  });

  test('an emoji code without an emoji name is rejected with the upstream message', () => {
    const result = parse({ emoji_code: '1f697' });
    expect(result.error?.issues[0]?.message).toBe(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
  });

  test('a reaction type without an emoji name is rejected', () => {
    expect(parse({ reaction_type: 'unicode_emoji' }).success).toBe(false);
  });

  test('a full emoji is accepted', () => {
    expect(parse({ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' }).success).toBe(true);
  });

  test('a request with no values is rejected', () => {
    expect(parse({}).success).toBe(false);
  });

  test('a status with only some parts set parses', () => {
    expect(UserStatus.parse({ status_text: 'on vacation' }).status_text).toBe('on vacation');
  });
});
