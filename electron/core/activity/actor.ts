// Who the activity log names as the one who made a change (user changes, default settings and their
// copies, invitation campaigns): the signed-in user as the live state shows them (a rename shows at
// once), or as the account was saved when there is no state or it does not list them.
import type { AccountService } from '../accounts/accounts';
import type { RealmState } from '../session/realm-state';
import { describeUser } from '../users/change-words';

export function actorOf(accounts: Pick<AccountService, 'list'>, account: string, state: RealmState | null): string {
  const own = state?.users.get(state.ownUserId);
  if (own) return describeUser(own);
  const saved = accounts.list().find((candidate) => candidate.id === account);
  return saved ? `${saved.fullName} (${saved.email})` : 'Unknown user';
}
