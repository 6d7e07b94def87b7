// Parameters arrive as form strings; the parser decodes and validates them as upstream does.
import { describe, expect, test } from 'vitest';
import { getMessagesParams, sendInvitesParams, updateChannelParams, updateUserParams } from '../../shared/api';
import { thrownApiError } from '../testing/api-error';
import { parseParams } from './params';

describe('parameter parsing', () => {
  test('integers, booleans and lists arrive as JSON inside form values', () => {
    const { params } = parseParams(sendInvitesParams, {
      invitee_emails: 'a@x.test, b@x.test',
      stream_ids: '[1,2]',
      invite_as: '600',
      include_realm_default_subscriptions: 'true',
    });
    expect(params).toMatchObject({ invitee_emails: 'a@x.test, b@x.test', stream_ids: [1, 2], invite_as: 600, include_realm_default_subscriptions: true });
  });

  test('a string parameter keeps its value even when it looks like JSON', () => {
    const { params } = parseParams(updateUserParams, { user_id: '5', full_name: '123' });
    expect(params.full_name).toBe('123');
  });

  test('a parameter that may be a string or a number keeps words as words', () => {
    expect(parseParams(updateChannelParams, { stream_id: '1', message_retention_days: 'unlimited' }).params.message_retention_days).toBe('unlimited');
    expect(parseParams(updateChannelParams, { stream_id: '1', message_retention_days: '30' }).params.message_retention_days).toBe(30);
  });

  test('null is accepted where the spec allows it', () => {
    expect(parseParams(updateChannelParams, { stream_id: '1', folder_id: 'null' }).params.folder_id).toBeNull();
  });

  test('a missing required parameter is REQUEST_VARIABLE_MISSING naming it', () => {
    const error = thrownApiError(() => parseParams(sendInvitesParams, { invitee_emails: 'a@x.test' }));
    expect(error.body()).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'stream_ids' argument", var_name: 'stream_ids' });
  });

  test('a value outside the allowed ones is refused in upstream\'s words', () => {
    expect(thrownApiError(() => parseParams(sendInvitesParams, { invitee_emails: 'a@x.test', stream_ids: '[]', invite_as: '250' })).message).toBe('Invalid invite_as');
  });

  test('a non-number where a number belongs says so', () => {
    expect(thrownApiError(() => parseParams(updateUserParams, { user_id: '5', role: '"admin"' })).message).toBe('Invalid role');
    expect(thrownApiError(() => parseParams(sendInvitesParams, { invitee_emails: 'a', stream_ids: '{"a":1}' })).message).toBe('stream_ids is not a list');
  });

  test('malformed JSON is a clear error, not a crash', () => {
    expect(thrownApiError(() => parseParams(sendInvitesParams, { invitee_emails: 'a', stream_ids: '[1,' })).message).toBe('stream_ids is not valid JSON');
  });

  test('too long a text gives the limit', () => {
    const error = thrownApiError(() => parseParams(sendInvitesParams, { invitee_emails: 'a', stream_ids: '[]', welcome_message_custom_text: 'x'.repeat(8001) }));
    expect(error.message).toBe('welcome_message_custom_text is too long (limit: 8000 characters)');
  });

  test('parameters the endpoint does not know are listed, not rejected', () => {
    const { ignored } = parseParams(updateUserParams, { user_id: '5', full_name: 'New Name', colour: 'blue', nickname: 'x' });
    expect(ignored).toEqual(['colour', 'nickname']);
  });

  test("an endpoint's own rules give their message", () => {
    const error = thrownApiError(() => parseParams(getMessagesParams, { num_before: '3000', num_after: '3000', anchor: 'newest' }));
    expect(error.message).toBe('Too many messages requested (maximum 5000).');
  });
});
