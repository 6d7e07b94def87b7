// The organization's linkifiers as stored (GET /realm/linkifiers, the register snapshot's
// `realm_linkifiers` and the realm_linkifiers event).
import type { RealmLinkifier } from '../../shared/api';
import type { Db } from './connection';

/** The linkifiers in the order they apply (register `realm_linkifiers`, GET /realm/linkifiers). */
export function linkifiersSnapshot(db: Db): RealmLinkifier[] {
  return db.prepare('SELECT pattern, url_template, id FROM linkifiers ORDER BY sort_order, id').all() as RealmLinkifier[];
}
