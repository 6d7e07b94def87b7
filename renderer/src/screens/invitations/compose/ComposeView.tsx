// A new campaign, in three steps on one page: the addresses (pasted or from a CSV file), what the
// check found for each of them (before anything is sent), and the options. Sending starts a job in
// the core and opens its progress; the addresses stay here until then.
import { useDeferredValue, useMemo, useState } from 'react';
import type { Account, CampaignOptions, CheckedAddress } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { QueryGate } from '../../../components/QueryGate';
import { errorWords } from '../../../errors/words';
import { useCheckAddresses, useInviteChoices, useStartCampaign } from '../../../queries/invitations';
import { useInvitationsUi } from '../invitations-ui';
import { plural } from '../words';
import { AddressSource } from './AddressSource';
import { describeList, EMPTY_LIST, listFromCsv, listFromText, type AddressList } from './address-list';
import { addressesToSend, CheckResults } from './CheckResults';
import { OptionsForm } from './OptionsForm';
import './compose.css';

export function ComposeView({ account }: { account: Account }) {
  const ui = useInvitationsUi(account.id);
  const { draft } = ui;
  // Parsing 10,000 pasted addresses takes a few milliseconds: deferred, typing never waits for it.
  const text = useDeferredValue(draft.text);
  const list = useMemo<AddressList>(() => {
    if (draft.mode === 'paste') return listFromText(text);
    return draft.csv ? listFromCsv(draft.csv.table, draft.csv.choice) : EMPTY_LIST;
  }, [draft.mode, draft.csv, text]);

  const check = useCheckAddresses(account.id);
  const [checked, setChecked] = useState<{ list: AddressList; results: CheckedAddress[] } | null>(null);
  const current = checked !== null && checked.list === list;
  const toSend = useMemo(() => (current ? addressesToSend(checked.results) : []), [current, checked]);

  const runCheck = () => {
    check.mutate(list.unique, { onSuccess: (results) => setChecked({ list, results }) });
  };

  const start = useStartCampaign(account.id);
  const send = async (options: CampaignOptions, batchSize: number) => {
    const summary = await start.mutateAsync({ addresses: toSend, options, batchSize });
    // The campaign has the addresses now (journaled by the core): the draft is done with.
    ui.updateDraft({ text: '', csv: null });
    setChecked(null);
    ui.openCampaign(summary.id);
  };

  const blocker =
    list.unique.length === 0
      ? 'Add addresses first.'
      : !current
        ? 'Check the addresses first.'
        : toSend.length === 0
          ? 'There is no address to send to.'
          : null;

  return (
    <div className="inv-compose">
      <section className="inv-compose-step" aria-labelledby="compose-addresses">
        <h2 id="compose-addresses">1. Addresses</h2>
        <AddressSource draft={draft} onDraft={ui.updateDraft} />
        <p className="inv-list-summary" aria-live="polite">
          {list.unique.length > 0 || list.duplicates > 0 || list.blankRows > 0 ? describeList(list) : ''}
        </p>
        <button type="button" className="button" onClick={runCheck} disabled={list.unique.length === 0 || check.isPending} aria-busy={check.isPending || undefined}>
          {check.isPending ? 'Checking…' : current ? 'Check again' : list.unique.length === 0 ? 'Check addresses' : `Check ${plural(list.unique.length, 'address', 'addresses')}`}
        </button>
        {check.isError && (
          <div role="alert">
            <CheckProblem error={check.error} />
          </div>
        )}
      </section>
      {checked && (
        <section className="inv-compose-step" aria-labelledby="compose-check">
          <h2 id="compose-check">2. Check</h2>
          {!current && <p className="notice inv-stale-check">The addresses changed after this check: check them again before sending.</p>}
          <CheckResults checked={checked.results} />
        </section>
      )}
      <section className="inv-compose-step" aria-labelledby="compose-options">
        <h2 id="compose-options">{checked ? '3.' : '2.'} Options</h2>
        <Options account={account} addressCount={toSend.length} blocker={blocker} onSend={send} />
      </section>
    </div>
  );
}

function CheckProblem({ error }: { error: unknown }) {
  const words = errorWords(error);
  return <ProblemText className="form-error" message={`The addresses could not be checked: ${words.message}`} action={words.action ?? 'Try again in a moment.'} />;
}

function Options(props: { account: Account; addressCount: number; blocker: string | null; onSend(options: CampaignOptions, batchSize: number): Promise<void> }) {
  return (
    <QueryGate query={useInviteChoices(props.account.id)} loading="Loading what you may invite people as" failure="Could not load the invitation options">
      {(choices) => <OptionsForm {...props} choices={choices} />}
    </QueryGate>
  );
}
