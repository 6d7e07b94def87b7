// Compare realms: a table of the settings × every signed-in realm (this one first), differences
// highlighted, and a filter for only the settings that differ. Each column follows its realm live.
import { useMemo, useState } from 'react';
import { valueWords } from '../../../../shared/domain/defaults-words';
import type { Account } from '../../../../shared/ipc';
import { errorWords } from '../../errors/words';
import { useAccounts } from '../../queries/accounts';
import { useAllDefaults } from '../../queries/defaults';
import { compareRows } from './compare-rows';
import { hostOf, otherRealms } from './realm-host';

export function CompareView({ account }: { account: Account }) {
  const all = useAccounts().data;
  const accounts = useMemo(() => [account, ...otherRealms(all ?? [], account)], [account, all]);
  const defaults = useAllDefaults(accounts);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  // 56 settings × a few realms: cheap enough to work out at every render.
  const { groups, differing } = compareRows(
    defaults.map((query) => query.data?.values ?? null),
    onlyDifferences,
  );

  return (
    <section className="compare" aria-labelledby="compare-title">
      <div className="section-head compare-head">
        <div>
          <h2 id="compare-title">Compare realms</h2>
          <p className="muted">
            The default settings of the {accounts.length} {accounts.length === 1 ? 'realm' : 'realms'} you are signed in to, as their servers have them now.{' '}
            {accounts.length === 1 && 'Sign in to another organization (the realm switcher’s “Add an organization…”) to compare.'}
          </p>
        </div>
        <label className="compare-filter">
          <input type="checkbox" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.target.checked)} />
          Only differences <span className="muted">({differing} {differing === 1 ? 'setting differs' : 'settings differ'})</span>
        </label>
      </div>
      <div className="panel compare-scroll">
        <table className="compare-table">
          <caption className="visually-hidden">Default settings by realm{onlyDifferences ? ', only the settings that differ' : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              {accounts.map((realm, index) => {
                const query = defaults[index];
                return (
                  <th key={realm.id} scope="col">
                    <span className="compare-realm">{realm.realmName}</span>
                    <span className="muted compare-who">
                      {hostOf(realm.realmUrl)} · {realm.email}
                    </span>
                    {query?.isPending && <span className="muted compare-who">Reading…</span>}
                    {query?.isError && <span className="compare-unavailable">Not available: {errorWords(query.error).message}</span>}
                    {query?.data && <span className="muted compare-who">Feature level {query.data.featureLevel}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          {groups.map(({ group, rows }) => (
            <tbody key={group.id}>
              <tr className="compare-group">
                <th scope="colgroup" colSpan={accounts.length + 1}>
                  {group.label}
                  {rows.length === 0 && <span className="muted"> — no differences</span>}
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={row.entry.name} data-differs={row.differs || undefined}>
                  <th scope="row">
                    {row.entry.label}
                    {row.differs && <span className="visually-hidden"> (differs)</span>}
                  </th>
                  {row.values.map((value, index) => {
                    const first = row.values.find((candidate) => candidate !== undefined);
                    const unlike = row.differs && value !== undefined && value !== first;
                    return (
                      <td key={accounts[index]?.id ?? index} data-unlike={unlike || undefined}>
                        {defaults[index]?.data ? valueWords(row.entry, value) : '—'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
