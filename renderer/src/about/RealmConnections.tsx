// Each signed-in organization's connection, for the diagnostics: its address, the feature level its
// server reported, its event queue's state (and why it is not live), and what it trusts beyond the
// system's defaults, the two consents as warnings. Each row names the account signed in to it, as two
// accounts on one organization are two rows (the copied report leaves the emails out; this is on screen).
import type { RealmDiagnostics } from '../../../shared/ipc';
import { useAccounts } from '../queries/accounts';

const STATES: Record<RealmDiagnostics['state'], string> = {
  connecting: 'Connecting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

export function RealmConnections({ realms }: { realms: RealmDiagnostics[] }) {
  const accounts = useAccounts();
  const emailOf = (account: string) => accounts.data?.find((candidate) => candidate.id === account)?.email ?? null;
  return (
    <section aria-labelledby="about-realms">
      <h3 id="about-realms">Organizations</h3>
      {realms.length === 0 ? (
        <p className="muted">Not signed in to any organization.</p>
      ) : (
        <table className="about-realms">
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Signed in as</th>
              <th scope="col">Address</th>
              <th scope="col">Feature level</th>
              <th scope="col">Event queue</th>
            </tr>
          </thead>
          <tbody>
            {realms.map((realm) => (
              <tr key={realm.account}>
                <th scope="row">{realm.realmName}</th>
                <td>{emailOf(realm.account) ?? <span className="muted">Not known</span>}</td>
                <td>
                  <code>{realm.realmUrl}</code>
                  <TrustNotes realm={realm} />
                </td>
                <td>{realm.featureLevel ?? 'Not known yet'}</td>
                <td data-state={realm.state}>
                  {STATES[realm.state]}
                  {realm.detail && <span className="about-detail">{realm.detail}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TrustNotes({ realm }: { realm: RealmDiagnostics }) {
  const { certificateAuthorities, certificateUnchecked, cleartext } = realm.trust;
  if (!certificateAuthorities.length && !certificateUnchecked && !cleartext) return null;
  return (
    <ul className="about-trust">
      {certificateAuthorities.length > 0 && <li>Trusts its own certificate authority: {certificateAuthorities.join(', ')}</li>}
      {certificateUnchecked && <li className="about-warning">Certificate not checked (you agreed)</li>}
      {cleartext && <li className="about-warning">Unencrypted http:// (you agreed)</li>}
    </ul>
  );
}
