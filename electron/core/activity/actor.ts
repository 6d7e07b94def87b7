// Who made a change, as the activity log names them: "Olivia Owner (olivia@sandbox.test)", from the live
// state (a rename shows at once), else from the saved account.
import type { AccountService } from '../accounts/accounts';
import type { RealmState } from '../session/realm-state';
import { describeUser } from '../users/change-words';

export function actorOf(accounts: AccountService, account: string, state: RealmState): string {
  const own = state.users.get(state.ownUserId);
  if (own) return describeUser(own);
  const saved = accounts.list().find((candidate) => candidate.id === account);
  return saved ? `${saved.fullName} (${saved.email})` : 'Unknown user';
}
