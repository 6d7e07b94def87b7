// What the check found, per address, before anything is sent: counts by result (which filter the
// list), and every address with the core's reason. Addresses that cannot be invited are still sent
// (unless they are duplicates), so the report says what the server itself made of each one.
import { useMemo, useState } from 'react';
import type { AddressCheck, CheckedAddress } from '../../../../../shared/ipc';
import { AddressTable, type Column } from '../AddressTable';
import { FilterChips, type Chip } from '../FilterChips';
import { CHECK_LABELS, plural } from '../words';

const ORDER: AddressCheck[] = ['ok', 'member', 'deactivated', 'invalid', 'duplicate'];
const TONE: Record<AddressCheck, string> = { ok: 'good', member: 'neutral', deactivated: 'bad', invalid: 'bad', duplicate: 'neutral' };

const COLUMNS: Column<CheckedAddress>[] = [
  { width: '32%', header: 'Address', cell: (row) => row.email, className: 'inv-cell-address' },
  { width: '20%', header: 'Name', cell: (row) => row.name ?? '', className: 'inv-cell-name' },
  { width: '18%', header: 'Check', cell: (row) => <span className="inv-status" data-tone={TONE[row.check]}>{CHECK_LABELS[row.check]}</span> },
  { width: '30%', header: 'Why', cell: (row) => row.reason ?? '', className: 'inv-cell-reason' },
];

export function CheckResults({ checked }: { checked: CheckedAddress[] }) {
  const [filter, setFilter] = useState<AddressCheck | 'all'>('all');
  const counts = useMemo(() => {
    const byCheck = Object.fromEntries(ORDER.map((check) => [check, 0])) as Record<AddressCheck, number>;
    for (const address of checked) byCheck[address.check]++;
    return byCheck;
  }, [checked]);
  const rows = useMemo(() => (filter === 'all' ? checked : checked.filter((address) => address.check === filter)), [checked, filter]);
  const chips: Chip<AddressCheck>[] = ORDER.map((check) => ({ key: check, label: CHECK_LABELS[check], count: counts[check], tone: TONE[check] }));
  const problems = checked.length - counts.ok - counts.duplicate;

  return (
    <div className="inv-check-results">
      <p role="status">
        {plural(counts.ok, 'address can', 'addresses can')} be invited
        {problems > 0 && `; ${plural(problems, 'address', 'addresses')} cannot (they are still sent, and the report will give the server’s reason)`}
        {counts.duplicate > 0 && `; ${plural(counts.duplicate, 'duplicate', 'duplicates')} will not be sent`}.
      </p>
      <FilterChips<AddressCheck> legend="Show addresses by check result" chips={chips} value={filter} onChange={setFilter} total={checked.length} />
      <AddressTable
        caption="Addresses and what the check found"
        rows={rows}
        columns={COLUMNS}
        rowKey={(row, index) => `${index}:${row.email}`}
        empty="No address has this result."
      />
    </div>
  );
}

/** The addresses a campaign is started with: every checked one except duplicates. */
export function addressesToSend(checked: CheckedAddress[]): { email: string; name: string | null }[] {
  return checked.filter((address) => address.check !== 'duplicate').map(({ email, name }) => ({ email, name }));
}
