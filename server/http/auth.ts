// HTTP Basic authentication with email:api_key (spec Authentication 1), with upstream's 401 bodies
// and its order of checks: a deactivated realm before a deactivated user.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { getUserByApiKey, type UserRow } from '../db/users';
import { ApiError } from '../lib/errors';
import { seconds } from '../lib/clock';

const ACTIVITY_WRITE_INTERVAL_S = 60;

export function authenticate(ctx: ServerContext, request: FastifyRequest): UserRow {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) {
    throw new ApiError('UNAUTHORIZED', 'Not logged in: API authentication or user session required', {}, {
      headers: { 'WWW-Authenticate': 'Basic realm="zulip"' },
    });
  }
  const user = getUserByApiKey(ctx.db, credentials.apiKey);
  if (!user || user.delivery_email.toLowerCase() !== credentials.email.toLowerCase()) {
    throw new ApiError('INVALID_API_KEY', 'Invalid API key');
  }
  const realm = ctx.db.prepare('SELECT deactivated FROM realm').get() as { deactivated: number };
  if (realm.deactivated) throw new ApiError('REALM_DEACTIVATED', 'This organization has been deactivated');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  noteActivity(ctx, user);
  return user;
}

export function basicCredentials(header: string | undefined): { email: string; apiKey: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { email: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

/** Records activity for include_subscribers=partial, writing at most once a minute per user. */
function noteActivity(ctx: ServerContext, user: UserRow): void {
  const now = seconds(ctx.clock);
  if (user.last_active !== null && now - user.last_active < ACTIVITY_WRITE_INTERVAL_S) return;
  ctx.db.prepare('UPDATE users SET last_active = ? WHERE id = ?').run(now, user.id);
}
