// Users' presence as stored, in upstream's two formats: the modern one (keyed by user ID, two
// timestamps) and the legacy one (keyed by email, per client). The register snapshot's `presences`,
// POST /users/me/presence's reply and the presence event are built from these.
import { DEFAULT_PRESENCE_HISTORY_DAYS } from '../../shared/api';
import type { Db } from './connection';

/** upstream: the legacy format calls a user active when last active this close to last connected. */
const LEGACY_ACTIVE_OFFSET_SECONDS = 70;

export type PresenceStatus = 'active' | 'idle';

export interface PresenceRow {
  user_id: number;
  last_active_time: number | null;
  last_connected_time: number | null;
}

export interface PresenceUserRow extends PresenceRow {
  email: string;
  date_joined: number;
}

export interface ModernPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

export interface LegacyClientPresence {
  client: string;
  status: PresenceStatus;
  timestamp: number;
  pushable?: boolean;
}

const PRESENCE_USER_COLUMNS = 'SELECT p.user_id, p.last_active_time, p.last_connected_time, u.email, u.date_joined FROM presence p JOIN users u ON u.id = p.user_id';

/** One user's stored presence, with what both formats need of the user. */
export function presenceUserRow(db: Db, userId: number): PresenceUserRow | undefined {
  return db.prepare(`${PRESENCE_USER_COLUMNS} WHERE p.user_id = ?`).get(userId) as PresenceUserRow | undefined;
}

/** upstream user_presence_datetime_with_date_joined_default: never-set times read as the join date. */
function times(row: PresenceUserRow): { active: number; connected: number } {
  return { active: row.last_active_time ?? row.date_joined, connected: row.last_connected_time ?? row.date_joined };
}

export function modernPresence(row: PresenceUserRow): ModernPresence {
  const { active, connected } = times(row);
  return { active_timestamp: active, idle_timestamp: connected };
}

/** upstream format_legacy_presence_dict: one client, `website`, active or idle. */
export function legacyClientPresence(row: PresenceUserRow): Required<LegacyClientPresence> {
  const { active, connected } = times(row);
  const isActive = active + LEGACY_ACTIVE_OFFSET_SECONDS >= connected;
  return { client: 'website', status: isActive ? 'active' : 'idle', timestamp: isActive ? active : connected, pushable: false };
}

/** upstream get_legacy_user_presence_info: the client's entry plus `aggregated` (its latest). */
function legacyPresence(row: PresenceUserRow): Record<string, LegacyClientPresence> {
  const website = legacyClientPresence(row);
  return { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
}

export interface PresenceSnapshotOptions {
  /** spec 21 slim_presence: keyed by user ID in the modern format; otherwise by email, legacy. */
  slim: boolean;
  /** spec 21 presence_history_limit_days (default 14); 0 asks for none. */
  historyLimitDays?: number | undefined;
  /** UTC seconds (seconds(ctx.clock)). */
  now: number;
}

export type PresenceSnapshot = Record<string, ModernPresence | Record<string, LegacyClientPresence>>;

/**
 * upstream get_presence_dict_by_realm: the presence of active humans connected within the history
 * limit, in the register snapshot's `presences` shape and POST /users/me/presence's.
 */
export function presenceSnapshot(db: Db, options: PresenceSnapshotOptions): PresenceSnapshot {
  const days = options.historyLimitDays ?? DEFAULT_PRESENCE_HISTORY_DAYS;
  if (days === 0) return {};
  const rows = db
    .prepare(`${PRESENCE_USER_COLUMNS} WHERE u.is_active = 1 AND u.is_bot = 0 AND p.last_connected_time >= ? ORDER BY p.user_id`)
    .all(options.now - days * 86_400) as PresenceUserRow[];
  return Object.fromEntries(rows.map((row) => (options.slim ? [String(row.user_id), modernPresence(row)] : [row.email, legacyPresence(row)])));
}
