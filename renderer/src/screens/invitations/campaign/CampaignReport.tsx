// The report: every address of the campaign with its status, and the server's words where they say
// more than the status (all of them are in the CSV), filtered by status; the pending invitations
// resent while composing ("Resent") and the lines compose left out ("Left out", Details saying why) are
// there too, so every pasted line is accounted for; "Retry failed" for the
// failures a new try may fix; and the report as a CSV file (written by the core, safe against formula
// injection): what the filter shows, or all of it, named so in the file name and in a message.
import { useMemo, useState } from 'react';
import { REPORT_STATUS_WORDS, RESENT_WORDS, UPSTREAM_REASONS, type Campaign, type CampaignAddress, type ReportStatus } from '../../../../../shared/ipc';
import { leftOutLine, leftOutWords } from '../../../../../shared/domain/left-out';
import { useCampaignAction, useExportCampaign } from '../../../queries/invitations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { downloadText } from '../../../components/download-text';
import { toast } from '../../../stores/toasts';
import { AddressTable, type Column } from '../AddressTable';
import { FilterChips, type Chip } from '../FilterChips';
import { formatCount, REPORT_ORDER, reportTone } from '../words';
import { plural } from '../../../../../shared/domain/plural';
import { addressCount, retryableCount } from './CampaignProgress';

/** A row of the report: a sent address, a resent one, or a line compose left out (its reason in words). */
interface ReportRow {
  key: string;
  email: string;
  name: string | null;
  outcome: ReportStatus;
  reason: string | null;
}

/** The server's words, unless they are exactly what the status already says ("Already has an account."). */
export function serverWordsBeyondStatus(address: Pick<CampaignAddress, 'reason'> & { outcome: ReportStatus }): string | null {
  if (address.reason === null) return null;
  const standard: Partial<Record<ReportStatus, string>> = UPSTREAM_REASONS;
  return standard[address.outcome] === address.reason ? null : address.reason;
}

/** Sent addresses first, in campaign order, then the resent ones, then the left-out ones, in the order they were pasted. */
function reportRows(campaign: Campaign): ReportRow[] {
  return [
    ...campaign.addresses.map((address) => ({ ...address, key: address.email })),
    ...campaign.resentAddresses.map((address, i) => ({ key: `resent-${i}`, email: address.email, name: address.name, outcome: 'resent' as const, reason: RESENT_WORDS })),
    ...campaign.leftOutAddresses.map((address, i) => ({ key: `left-out-${i}`, email: leftOutLine(address), name: address.name, outcome: 'left_out' as const, reason: leftOutWords(address) })),
  ];
}

const STATUS: Column<ReportRow> = {
  width: '20%',
  header: 'Status',
  cell: (row) => (
    <span className="inv-status" data-tone={reportTone(row.outcome)}>
      {REPORT_STATUS_WORDS[row.outcome]}
    </span>
  ),
};

/** With a Details column only when some address has words beyond its status: an empty column says nothing. */
function columns(withDetails: boolean): Column<ReportRow>[] {
  const address: Column<ReportRow> = { width: withDetails ? '30%' : '40%', header: 'Address', cell: (row) => row.email, className: 'inv-cell-address' };
  const name: Column<ReportRow> = { width: withDetails ? '18%' : '30%', header: 'Name', cell: (row) => row.name ?? '', className: 'inv-cell-name' };
  if (!withDetails) return [address, name, { ...STATUS, width: '30%' }];
  return [address, name, STATUS, { width: '32%', header: 'Details', cell: (row) => serverWordsBeyondStatus(row) ?? '', className: 'inv-cell-reason' }];
}

