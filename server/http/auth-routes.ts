// spec 6: fetch an API key with a username and password.
import { fetchApiKey } from '../../shared/api';
import { getUserByEmail } from '../db/users';
import { verifyPassword } from '../db/passwords';
import type { RouteModule } from './route';
import { ApiError } from '../lib/errors';

export const authRoutes: RouteModule = (routes, ctx) => {
  routes.anonymous(fetchApiKey, (_actor, { username, password }) => {
    const user = getUserByEmail(ctx.db, username);
    // Unknown users and wrong passwords get the same answer, so addresses cannot be probed.
    if (!user || user.is_bot || !verifyPassword(password, user.password_hash)) {
      throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
    }
    const realm = ctx.db.prepare('SELECT deactivated FROM realm').get() as { deactivated: number };
    if (realm.deactivated) throw new ApiError('REALM_DEACTIVATED', 'This organization has been deactivated');
    if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
    return { api_key: user.api_key, email: user.delivery_email, user_id: user.id };
  });
};
