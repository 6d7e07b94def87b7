// Presence (upstream; the spec names the register `presences` and the `presence` event): when each
// user was last active and last connected. upstream: zerver/views/presence.py
// update_active_status_backend, zerver/actions/presence.py, zerver/lib/presence.py.
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import {
  legacyClientPresence,
  modernPresence,
  presenceSnapshot,
  presenceUserRow,
  type PresenceRow,
  type PresenceSnapshot,
  type PresenceStatus,
  type PresenceUserRow,
} from '../db/presence-queries';
import { activeUserCount, userSettings, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { ACTIVE_USERS, type ServerEvent } from '../events/bus';

/** upstream settings: clients treat a user as offline this long after their last check-in. */
export const OFFLINE_THRESHOLD_SECS = 200;
/** upstream settings: how often clients report presence. */
export const PRESENCE_PING_INTERVAL_SECS = 60;
/** upstream: a stored time is rewritten only when the new report is at least this much newer. */
const PRESENCE_UPDATE_MIN_FREQ_SECONDS = 55;
/** upstream USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS: bigger organizations get no presence events. */
export const USER_LIMIT_FOR_PRESENCE_EVENTS = 100;

/**
 * The one canonical presence event: upstream's legacy shape plus `_modern`, from which
 * server/events/delivery.ts builds the modern event for simplified_presence_events clients.
 */
export function presenceEvent(row: PresenceUserRow, serverTimestamp: number): ServerEvent {
  const website = legacyClientPresence(row);
  return {
    type: 'presence',
    user_id: row.user_id,
    email: row.email,
    server_timestamp: serverTimestamp,
    presence: { [website.client]: website },
    _modern: { [String(row.user_id)]: modernPresence(row) },
  };
}

/**
 * upstream do_update_user_presence: records the report and says whether others should hear of it now.
 * A first report, or becoming active after missing check-ins, is announced; the rest clients learn by
 * polling. Times are rewritten at most about once a minute.
 */
export function recordPresence(db: Db, userId: number, status: PresenceStatus, now: number): boolean {
  const row = db.prepare('SELECT * FROM presence WHERE user_id = ?').get(userId) as PresenceRow | undefined;
  const active = status === 'active';
  if (!row) {
    db.prepare('INSERT INTO presence (user_id, last_active_time, last_connected_time) VALUES (?, ?, ?)').run(userId, active ? now : null, now);
    return true;
  }
  // A user never seen counts as away for a day, so their first activity is news.
  const sinceActive = row.last_active_time === null ? 86_400 : now - row.last_active_time;
  const sinceConnected = row.last_connected_time === null ? 86_400 : now - row.last_connected_time;
  const becameOnline = active && sinceActive > OFFLINE_THRESHOLD_SECS - PRESENCE_PING_INTERVAL_SECS - 10;
  let { last_active_time: lastActive, last_connected_time: lastConnected } = row;
  if (sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECONDS) lastConnected = now;
  if (active && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
    lastActive = now;
    // last_connected_time is never older than last_active_time
    if (lastConnected === null || now > lastConnected) lastConnected = now;
  }
  if (lastActive !== row.last_active_time || lastConnected !== row.last_connected_time) {
    db.prepare('UPDATE presence SET last_active_time = ?, last_connected_time = ? WHERE user_id = ?').run(lastActive, lastConnected, userId);
  }
  return becameOnline;
}

export interface PresenceReport {
  status: string;
  ping_only: boolean;
  new_user_input: boolean;
  slim_presence: boolean;
  history_limit_days?: number | undefined;
}

export type PresenceReply = {
  presences?: PresenceSnapshot;
  server_timestamp?: number;
};

/** upstream update_active_status_backend: record the report, then (unless ping_only) everyone's presence. */
export function reportPresence(ctx: ServerContext, actor: UserRow, report: PresenceReport): PresenceReply {
  // upstream @human_users_only
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (report.status !== 'active' && report.status !== 'idle') throw badRequest(`Invalid status: ${report.status}`);
  const now = seconds(ctx.clock);
  const announce = ctx.db.transaction(() => {
    // upstream update_user_activity_interval: new input is activity (register's include_subscribers=partial)
    if (report.new_user_input) ctx.db.prepare('UPDATE users SET last_active = ? WHERE id = ?').run(now, actor.id);
    // A user who turned presence off is not recorded at all.
    if (userSettings(actor).presence_enabled === false) return false;
    return recordPresence(ctx.db, actor.id, report.status as PresenceStatus, now);
  })();
  if (announce) publishPresence(ctx, actor.id);
  if (report.ping_only) return {};
  return {
    presences: presenceSnapshot(ctx.db, { slim: report.slim_presence, historyLimitDays: report.history_limit_days, now }),
    server_timestamp: ctx.clock.now() / 1000,
  };
}

/** upstream send_presence_changed: to every active user, unless the organization is too big. */
function publishPresence(ctx: ServerContext, userId: number): void {
  if (activeUserCount(ctx.db) > USER_LIMIT_FOR_PRESENCE_EVENTS) return;
  const row = presenceUserRow(ctx.db, userId);
  if (!row) return;
  ctx.events.publish(ACTIVE_USERS, presenceEvent(row, ctx.clock.now() / 1000));
}