export function CampaignReport({ account, campaign }: { account: string; campaign: Campaign }) {
  const [filter, setFilter] = useState<ReportStatus | 'all'>('all');
  const all = useMemo(() => reportRows(campaign), [campaign]);
  const rows = useMemo(() => (filter === 'all' ? all : all.filter((row) => row.outcome === filter)), [all, filter]);
  // Counts from the rows themselves, so the chips always match the rows they filter.
  const counts = useMemo(() => {
    const byOutcome = new Map<ReportStatus, number>();
    for (const row of all) byOutcome.set(row.outcome, (byOutcome.get(row.outcome) ?? 0) + 1);
    return byOutcome;
  }, [all]);
  const chips: Chip<ReportStatus>[] = REPORT_ORDER.map((outcome) => ({ key: outcome, label: REPORT_STATUS_WORDS[outcome], count: counts.get(outcome) ?? 0, tone: reportTone(outcome) }));
  const withDetails = useMemo(() => all.some((row) => serverWordsBeyondStatus(row) !== null), [all]);

  return (
    <section className="inv-campaign-report" aria-labelledby="campaign-report-title">
      <div className="inv-report-head">
        <h2 id="campaign-report-title">Report</h2>
        <ReportActions account={account} campaign={campaign} filter={filter} shown={rows.length} />
      </div>
      <FilterChips<ReportStatus> legend="Show addresses by status" chips={chips} value={filter} onChange={setFilter} total={all.length} />
      <AddressTable caption="Every address of the campaign, with its status" rows={rows} columns={columns(withDetails)} rowKey={(row) => row.key} empty="No address has this status." />
      <p className="field-hint">
        {withDetails && 'Details gives the server’s words where they say more than the status. '}The CSV export has the server’s words for every address.
      </p>
    </section>
  );
}

function ReportActions({ account, campaign, filter, shown }: { account: string; campaign: Campaign; filter: ReportStatus | 'all'; shown: number }) {
  const action = useCampaignAction(account);
  const exportCsv = useExportCampaign(account);
  const retryable = retryableCount(campaign);
  // While it runs, failures are still being worked through; retrying is for a campaign that has come to rest.
  const canRetry = retryable > 0 && campaign.status !== 'running';
  // After a cancel, what is left was stopped on purpose, not failed: sending it is asked first.
  const cancelled = campaign.status === 'cancelled';
  const [confirmingSend, setConfirmingSend] = useState(false);
  const retry = () => action.mutate({ action: 'retryFailed', campaignId: campaign.id });
  const total = addressCount(campaign);

  const download = (outcome: ReportStatus | null) =>
    exportCsv.mutate(
      { campaignId: campaign.id, outcome },
      {
        onSuccess: ({ filename, csv, rows }) => {
          downloadText(filename, csv, 'text/csv;charset=utf-8');
          const which = outcome === null ? `all ${plural(rows, 'address', 'addresses')}` : `${plural(rows, 'address', 'addresses')} with the status “${REPORT_STATUS_WORDS[outcome]}” (of ${formatCount(total)})`;
          toast({ kind: 'success', title: `Exported ${which} to ${filename}.` });
        },
      },
    );

  return (
    <div className="inv-report-actions">
      {canRetry && (
        <button type="button" className="button" disabled={action.isPending} onClick={cancelled ? () => setConfirmingSend(true) : retry}>
          {cancelled ? `Send the ${plural(retryable, 'address', 'addresses')} not sent…` : `Retry failed (${plural(retryable, 'address', 'addresses')})`}
        </button>
      )}
      <ConfirmDialog
        open={confirmingSend}
        title={`Send ${plural(retryable, 'invitation', 'invitations')} this campaign did not send?`}
        confirmLabel={`Send ${plural(retryable, 'invitation', 'invitations')}`}
        onCancel={() => setConfirmingSend(false)}
        onConfirm={() => {
          setConfirmingSend(false);
          retry();
        }}
      >
        <p>
          The campaign was cancelled before {retryable === 1 ? 'this address was' : 'these addresses were'} sent. Sending now invites{' '}
          {retryable === 1 ? 'it' : 'them'} with the campaign’s options, as if it had not been cancelled.
        </p>
      </ConfirmDialog>
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
