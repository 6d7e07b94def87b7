// Every error code of the spec's Errors table (docs/api.md) with its extra fields, plus the upstream
// codes the spec does not show (https://zulip.com/api/rest-error-handling; upstream's
// https://github.com/zulip/zulip/blob/main/zerver/lib/exceptions.py).
import { z } from 'zod';
import { errorEnvelope } from './envelope';
import { ChannelId } from './common';

/** One skipped address in INVITATION_FAILED: [email, reason, the account exists but is deactivated]. */
export const InvitationFailure = z.tuple([z.string(), z.string(), z.boolean()]);
export type InvitationFailure = z.infer<typeof InvitationFailure>;

export const errorSchemas = {
  // spec Errors table
  BAD_REQUEST: errorEnvelope('BAD_REQUEST', {}),
  STREAM_DOES_NOT_EXIST: errorEnvelope('STREAM_DOES_NOT_EXIST', {
    stream_id: ChannelId.optional(),
    /** Upstream names the channel instead when it was looked up by name. */
    stream: z.string().optional(),
  }),
  UNAUTHORIZED_PRINCIPAL: errorEnvelope('UNAUTHORIZED_PRINCIPAL', {}),
  INVITATION_FAILED: errorEnvelope('INVITATION_FAILED', {
    errors: z.array(InvitationFailure),
    sent_invitations: z.boolean(),
    daily_limit_reached: z.boolean(),
    license_limit_reached: z.boolean(),
  }),
  PUSH_SERVICE_NOT_CONFIGURED: errorEnvelope('PUSH_SERVICE_NOT_CONFIGURED', {}),
  // The spec lists no extra fields; upstream always adds the queue's ID.
  BAD_EVENT_QUEUE_ID: errorEnvelope('BAD_EVENT_QUEUE_ID', { queue_id: z.string().optional() }),
  // upstream authentication errors (HTTP 401)
  INVALID_API_KEY: errorEnvelope('INVALID_API_KEY', {}),
  USER_DEACTIVATED: errorEnvelope('USER_DEACTIVATED', {}),
  REALM_DEACTIVATED: errorEnvelope('REALM_DEACTIVATED', {}),
  UNAUTHORIZED: errorEnvelope('UNAUTHORIZED', {}),
  AUTHENTICATION_FAILED: errorEnvelope('AUTHENTICATION_FAILED', {}),
  // upstream rate limiting (HTTP 429 with a Retry-After header)
  RATE_LIMIT_HIT: errorEnvelope('RATE_LIMIT_HIT', { 'retry-after': z.number().nonnegative() }),
  // upstream parameter errors
  REQUEST_VARIABLE_MISSING: errorEnvelope('REQUEST_VARIABLE_MISSING', { var_name: z.string() }),
  REQUEST_VARIABLE_INVALID: errorEnvelope('REQUEST_VARIABLE_INVALID', {}),
  INVALID_JSON: errorEnvelope('INVALID_JSON', {}),
  BAD_NARROW: errorEnvelope('BAD_NARROW', {}),
  CANNOT_DEACTIVATE_LAST_USER: errorEnvelope('CANNOT_DEACTIVATE_LAST_USER', {
    is_last_owner: z.boolean().optional(),
    entity: z.string().optional(),
  }),
} as const;

export type KnownErrorCode = keyof typeof errorSchemas;
export const KNOWN_ERROR_CODES = Object.keys(errorSchemas) as KnownErrorCode[];

/** Codes the spec's Errors table names (the rest come from upstream). */
export const SPEC_ERROR_CODES = [
  'BAD_REQUEST',
  'STREAM_DOES_NOT_EXIST',
  'UNAUTHORIZED_PRINCIPAL',
  'INVITATION_FAILED',
  'PUSH_SERVICE_NOT_CONFIGURED',
  'BAD_EVENT_QUEUE_ID',
] as const satisfies readonly KnownErrorCode[];

export type ApiErrorBodyOf<C extends KnownErrorCode> = z.infer<(typeof errorSchemas)[C]>;

/** Any error body: a known code with its fields, or a code this client does not know yet. */
export const AnyErrorBody = z.looseObject({
  result: z.literal('error'),
  msg: z.string(),
  code: z.string(),
});
export type AnyErrorBody = z.infer<typeof AnyErrorBody>;

export type KnownErrorBody = { [C in KnownErrorCode]: ApiErrorBodyOf<C> }[KnownErrorCode];

/**
 * Parses an error body. A known code is checked against its own schema (so a broken INVITATION_FAILED
 * is reported, not half-used); an unknown code is accepted as a generic error.
 */
export function parseErrorBody(body: unknown): z.ZodSafeParseResult<AnyErrorBody> {
  const generic = AnyErrorBody.safeParse(body);
  if (!generic.success) return generic;
  const code = generic.data.code;
  if (!isKnownErrorCode(code)) return generic;
  return errorSchemas[code].safeParse(body) as z.ZodSafeParseResult<AnyErrorBody>;
}

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(errorSchemas, code);
}

/** HTTP status upstream uses for each code; anything else is 400. */
export const ERROR_HTTP_STATUS: Partial<Record<KnownErrorCode, number>> = {
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  REALM_DEACTIVATED: 401,
  UNAUTHORIZED: 401,
  AUTHENTICATION_FAILED: 401,
  RATE_LIMIT_HIT: 429,
};
