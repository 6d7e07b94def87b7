// What a screen shows when no organization is selected: the accounts still loading, the reason they
// could not be read, or plainly that none is selected.
import { errorWords } from '../errors/words';
import { useAccounts } from '../queries/accounts';

export function NoAccount() {
  const accounts = useAccounts();
  if (accounts.isPending) return <p className="muted">Loading your organizations…</p>;
  const words = accounts.isError ? errorWords(accounts.error) : null;
  return (
    <div className="notice" role={words ? 'alert' : undefined}>
      <p>{words?.message ?? 'No organization is selected.'}</p>
      {words?.action && <p className="muted">{words.action}</p>}
    </div>
  );
}
