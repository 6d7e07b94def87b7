// Realistic replies for renderer tests, shaped like the sandbox's demo organization (docs/server.md).
import type { User } from '../../../shared/api/users';
import type { Account, RealmOverview } from '../../../shared/ipc';

export const olivia: Account = {
  id: 'acc-olivia',
  realmUrl: 'http://127.0.0.1:9991',
  realmName: 'Sandbox Realm',
  email: 'olivia@sandbox.test',
  userId: 1,
  fullName: 'Olivia Owner',
  role: 100,
  protection: 'encrypted',
  trust: { certificateAuthorities: [], certificateUnchecked: false, cleartext: false },
};

export const adam: Account = { ...olivia, id: 'acc-adam', email: 'adam@sandbox.test', userId: 2, fullName: 'Adam Admin', role: 200, realmName: 'Second Realm' };

export function user(id: number, fullName: string, role: User['role'] = 400): User {
  return {
    user_id: id,
    email: `user${id}@sandbox.test`,
    delivery_email: `user${id}@sandbox.test`,
    full_name: fullName,
    date_joined: '2024-01-01T00:00:00Z',
    is_active: true,
    is_owner: role === 100,
    is_admin: role === 100 || role === 200,
    is_guest: role === 600,
    is_bot: false,
    role,
    timezone: 'UTC',
  };
}

export const overview: RealmOverview = {
  realmName: 'Sandbox Realm',
  realmUrl: 'http://127.0.0.1:9991',
  featureLevel: 247,
  // Two of the members are bots.
  users: 7,
  usersByRole: { owner: 1, administrator: 1, moderator: 1, member: 3, guest: 1 },
  activeUsers: 7,
  deactivatedUsers: 0,
  humans: 5,
  bots: 2,
  channels: 6,
  archivedChannels: 1,
  folders: 2,
  pendingInvitations: { count: 3, whose: 'all' },
  reports: 4,
  moderationChannel: 'moderation',
};
