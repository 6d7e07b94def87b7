// What the check found, per address, before anything is sent: the honest count ("9 will be invited,
// 5 will fail because…"), whether the failing ones are left out (the default) or sent anyway, the
// addresses already invited (offered a resend, never a second invitation; those resent are reported
// so by the campaign), counts by result that
// filter the list, and every address with the core's words where they say more than the result.
import { useId, useMemo, useState } from 'react';
import type { AddressCheck, CheckedAddress } from '../../../../../shared/ipc';
import { CHECK_REASON } from '../../../../../shared/domain/invitee-checks';
import { AddressTable, type Column } from '../AddressTable';
import { FilterChips, type Chip } from '../FilterChips';
import type { ComposeDraft } from '../invitations-ui';
import { useInviteActions } from '../pending/InviteActions';
import { CHECK_LABELS, formatCount, formatWhen } from '../words';
import { plural } from '../../../../../shared/domain/plural';
import { failureSentence, failureWords, planCampaign } from './campaign-plan';
import { ResendAll } from './ResendAll';

const ORDER: AddressCheck[] = ['ok', 'invited', 'member', 'deactivated', 'invalid', 'duplicate'];
const TONE: Record<AddressCheck, string> = { ok: 'good', invited: 'neutral', member: 'neutral', deactivated: 'bad', invalid: 'bad', duplicate: 'neutral' };

/** The core's words where the result's label does not already say them. */
const SAID_BY_LABEL: Partial<Record<AddressCheck, string>> = { member: CHECK_REASON.member, deactivated: CHECK_REASON.deactivated, invalid: CHECK_REASON.invalid };

function details(row: CheckedAddress, resent: ReadonlySet<number>): string {
  if (row.check === 'invited' && row.invite) return `Pending since ${formatWhen(row.invite.invited, 's')}${resent.has(row.invite.id) ? '; resent' : ''}`;
  return row.reason === null || SAID_BY_LABEL[row.check] === row.reason ? '' : row.reason;
}

export interface CheckResultsProps {
  account: string;
  checked: CheckedAddress[];
  failing: ComposeDraft['failing'];
  onFailing(failing: ComposeDraft['failing']): void;
  /** The pending invitations resent from here (ComposeDraft's `resent`). */
  resent: readonly number[];
  onResent(inviteIds: readonly number[]): void;
}

export function CheckResults({ account, checked, failing, onFailing, resent, onResent }: CheckResultsProps) {
  const id = useId();
  const [filter, setFilter] = useState<AddressCheck | 'all'>('all');
  const plan = useMemo(() => planCampaign(checked, failing, { resent }), [checked, failing, resent]);
  const resentIds = useMemo(() => new Set(resent), [resent]);
  const counts = useMemo(() => {
    const byCheck = Object.fromEntries(ORDER.map((check) => [check, 0])) as Record<AddressCheck, number>;
    for (const address of checked) byCheck[address.check]++;
    return byCheck;
  }, [checked]);
  const rows = useMemo(() => (filter === 'all' ? checked : checked.filter((address) => address.check === filter)), [checked, filter]);
  const chips: Chip<AddressCheck>[] = ORDER.map((check) => ({ key: check, label: CHECK_LABELS[check], count: counts[check], tone: TONE[check] }));
  const actions = useInviteActions(
    account,
    (inviteId) => checked.some((address) => address.invite?.id === inviteId),
    (action, invite) => action === 'resend' && onResent([invite.id]),
  );

  // An empty column says nothing: Details only when some address has details (an invited one always
  // has), Action only for resends.
  const withDetails = useMemo(() => checked.some((address) => details(address, resentIds) !== ''), [checked, resentIds]);
  const resends = plan.invited.length > 0;
  const columns: Column<CheckedAddress>[] = [
    { width: withDetails ? (resends ? '28%' : '32%') : '40%', header: 'Address', cell: (row) => row.email, className: 'inv-cell-address' },
    { width: withDetails ? '18%' : '30%', header: 'Name', cell: (row) => row.name ?? '', className: 'inv-cell-name' },
    { width: withDetails ? '18%' : '30%', header: 'Check', cell: (row) => <span className="inv-status" data-tone={TONE[row.check]}>{CHECK_LABELS[row.check]}</span> },
  ];
  if (withDetails) columns.push({ width: resends ? '24%' : '32%', header: 'Details', cell: (row) => details(row, resentIds), className: 'inv-cell-reason' });
  if (resends) {
    columns.push({
      width: '12%',
      header: 'Action',
      className: 'inv-cell-actions',
      cell: (row) =>
        row.invite && (
          <button
            type="button"
            className="button button-small"
            disabled={actions.busy}
            onClick={() => row.invite && actions.ask('resend', { id: row.invite.id, email: row.email })}
            aria-label={`Resend the invitation to ${row.email}`}
          >
            Resend
          </button>
        ),
    });
  }

  return (
    <div className="inv-check-results">
      <div role="status" className="inv-check-summary">
        <p>
          <strong>{plan.invite.length === 0 ? 'No address can be invited.' : `${formatCount(plan.invite.length)} will be invited.`}</strong>
          {plan.failing.length > 0 && ` ${failureSentence(plan.failing.length, failureWords(plan.failureGroups), failing)}`}
        </p>
        {plan.invited.length > 0 && (
          <p>
            {plural(plan.invited.length, 'address already has a pending invitation', 'addresses already have a pending invitation')}: a second one is not sent. Resend{' '}
            {plan.invited.length === 1 ? 'it' : 'theirs'} instead if the email was lost.
            {plan.resent.length > 0 &&
              ` ${plan.resent.length === plan.invited.length && plan.resent.length === 1 ? 'It was' : `${formatCount(plan.resent.length)} of ${formatCount(plan.invited.length)} were`} resent: the campaign’s report lists ${plan.resent.length === 1 ? 'it' : 'them'} as resent.`}
          </p>
        )}
        {plan.duplicates > 0 && <p>{plural(plan.duplicates, 'duplicate is', 'duplicates are')} left out: each address is sent once.</p>}
      </div>
      {plan.failing.length > 0 && (
        <fieldset className="inv-failing-choice">
          <legend>Addresses that will fail ({formatCount(plan.failing.length)})</legend>
          <label className="inv-choice">
            <input type="radio" name={`${id}-failing`} checked={failing === 'leave'} onChange={() => onFailing('leave')} />
            <span>
              <span className="inv-choice-label">Leave them out</span>
              <span className="inv-choice-explanation">Only the addresses that can be invited are sent.</span>
            </span>
          </label>
          <label className="inv-choice">
            <input type="radio" name={`${id}-failing`} checked={failing === 'send'} onChange={() => onFailing('send')} />
            <span>
              <span className="inv-choice-label">Send them anyway</span>
              <span className="inv-choice-explanation">The server judges each one again, and the report records its answer.</span>
            </span>
          </label>
        </fieldset>
      )}
      {plan.invited.length > 1 && <ResendAll account={account} invited={plan.invited} onResent={onResent} />}
      <FilterChips<AddressCheck> legend="Show addresses by check result" chips={chips} value={filter} onChange={setFilter} total={checked.length} />
      <AddressTable caption="Addresses and what the check found" rows={rows} columns={columns} rowKey={(row, index) => `${index}:${row.email}`} empty="No address has this result." />
      {actions.dialog}
    </div>
  );
}
