// What a failed request means for a campaign, and how a stopped campaign explains itself. The
// distinction that matters is whether the server may have acted on the request: a reply (even an
// error) says it did or did not; no reply, or one the console cannot read, leaves it unknown, and
// the batch is checked with the server before anything is sent again.
import { z } from 'zod';
import { InvitationFailure } from '../../../shared/api';
import { ConsoleError } from '../errors';
import type { CampaignRecord } from './campaign-record';
import type { InvitationFailed } from './campaign-outcomes';
import { errorMessage } from '../../../shared/node/error-message';
import { grouped, plural } from '../../../shared/domain/plural';

export type Failure =
  /** INVITATION_FAILED: per-address reasons, or a limit. */
  | { kind: 'invitation'; msg: string; body: InvitationFailed }
  /** No reply: the request may or may not have arrived. */
  | { kind: 'network'; msg: string }
  /** 429 with a wait longer than the client waits itself: not taken. */
  | { kind: 'rate'; msg: string; retryAfterMs: number }
  /** The server refused the whole request (permissions, a channel, credentials): nothing was sent. */
  | { kind: 'refused'; msg: string; code: string }
  /** A reply the console cannot read, or its own bug: whether anything was sent is unknown. */
  | { kind: 'unknown'; msg: string };

const InvitationFailedExtra = z.object({
  errors: z.array(InvitationFailure),
  sent_invitations: z.boolean(),
  daily_limit_reached: z.boolean().default(false),
  license_limit_reached: z.boolean().default(false),
});

const UNREADABLE_CODES = new Set(['INVALID_REPLY', 'INTERNAL', 'ABORTED']);
/** Upstream's 401s: the key or the account stopped working. */
const SIGN_IN_CODES = new Set(['INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'UNAUTHORIZED', 'AUTHENTICATION_FAILED']);

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ConsoleError)) return { kind: 'unknown', msg: errorMessage(error) };
  const msg = error.message;
  if (error.code === 'INVITATION_FAILED') {
    const body = InvitationFailedExtra.safeParse(error.extra);
    return body.success ? { kind: 'invitation', msg, body: body.data } : { kind: 'unknown', msg };
  }
  if (error.code === 'NETWORK_ERROR') return { kind: 'network', msg };
  if (error.code === 'RATE_LIMIT_HIT') {
    const seconds = typeof error.extra.retryAfterSeconds === 'number' ? error.extra.retryAfterSeconds : 60;
    return { kind: 'rate', msg, retryAfterMs: Math.ceil(seconds * 1000) };
  }
  if (UNREADABLE_CODES.has(error.code)) return { kind: 'unknown', msg };
  // Everything else is an answer about the whole request (or, like INVALID_INPUT, came before it).
  return { kind: 'refused', msg, code: error.code };
}

export type StopCause = 'license' | 'refused' | 'unknown' | 'unchecked' | 'unread' | 'account';

export interface StopWords {
  /** The campaign's detail: what happened and what to do. */
  detail: string;
  /** What each address left unsent shows: the server's words where there are some. */
  reason: string;
}

/** Why a campaign stopped, with what to do next. `code` refines a refusal's advice. */
export function describeStop(cause: StopCause, msg: string, record: CampaignRecord, code?: string): StopWords {
  const left = record.addresses.filter((address) => address.outcome === 'pending').length;
  const unsent = `${left} ${left === 1 ? 'address was' : 'addresses were'} not sent`;
  switch (cause) {
    case 'license':
      return {
        detail: `The organization has no licences left for more users ("${msg}"), so the campaign stopped: ${unsent}. Free licences (deactivate accounts nobody uses, revoke pending invitations) or buy more, then use "Retry failed".`,
        reason: msg,
      };
    case 'refused':
      return { detail: `The server refused the invitations: "${msg}" ${refusalAdvice(msg, code)} ${capitalize(unsent)}.`, reason: msg };
    case 'unknown':
      return {
        detail: `The server's reply could not be read (${msg}), so the campaign stopped: ${unsent}. The last batch may or may not have arrived; "Retry failed" asks the server before sending it again.`,
        reason: 'Not sent: the campaign stopped on a reply it could not read.',
      };
    case 'unchecked':
      return {
        detail: `The console could not find out whether the last batch arrived (${msg}), so the campaign stopped: ${unsent}. "Retry failed" asks the server again before sending anything.`,
        reason: 'Not sent: the campaign stopped before it could check the last batch.',
      };
    case 'unread':
      return {
        detail: `The console could not read the organization's pending invitations and users (${msg}), so the campaign stopped: ${unsent}. It reads them before sending, so that nobody invited meanwhile is invited twice; "Retry failed" reads them again.`,
        reason: 'Not sent: the campaign stopped before it could check who was invited meanwhile.',
      };
    case 'account':
      return { detail: `${msg} Sign in to this organization again, then use "Retry failed": ${unsent}.`, reason: 'Not sent: the account was signed out.' };
  }
}

/** Why a campaign paused (by the user, or at the daily limit), with what to do next. */
export function describePause(reason: 'user' | 'daily_limit', record: CampaignRecord): string {
  const left = record.addresses.filter((address) => address.outcome === 'pending').length;
  // "1 of 4 addresses is", "70 of 120 addresses are": the verb agrees with the number still to send.
  const of = `${grouped(left)} of ${plural(record.addresses.length, 'address', 'addresses')} ${left === 1 ? 'is' : 'are'}`;
  if (reason === 'user') return `Paused. ${of} still to be sent; resume to send them.`;
  // The server says only that the limit is reached (https://zulip.com/api/send-invites,
  // daily_limit_reached), not what it is; upstream counts the organization's invitations of the last
  // 24 hours, and a server setting (not the organization's) sets the limit.
  return `The organization has reached the server’s daily invitation limit, which counts the invitations sent in the last 24 hours. ${of} still to be sent: resume once enough of those are 24 hours old, or ask whoever runs the server to raise the limit.`;
}

function refusalAdvice(msg: string, code: string | undefined): string {
  if (code !== undefined && SIGN_IN_CODES.has(code)) return 'Sign in to this organization again, then use "Retry failed".';
  if (msg.startsWith('Invalid channel ID')) return 'A channel chosen for the invitations is gone or cannot be used: start a new campaign without it.';
  if (msg.includes('permission to subscribe other users')) return 'Choose only default channels, or channels you may add subscribers to, in a new campaign.';
  if (msg.startsWith('Must be an organization')) return 'Invite with a role you may grant, in a new campaign.';
  if (msg === 'Insufficient permission') return 'Your account may not send invitations (or add people to a chosen group) in this organization.';
  return 'Fix the problem, then use "Retry failed" to send the rest.';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
