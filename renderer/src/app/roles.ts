// Role names as the spec's role numbers (spec: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest).
import type { Role } from '../../../shared/api/common';

export const ROLE_NAMES: Record<Role, string> = {
  100: 'Owner',
  200: 'Administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};
