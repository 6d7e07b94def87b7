// The report: every address of the campaign with its status, and the server's words where they say
// more than the status (all of them are in the CSV), filtered by status; "Retry failed" for the
// failures a new try may fix; and the report as a CSV file (written by the core, safe against formula
// injection): what the filter shows, or all of it, named so in the file name and in a message.
import { useMemo, useState } from 'react';
import { OUTCOME_WORDS, UPSTREAM_REASONS, type Campaign, type CampaignAddress, type InviteOutcome } from '../../../../../shared/ipc';
import { useCampaignAction, useExportCampaign } from '../../../queries/invitations';
import { downloadText } from '../../../components/download-text';
import { toast } from '../../../stores/toasts';
import { AddressTable, type Column } from '../AddressTable';
import { FilterChips, type Chip } from '../FilterChips';
import { formatCount, OUTCOME_ORDER, outcomeTone } from '../words';
import { plural } from '../../../../../shared/domain/plural';
import { retryableCount } from './CampaignProgress';

/** The server's words, unless they are exactly what the status already says ("Already has an account."). */
export function serverWordsBeyondStatus(address: CampaignAddress): string | null {
  if (address.reason === null) return null;
  const standard: Partial<Record<InviteOutcome, string>> = UPSTREAM_REASONS;
  return standard[address.outcome] === address.reason ? null : address.reason;
}

const STATUS: Column<CampaignAddress> = {
  width: '20%',
  header: 'Status',
  cell: (row) => (
    <span className="inv-status" data-tone={outcomeTone(row.outcome)}>
      {OUTCOME_WORDS[row.outcome]}
    </span>
  ),
};

/** With a Details column only when some address has words beyond its status: an empty column says nothing. */
function columns(withDetails: boolean): Column<CampaignAddress>[] {
  const address: Column<CampaignAddress> = { width: withDetails ? '30%' : '40%', header: 'Address', cell: (row) => row.email, className: 'inv-cell-address' };
  const name: Column<CampaignAddress> = { width: withDetails ? '18%' : '30%', header: 'Name', cell: (row) => row.name ?? '', className: 'inv-cell-name' };
  if (!withDetails) return [address, name, { ...STATUS, width: '30%' }];
  return [address, name, STATUS, { width: '32%', header: 'Details', cell: (row) => serverWordsBeyondStatus(row) ?? '', className: 'inv-cell-reason' }];
}

export function CampaignReport({ account, campaign }: { account: string; campaign: Campaign }) {
  const [filter, setFilter] = useState<InviteOutcome | 'all'>('all');
  const rows = useMemo(() => (filter === 'all' ? campaign.addresses : campaign.addresses.filter((address) => address.outcome === filter)), [campaign.addresses, filter]);
  // Counts from the addresses themselves, so the chips always match the rows they filter.
  const counts = useMemo(() => {
    const byOutcome = new Map<InviteOutcome, number>();
    for (const address of campaign.addresses) byOutcome.set(address.outcome, (byOutcome.get(address.outcome) ?? 0) + 1);
    return byOutcome;
  }, [campaign.addresses]);
  const chips: Chip<InviteOutcome>[] = OUTCOME_ORDER.map((outcome) => ({ key: outcome, label: OUTCOME_WORDS[outcome], count: counts.get(outcome) ?? 0, tone: outcomeTone(outcome) }));
  const withDetails = useMemo(() => campaign.addresses.some((address) => serverWordsBeyondStatus(address) !== null), [campaign.addresses]);

  return (
    <section className="inv-campaign-report" aria-labelledby="campaign-report-title">
      <div className="inv-report-head">
        <h2 id="campaign-report-title">Report</h2>
        <ReportActions account={account} campaign={campaign} filter={filter} shown={rows.length} />
      </div>
      <FilterChips<InviteOutcome> legend="Show addresses by status" chips={chips} value={filter} onChange={setFilter} total={campaign.addresses.length} />
      <AddressTable caption="Every address of the campaign, with its status" rows={rows} columns={columns(withDetails)} rowKey={(row) => row.email} empty="No address has this status." />
      <p className="field-hint">
        {withDetails && 'Details gives the server’s words where they say more than the status. '}The CSV export has the server’s words for every address.
      </p>
    </section>
  );
}

function ReportActions({ account, campaign, filter, shown }: { account: string; campaign: Campaign; filter: InviteOutcome | 'all'; shown: number }) {
  const action = useCampaignAction(account);
  const exportCsv = useExportCampaign(account);
  const retryable = retryableCount(campaign);
  // While it runs, failures are still being worked through; retrying is for a campaign that has come to rest.
  const canRetry = retryable > 0 && campaign.status !== 'running';
  const total = campaign.addresses.length;

  const download = (outcome: InviteOutcome | null) =>
    exportCsv.mutate(
      { campaignId: campaign.id, outcome },
      {
        onSuccess: ({ filename, csv, rows }) => {
          downloadText(filename, csv, 'text/csv;charset=utf-8');
          const which = outcome === null ? `all ${plural(rows, 'address', 'addresses')}` : `${plural(rows, 'address', 'addresses')} with the status “${OUTCOME_WORDS[outcome]}” (of ${formatCount(total)})`;
          toast({ kind: 'success', title: `Exported ${which} to ${filename}.` });
        },
      },
    );

  return (
    <div className="inv-report-actions">
      {canRetry && (
        <button type="button" className="button" disabled={action.isPending} onClick={() => action.mutate({ action: 'retryFailed', campaignId: campaign.id })}>
          Retry failed ({plural(retryable, 'address', 'addresses')})
        </button>
      )}
      {filter === 'all' ? (
        <button type="button" className="button" onClick={() => download(null)} disabled={exportCsv.isPending} aria-busy={exportCsv.isPending || undefined}>
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      ) : (
        <>
          <button type="button" className="button" onClick={() => download(filter)} disabled={exportCsv.isPending}>
            Export shown ({formatCount(shown)})
          </button>
          <button type="button" className="button" onClick={() => download(null)} disabled={exportCsv.isPending}>
            Export all ({formatCount(total)})
          </button>
        </>
      )}
    </div>
  );
}
