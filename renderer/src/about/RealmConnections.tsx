// Each signed-in organization's connection, for the diagnostics: its address, the feature level its
// server reported, its event queue's state (and why it is not live), and what it trusts beyond the
// system's defaults, the two consents as warnings.
import type { RealmDiagnostics } from '../../../shared/ipc';

const STATES: Record<RealmDiagnostics['state'], string> = {
  connecting: 'Connecting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

export function RealmConnections({ realms }: { realms: RealmDiagnostics[] }) {
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
              <th scope="col">Address</th>
              <th scope="col">Feature level</th>
              <th scope="col">Event queue</th>
            </tr>
          </thead>
          <tbody>
            {realms.map((realm) => (
              <tr key={realm.account}>
                <th scope="row">{realm.realmName}</th>
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
