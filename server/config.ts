// The sandbox server's options. Every CLI flag has a field here, so startServer accepts them all.
import { REALM_DEFAULTS_ENDPOINT_SINCE } from '../shared/api/realm-defaults-levels';

export type SeedName = 'demo' | 'large' | 'huge' | 'empty';

export interface ServerConfig {
  /** Invitations the realm may send in 24 hours (upstream's INVITES_DEFAULT_REALM_DAILY_MAX). */
  dailyInviteLimit: number;
  /** Active human accounts plus pending invitations the licence allows; null means unlimited. */
  licenseLimit: number | null;
  /** Whether a push notification service is configured (spec 14). */
  pushConfigured: boolean;
  /** An event queue not fetched from for this long is garbage-collected (spec: 10 minutes). */
  queueIdleMs: number;
  /** A long-poll with no events is answered with a heartbeat after this long (spec: 1 minute). */
  heartbeatMs: number;
  /** Requests per user per minute before RATE_LIMIT_HIT; null turns rate limiting off. */
  rateLimitPerMinute: number | null;
  /** Upload ceiling advertised as max_file_upload_size_mib. */
  maxFileUploadSizeMib: number;
  /** spec 22: how long an outgoing webhook's receiver may take to answer one request. */
  webhookTimeoutMs: number;
  /** spec 22: the wait before retrying a failed outgoing webhook request; doubled for each further retry. */
  webhookRetryDelayMs: number;
  /**
   * The feature level the server reports (register, GET /server_settings). Below SERVICE_FEATURE_LEVEL
   * it also acts as an older server for the user-settings defaults (spec 4): the settings upstream
   * added later are ignored and left out of the snapshot. Everything else behaves as at
   * SERVICE_FEATURE_LEVEL.
   */
  featureLevel: number;
}

/** The feature level this server implements (upstream Zulip 11.0 is 421; the spec goes up to 412+). */
export const SERVICE_FEATURE_LEVEL = 421;
export const SERVICE_VERSION = '11.0-sandbox';
/** The oldest level `featureLevel` may take: the level at which PATCH /realm/user_settings_defaults is new. */
export const OLDEST_FEATURE_LEVEL = REALM_DEFAULTS_ENDPOINT_SINCE;

/** Why a `featureLevel` cannot be used ("must be …"), or null when it can. */
export function featureLevelProblem(level: number): string | null {
  if (Number.isInteger(level) && level >= OLDEST_FEATURE_LEVEL && level <= SERVICE_FEATURE_LEVEL) return null;
  return `must be a whole number from ${OLDEST_FEATURE_LEVEL} (the oldest level with PATCH /realm/user_settings_defaults) to ${SERVICE_FEATURE_LEVEL} (the level this sandbox implements), not ${String(level)}.`;
}

export const DEFAULT_CONFIG: ServerConfig = {
  dailyInviteLimit: 100,
  licenseLimit: null,
  pushConfigured: false,
  queueIdleMs: 600_000,
  heartbeatMs: 60_000,
  rateLimitPerMinute: null,
  maxFileUploadSizeMib: 25,
  webhookTimeoutMs: 10_000,
  webhookRetryDelayMs: 1_000,
  featureLevel: SERVICE_FEATURE_LEVEL,
};

