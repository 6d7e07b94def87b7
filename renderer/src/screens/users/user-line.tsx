// A user's line in a bulk change's review (components/PlanGroup.tsx): name and role, and why when they
// cannot change.
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';

/** The key of a user's line. */
export const userKey = ({ user }: { user: User }) => user.user_id;

/** A user who stays as they are: their name and role, and why when they cannot change. */
export function userLine({ user, reason }: { user: User; reason?: string }) {
  return (
    <>
      <span className="plan-name">{user.full_name}</span> <span className="muted">{ROLE_NAMES[user.role]}</span>
      {reason && <p className="role-reason">{reason}</p>}
    </>
  );
}
