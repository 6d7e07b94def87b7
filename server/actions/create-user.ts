// upstream POST /users: an administrator creates an account. The new user starts from the realm's
// default settings (spec 4), joins the default channels, and any pending invitation to the address is
// used up, as when an invited person signs up.
import type { createUserParams } from '../../shared/api';
import type { z } from 'zod';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import { insertUser } from '../db/create-user';
import { subscribe } from '../db/create-stream';
import { hashPassword } from '../db/passwords';
import { userObject } from '../db/user-queries';
import { adminUserIds, getUser, getUserByEmail, isAdmin, type UserRow } from '../db/users';
import { ACTIVE_USERS } from '../events/bus';
import { badRequest } from '../lib/errors';
import { checkFullName } from './users';
import { isValidEmail } from './invite-addresses';

type CreateUserParams = z.output<typeof createUserParams>;

export function createUser(ctx: ServerContext, actor: UserRow, params: CreateUserParams): { user_id: number } {
  const { db } = ctx;
  if (!isAdmin(actor)) throw badRequest('User not authorized to create users');
  const email = params.email.trim();
  if (!isValidEmail(email)) throw badRequest(`Invalid email '${email}'`);
  if (getUserByEmail(db, email)) throw badRequest(`Email '${email}' already in use`);
  const fullName = checkFullName(params.full_name);
  const now = seconds(ctx.clock);
  const created = db.transaction(() => {
    const id = insertUser(db, ctx.ids, { email, full_name: fullName, role: 400, date_joined: now, password_hash: params.password ? hashPassword(params.password) : null });
    const defaults = db.prepare('SELECT id FROM streams WHERE is_default = 1 AND is_archived = 0').pluck().all() as number[];
    const newest = (db.prepare('SELECT max(id) FROM messages').pluck().get() as number | null) ?? 0;
    for (const streamId of defaults) subscribe(db, streamId, [id], newest);
    const referrers = db
      .prepare("SELECT invited_by_user_id FROM invites WHERE lower(email) = lower(?) AND status = 'pending'")
      .pluck()
      .all(email) as number[];
    db.prepare("UPDATE invites SET status = 'accepted' WHERE lower(email) = lower(?) AND status = 'pending'").run(email);
    return { id, referrers };
  })();
  const row = getUser(db, created.id) as UserRow;
  // upstream notify_created_user: sent with empty custom profile data and client_gravatar off.
  const person = userObject(db, row, { id: actor.id, role: 100 }, { includeCustomProfileFields: true, profileData: new Map() });
  ctx.events.publish(ACTIVE_USERS, { type: 'realm_user', op: 'add', person });
  if (created.referrers.length > 0) ctx.events.publish([...adminUserIds(db), ...created.referrers], { type: 'invites_changed' });
  return { user_id: created.id };
}
