// The error envelope: every code of the spec's Errors table and the upstream codes, each checked with
// its own extra fields, so a client can rely on INVITATION_FAILED's `errors` or RATE_LIMIT_HIT's
// `retry-after` being there when the code says so.
import { describe, expect, test } from 'vitest';
import { ERROR_HTTP_STATUS, isKnownErrorCode, KNOWN_ERROR_CODES, parseErrorBody, SPEC_ERROR_CODES } from './errors';

const error = (code: string, extra: Record<string, unknown> = {}) => ({ result: 'error', msg: 'Something went wrong', code, ...extra });

describe('the error codes', () => {
  test('every code of the spec’s Errors table and every upstream code the console meets is known', () => {
    for (const code of SPEC_ERROR_CODES) expect(isKnownErrorCode(code)).toBe(true);
    for (const code of ['INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'UNAUTHORIZED', 'AUTHENTICATION_FAILED', 'RATE_LIMIT_HIT', 'REQUEST_VARIABLE_MISSING']) {
      expect(KNOWN_ERROR_CODES).toContain(code);
    }
  });

  test('authentication errors are 401 and the rate limit 429, as upstream sends them; the rest are 400', () => {
    for (const code of ['INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'UNAUTHORIZED', 'AUTHENTICATION_FAILED'] as const) {
      expect(ERROR_HTTP_STATUS[code]).toBe(401);
    }
    expect(ERROR_HTTP_STATUS.RATE_LIMIT_HIT).toBe(429);
    expect(ERROR_HTTP_STATUS.BAD_REQUEST).toBeUndefined();
  });
});

describe('parsing an error body', () => {
  test('RATE_LIMIT_HIT carries retry-after in seconds, and is refused without it', () => {
    const parsed = parseErrorBody(error('RATE_LIMIT_HIT', { 'retry-after': 2.5 }));
    expect(parsed.success && parsed.data['retry-after']).toBe(2.5);
    expect(parseErrorBody(error('RATE_LIMIT_HIT')).success).toBe(false);
    expect(parseErrorBody(error('RATE_LIMIT_HIT', { 'retry-after': -1 })).success).toBe(false);
  });

  test('REQUEST_VARIABLE_MISSING names the missing parameter in var_name, and is refused without it', () => {
    const parsed = parseErrorBody(error('REQUEST_VARIABLE_MISSING', { var_name: 'invitee_emails' }));
    expect(parsed.success && parsed.data.var_name).toBe('invitee_emails');
    expect(parseErrorBody(error('REQUEST_VARIABLE_MISSING')).success).toBe(false);
  });

  test('INVITATION_FAILED keeps each skipped address with its reason and the three flags', () => {
    const body = error('INVITATION_FAILED', {
      errors: [['ann@example.com', 'Already has an account.', false]],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    const parsed = parseErrorBody(body);
    expect(parsed.success && parsed.data.errors).toEqual([['ann@example.com', 'Already has an account.', false]]);
    // A broken one is reported, not half-used.
    expect(parseErrorBody({ ...body, errors: [['ann@example.com', 'Already has an account.']] }).success).toBe(false);
    expect(parseErrorBody({ ...body, sent_invitations: undefined }).success).toBe(false);
  });

  test('STREAM_DOES_NOT_EXIST keeps the channel it names, by ID (spec) or by name (upstream)', () => {
    const byId = parseErrorBody(error('STREAM_DOES_NOT_EXIST', { stream_id: 99 }));
    expect(byId.success && byId.data.stream_id).toBe(99);
    const byName = parseErrorBody(error('STREAM_DOES_NOT_EXIST', { stream: 'nowhere' }));
    expect(byName.success && byName.data.stream).toBe('nowhere');
  });

  test('BAD_EVENT_QUEUE_ID may name the queue, as upstream does', () => {
    const parsed = parseErrorBody(error('BAD_EVENT_QUEUE_ID', { queue_id: '1517975029:0' }));
    expect(parsed.success && parsed.data.queue_id).toBe('1517975029:0');
    expect(parseErrorBody(error('BAD_EVENT_QUEUE_ID')).success).toBe(true);
  });

  test('a code this client does not know yet is accepted as a generic error with its extra fields', () => {
    const parsed = parseErrorBody(error('SOMETHING_NEW', { detail: 7 }));
    expect(parsed.success && parsed.data).toMatchObject({ code: 'SOMETHING_NEW', detail: 7 });
  });

  test('a body that is not an error envelope is refused', () => {
    expect(parseErrorBody({ result: 'success' }).success).toBe(false);
    expect(parseErrorBody({ result: 'error', code: 'BAD_REQUEST' }).success).toBe(false);
    expect(parseErrorBody('Internal Server Error').success).toBe(false);
  });
});
