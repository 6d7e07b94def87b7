// How long a channel keeps its messages (spec 3 `message_retention_days`): the organization's default
// (null), forever (-1) or a number of days, in words, read from what an administrator types, and the
// rule that only owners change it (upstream OrganizationOwnerRequiredError).
import type { Role } from '../api/common';
import type { RuleVerdict } from './role-rules';

/** A channel's `message_retention_days`: null inherits the organization's, -1 is forever. */
export type Retention = number | null;
export const RETAIN_FOREVER = -1;

/** The largest number of days the servers store (a 32-bit integer). */
const MAX_DAYS = 2_147_483_647;

export function daysWords(days: number): string {
  return days === 1 ? '1 day' : `${days.toLocaleString('en')} days`;
}

/** The organization's own setting (register `realm_message_retention_days`, -1 forever) in words. */
export function realmRetentionWords(realmDays: number | null): string {
  if (realmDays === null) return 'the organization’s setting';
  return realmDays === RETAIN_FOREVER ? 'forever' : daysWords(realmDays);
}

/** For the list and the editor: "Forever", "30 days", "Organization default (forever)". */
export function retentionWords(value: Retention, realmDays: number | null): string {
  if (value === null) return realmDays === null ? 'Organization default' : `Organization default (${realmRetentionWords(realmDays)})`;
  return value === RETAIN_FOREVER ? 'Forever' : daysWords(value);
}

/** How long messages are kept, after "kept": "for 30 days", "forever" (a number of days, or -1). */
export function keptWords(days: number): string {
  return days === RETAIN_FOREVER ? 'forever' : `for ${daysWords(days)}`;
}

/** The days the channel actually keeps messages for (-1: forever, null: not known). */
export function effectiveRetention(value: Retention, realmDays: number | null): number | null {
  return value === null ? realmDays : value;
}

export type DaysInput = { ok: true; days: number } | { ok: false; problem: string };

/** A number of days as typed: a whole number of at least 1. */
export function parseRetentionDays(text: string): DaysInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'Enter a number of days.' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'Enter a whole number of days, such as 90.' };
  const days = Number(trimmed);
  if (days < 1) return { ok: false, problem: 'Keep messages for at least 1 day, or choose Forever.' };
  if (days > MAX_DAYS) return { ok: false, problem: `The most a server accepts is ${MAX_DAYS.toLocaleString('en')} days; choose Forever instead.` };
  return { ok: true, days };
}

export function checkRetentionChange(actorRole: Role): RuleVerdict {
  return actorRole === 100 ? { allowed: true } : { allowed: false, reason: 'Only organization owners can change how long messages are kept.' };
}

/**
 * What a shorter retention deletes, said before it is sent: null when nothing is lost (longer, or
 * the same). Deleted messages cannot be brought back.
 */
export function retentionLoss(before: Retention, after: Retention, realmDays: number | null): string | null {
  const days = daysLost(before, after, realmDays);
  return days === null ? null : `Messages older than ${daysWords(days)} will be deleted for good the next time the server removes expired messages.`;
}

/** The days a change keeps messages for when it keeps fewer than before (so older ones are deleted); null when it keeps as many or more. */
export function daysLost(before: Retention, after: Retention, realmDays: number | null): number | null {
  const was = effectiveRetention(before, realmDays);
  const will = effectiveRetention(after, realmDays);
  if (will === null || will === RETAIN_FOREVER) return null;
  if (was !== null && was !== RETAIN_FOREVER && was <= will) return null;
  return will;
}
