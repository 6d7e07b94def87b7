// Channels that read a signed-in realm's live state (the /register snapshot with every event applied).
// While the session is not live they answer from the last state it had; before its first snapshot they
// wait for the first try, and once a try has failed they fail at once with NOT_CONNECTED.
import { z } from 'zod';
import { CustomProfileField, User } from '../api/users';
import { AccountId, SessionStatus } from './push';

export const RealmOverview = z.object({
  realmName: z.string(),
  realmUrl: z.string(),
  featureLevel: z.int(),
  /**
   * Every user, counted as the Users & roles filters count them (shared/domain/user-counts.ts): by role,
   * by status and by kind, each group adding up to `users` (a bot or a deactivated user keeps its role).
   */
  users: z.int(),
  usersByRole: z.object({ owner: z.int(), administrator: z.int(), moderator: z.int(), member: z.int(), guest: z.int() }),
  activeUsers: z.int(),
  deactivatedUsers: z.int(),
  humans: z.int(),
  bots: z.int(),
  channels: z.int(),
  archivedChannels: z.int(),
  folders: z.int(),
  /**
   * The pending invitations the signed-in user can list, and whose they are: everyone's for owners and
   * administrators, their own for others (upstream GET /invites). Null when they may list none.
   */
  pendingInvitations: z.object({ count: z.int(), whose: z.enum(['all', 'own']) }).nullable(),
  /** Reports in the moderation request channel; null without one, or without access to it. */
  reports: z.int().nullable(),
  moderationChannel: z.string().nullable(),
});
export type RealmOverview = z.infer<typeof RealmOverview>;

const ForAccount = z.object({ account: AccountId }).strict();

export const realmChannels = {
  'session.status': { input: ForAccount, output: SessionStatus },
  /** Reconnect now instead of waiting for the next backoff step. */
  'session.reconnect': { input: ForAccount, output: z.null() },
  'realm.overview': { input: ForAccount, output: RealmOverview },
  'realm.users.list': { input: ForAccount, output: z.array(User) },
  /** The organization's custom profile fields, in display order: the names of users' `profile_data` entries. */
  'realm.profileFields': { input: ForAccount, output: z.array(CustomProfileField) },
  /** The current objects of these users (after a push named them). Unknown IDs are left out. */
  'realm.users.get': { input: z.object({ account: AccountId, ids: z.array(z.int()).max(50_000) }).strict(), output: z.array(User) },
} as const;
