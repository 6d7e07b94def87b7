// --seed empty: the organization, its system groups and bots, and one owner to administer it.
import type { SeedContext } from './seed-context';
import { createRealm, EMAIL_DOMAIN } from './realm';
import { insertUser } from '../db/create-user';
import { hashPassword } from '../db/passwords';

export function seedEmpty({ db, ids, now }: SeedContext): void {
  createRealm(db, ids, now);
  insertUser(db, ids, {
    email: `olivia@${EMAIL_DOMAIN}`,
    full_name: 'Olivia Owner',
    role: 100,
    date_joined: now,
    password_hash: hashPassword('sandbox'),
  });
}
