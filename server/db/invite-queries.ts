// The invites table (upstream's PreregistrationUser + Confirmation): one row per invited address.
// Revoked rows are kept, marked 'revoked', because the invitations they sent still count against the
// daily limit (upstream counts sends in a statistic that revoking does not lower).
import type { Invite } from '../../shared/api';
import type { Db } from './connection';

export interface InviteRow {
  id: number;
  email: string;
  invited_by_user_id: number;
  invited: number;
  expiry_date: number | null;
  invited_as: Invite['invited_as'];
  stream_ids: string;
  group_ids: string;
  include_realm_default_subscriptions: number;
  notify_referrer_on_join: number;
  welcome_message_custom_text: string | null;
  status: 'pending' | 'revoked' | 'accepted';
  sends: number;
  last_sent: number;
}

export interface NewInvite {
  email: string;
  invited_by_user_id: number;
  now: number;
  expiry_date: number | null;
  invited_as: number;
  stream_ids: readonly number[];
  group_ids: readonly number[];
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  welcome_message_custom_text: string | null;
}

export const SECONDS_PER_DAY = 86_400;

export function insertInvite(db: Db, invite: NewInvite): number {
  const result = db
    .prepare(
      `INSERT INTO invites (email, invited_by_user_id, invited, expiry_date, invited_as, stream_ids, group_ids,
         include_realm_default_subscriptions, notify_referrer_on_join, welcome_message_custom_text, status, sends, last_sent)
       VALUES (@email, @invited_by_user_id, @now, @expiry_date, @invited_as, @stream_ids, @group_ids,
         @include_realm_default_subscriptions, @notify_referrer_on_join, @welcome_message_custom_text, 'pending', 1, @now)`,
    )
    .run({
      ...invite,
      stream_ids: JSON.stringify(invite.stream_ids),
      group_ids: JSON.stringify(invite.group_ids),
      include_realm_default_subscriptions: invite.include_realm_default_subscriptions ? 1 : 0,
      notify_referrer_on_join: invite.notify_referrer_on_join ? 1 : 0,
    });
  return Number(result.lastInsertRowid);
}

export function getInvite(db: Db, id: number): InviteRow | undefined {
  return db.prepare('SELECT * FROM invites WHERE id = ?').get(id) as InviteRow | undefined;
}

/** Pending and not expired: what GET /invites lists and what can be revoked or resent. */
export function isPending(invite: Pick<InviteRow, 'status' | 'expiry_date'>, now: number): boolean {
  return invite.status === 'pending' && (invite.expiry_date === null || invite.expiry_date > now);
}

const PENDING = `status = 'pending' AND (expiry_date IS NULL OR expiry_date > @now)`;

/** Pending invitations, every inviter's, or one inviter's when `invitedBy` is given; oldest first. */
export function pendingInvites(db: Db, now: number, invitedBy?: number): InviteRow[] {
  if (invitedBy === undefined) {
    return db.prepare(`SELECT * FROM invites WHERE ${PENDING} ORDER BY id`).all({ now }) as InviteRow[];
  }
  return db.prepare(`SELECT * FROM invites WHERE ${PENDING} AND invited_by_user_id = @invitedBy ORDER BY id`).all({ now, invitedBy }) as InviteRow[];
}

export function countPendingInvites(db: Db, now: number): number {
  return db.prepare(`SELECT count(*) FROM invites WHERE ${PENDING}`).pluck().get({ now }) as number;
}

/**
 * Invitation emails sent in the 24 hours before `now`, resends included (upstream's
 * invites_sent::day). The table keeps only the first and the latest send of each row: an invitation
 * first sent inside the window has all its sends inside it; one first sent earlier but resent inside
 * it counts once, which undercounts only when it was resent more than once in the window.
 */
export function invitationsSentSince(db: Db, now: number): number {
  const since = now - SECONDS_PER_DAY;
  return db
    .prepare(
      `SELECT coalesce(sum(CASE WHEN invited > @since THEN sends WHEN last_sent > @since THEN 1 ELSE 0 END), 0)
       FROM invites WHERE invited > @since OR last_sent > @since`,
    )
    .pluck()
    .get({ since }) as number;
}

export function revokeInvite(db: Db, id: number): void {
  db.prepare(`UPDATE invites SET status = 'revoked' WHERE id = ?`).run(id);
}

export function recordResend(db: Db, id: number, now: number): void {
  db.prepare('UPDATE invites SET sends = sends + 1, last_sent = ? WHERE id = ?').run(now, id);
}

/** Upstream's email invitation object (GET /invites). */
export function inviteObject(row: InviteRow): Invite {
  return {
    id: row.id,
    invited_by_user_id: row.invited_by_user_id,
    invited: row.invited,
    expiry_date: row.expiry_date,
    invited_as: row.invited_as,
    email: row.email,
    is_multiuse: false,
    notify_referrer_on_join: Boolean(row.notify_referrer_on_join),
  };
}
