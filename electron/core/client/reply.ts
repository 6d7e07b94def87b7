// Reads a realm's HTTP reply: the endpoint's value, or the ConsoleError a screen can show. Replies are
// checked with the endpoint's zod schema here, at the edge (docs/ARCHITECTURE.md, "Contracts"), so a server that breaks the
// spec fails with the field it broke rather than somewhere in a screen; error envelopes keep the
// server's code and extra fields end to end.
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { parseErrorBody } from '../../../shared/api';
import { ConsoleError } from '../errors';

export interface ReplyContext {
  realmUrl: string;
  /** The endpoint as the spec writes it, e.g. "PATCH /users/{user_id}". */
  endpoint: string;
}

export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
}

/** The value of a success reply, or a thrown ConsoleError. 429s are handled before this (retryAfter). */
export function readReply<S extends z.ZodType>(reply: RawReply, schema: S, ctx: ReplyContext): z.output<S> {
  const body = parseJson(reply.text);
  if (body === undefined) {
    if (isOk(reply.status)) {
      throw new ConsoleError(
        'INVALID_REPLY',
        `${ctx.realmUrl} answered ${ctx.endpoint} with something that is not an API reply: it does not look like a team-chat server. Check the address.`,
        { httpStatus: reply.status, endpoint: ctx.endpoint },
      );
    }
    throw statusError(reply.status, ctx);
  }
  if (isErrorResult(body)) throw serverError(body, reply.status, ctx);
  if (!isOk(reply.status)) throw statusError(reply.status, ctx);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ConsoleError(
      'INVALID_REPLY',
      `${ctx.realmUrl} sent a reply to ${ctx.endpoint} that the API does not allow: ${describeIssues(parsed.error.issues)}`,
      { httpStatus: reply.status, endpoint: ctx.endpoint, issues: issueList(parsed.error.issues) },
    );
  }
  return parsed.data;
}

/**
 * A 429's wait in seconds: the Retry-After header (seconds, or an HTTP date), else the body's
 * `retry-after` (upstream sends both), else one second.
 */
export function retryAfterSeconds(reply: RawReply, now: number = Date.now()): number {
  const header = reply.headers.get('retry-after')?.trim();
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, (date - now) / 1000);
  }
  const body = parseJson(reply.text);
  const field = isObject(body) ? body['retry-after'] : undefined;
  if (typeof field === 'number' && Number.isFinite(field) && field >= 0) return field;
  return 1;
}

/** The RATE_LIMIT_HIT a caller gets once the retries are spent (or when the wait is too long). */
export function rateLimitError(reply: RawReply, ctx: ReplyContext, waitSeconds: number): ConsoleError {
  const body = parseJson(reply.text);
  const server = isErrorResult(body) ? parseErrorBody(body) : undefined;
  const { result: _result, code: _code, msg, ...extra } = server?.success ? server.data : { result: 'error', code: '', msg: '' };
  return new ConsoleError('RATE_LIMIT_HIT', msg || `${ctx.realmUrl} is limiting how fast the console may send requests.`, {
    ...extra,
    retryAfterSeconds: waitSeconds,
    httpStatus: reply.status,
    endpoint: ctx.endpoint,
  });
}

function serverError(body: Record<string, unknown>, status: number, ctx: ReplyContext): ConsoleError {
  const parsed = parseErrorBody(body);
  if (!parsed.success) {
    const said = typeof body.msg === 'string' && body.msg ? ` It said: "${body.msg}".` : '';
    return new ConsoleError(
      'INVALID_REPLY',
      `${ctx.realmUrl} sent an error reply to ${ctx.endpoint} that the API does not allow: ${describeIssues(parsed.error.issues)}.${said}`,
      { httpStatus: status, endpoint: ctx.endpoint, issues: issueList(parsed.error.issues) },
    );
  }
  const { result: _result, code, msg, ...extra } = parsed.data;
  return new ConsoleError(code, msg, { ...extra, httpStatus: status, endpoint: ctx.endpoint });
}

/**
 * An error status without the spec's error envelope: a proxy's or load balancer's own page. 502, 503
 * and 504 mean the realm's server is down or restarting behind its proxy, which is worth retrying, so
 * they are NETWORK_ERROR like an unreachable server; another 5xx is the server failing on this request
 * (it may have acted before it failed: request-fate.ts); anything else means the address is not an API.
 */
function statusError(status: number, ctx: ReplyContext): ConsoleError {
  const words = `${status} ${STATUS_CODES[status] ?? 'Unknown Status'}`;
  const extra = { httpStatus: status, endpoint: ctx.endpoint };
  if (status === 502 || status === 503 || status === 504) {
    return new ConsoleError(
      'NETWORK_ERROR',
      `${ctx.realmUrl} answered ${words}: the team-chat server behind it is down or restarting. Try again in a few minutes.`,
      extra,
    );
  }
  if (status >= 500) {
    return new ConsoleError(
      'INVALID_REPLY',
      `${ctx.realmUrl} failed while answering ${ctx.endpoint} (${words}): an error of the server's own. Try again; if it keeps failing, tell the server's administrators.`,
      extra,
    );
  }
  return new ConsoleError(
    'INVALID_REPLY',
    `${ctx.realmUrl} answered ${ctx.endpoint} with ${words}, not an API reply. Check that the address is your organization's server.`,
    extra,
  );
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function issueList(issues: readonly z.core.$ZodIssue[]): { path: string[]; message: string }[] {
  return issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isOk = (status: number) => status >= 200 && status < 300;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorResult(body: unknown): body is Record<string, unknown> {
  return isObject(body) && body.result === 'error';
}
