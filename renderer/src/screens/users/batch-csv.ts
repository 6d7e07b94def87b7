// A bulk job of the Users screen as CSV: one line per user with what was asked, what happened and why,
// for the administrator who reports on the change or works through its failures in a spreadsheet.
import { toCsv } from '../../../../shared/domain/csv';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import type { RoleChangeOutcome } from '../../../../shared/ipc';
import type { UserBatch } from '../../queries/users';
import type { UserLookup } from './users-by-id';

/** An outcome in words, in the panel and the file alike ("pending" is left only by a cancelled job). */
export const BATCH_OUTCOME_WORDS: Record<RoleChangeOutcome['outcome'], string> = { pending: 'Not done', changed: 'Changed', unchanged: 'Unchanged', failed: 'Failed' };

/** What the job asked for each user, in the words of its panel. */
function batchRequest(batch: UserBatch): string {
  if ('role' in batch) return `Change role to ${ROLE_NAMES[batch.role].toLowerCase()}`;
  return batch.active ? 'Reactivate' : 'Deactivate';
}

/** The job's results as CSV, in the job's order; the email from the realm's list when the user is in it. */
export function batchCsv(batch: UserBatch, users: UserLookup): { filename: string; csv: string } {
  const request = batchRequest(batch);
  const rows = batch.results.map((result) => {
    const user = users.get(result.userId);
    return [result.userId, result.fullName, user ? (user.delivery_email ?? user.email) : null, request, BATCH_OUTCOME_WORDS[result.outcome], result.reason];
  });
  const day = new Date(batch.startedAt).toISOString().slice(0, 10);
  const kind = 'role' in batch ? 'role-change' : batch.active ? 'reactivation' : 'deactivation';
  return { filename: `bulk-${kind}-${day}-${batch.id.slice(0, 8)}.csv`, csv: toCsv(['User ID', 'Name', 'Email', 'Request', 'Outcome', 'Reason'], rows) };
}
