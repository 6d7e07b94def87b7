// A new campaign, in three steps on one page: the addresses (pasted or from a CSV file), what the
// check found for each of them (before anything is sent, kept true while the form is open), and the
// options. Sending starts a job in the core and opens its progress; until then the whole form stays
// here, across screens (invitations-ui.ts).
import { useDeferredValue, useMemo } from 'react';
import type { Account, CampaignOptions, Invitee } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { QueryGate } from '../../../components/QueryGate';
import { errorWords } from '../../../errors/words';
import { useAddressCheck, useInviteChoices, useStartCampaign } from '../../../queries/invitations';
import { useComposeDraft, useInvitationsUi } from '../invitations-ui';
import { plural } from '../../../../../shared/domain/plural';
import { AddressSource } from './AddressSource';
import { describeList, EMPTY_LIST, listFromCsv, listFromText, type AddressList } from '../../../components/csv-import/address-list';
import { planCampaign, type CampaignPlan } from './campaign-plan';
import { CheckResults } from './CheckResults';
import { OptionsForm } from './OptionsForm';
import './compose.css';

export function ComposeView({ account }: { account: Account }) {
  const { openCampaign } = useInvitationsUi(account.id);
  const { draft, updateDraft, markResent, clearCompose } = useComposeDraft(account.id);
  // Parsing 10,000 pasted addresses takes a few milliseconds: deferred, typing never waits for it.
  const text = useDeferredValue(draft.text);
  const list = useMemo<AddressList>(() => {
    if (draft.mode === 'paste') return listFromText(text);
    return draft.csv ? listFromCsv(draft.csv.table, draft.csv.choice) : EMPTY_LIST;
  }, [draft.mode, draft.csv, text]);

  const check = useAddressCheck(account.id, draft.check);
  const current = useMemo(() => draft.check !== null && sameInvitees(draft.check.addresses, list.unique), [draft.check, list.unique]);
  const plan = useMemo(
    () => (current && check.data ? planCampaign(check.data, draft.failing, { repeated: list.repeated, tooLong: list.tooLong, resent: draft.resent }) : null),
    [current, check.data, draft.failing, draft.resent, list.repeated, list.tooLong],
  );

  const runCheck = () => {
    if (current && check.data) void check.refetch();
    else updateDraft({ check: { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, addresses: list.unique } });
  };

  const start = useStartCampaign(account.id);
  const send = async (options: CampaignOptions, batchSize: number) => {
    if (!plan) return;
    const summary = await start.mutateAsync({ addresses: plan.send, resent: plan.resent, leftOut: plan.leftOut, options, batchSize });
    // The campaign has the addresses now (journaled by the core): the whole form is done with.
    clearCompose();
    openCampaign(summary.id);
  };

  const checking = check.isFetching && !check.data;
  const blocker =
    list.unique.length === 0
      ? 'Add addresses first.'
      : !current || !plan
        ? 'Check the addresses first.'
        : plan.send.length === 0
          ? 'There is no address to send to.'
          : null;

  return (
    <div className="inv-compose">
      <section className="panel inv-compose-step" aria-labelledby="compose-addresses">
        <h2 id="compose-addresses">1. Addresses</h2>
        <AddressSource draft={draft} onDraft={updateDraft} />
        <p className="inv-list-summary" aria-live="polite">
          {list.unique.length > 0 || list.duplicates > 0 || list.blankRows > 0 || list.tooLong.length > 0 ? describeList(list) : ''}
        </p>
        <button type="button" className="button" onClick={runCheck} disabled={list.unique.length === 0 || check.isFetching} aria-busy={check.isFetching || undefined}>
          {checking ? 'Checking…' : current ? 'Check again' : list.unique.length === 0 ? 'Check addresses' : `Check ${plural(list.unique.length, 'address', 'addresses')}`}
        </button>
        {check.isError && (
          <div role="alert">
            <CheckProblem error={check.error} />
          </div>
        )}
      </section>
      {draft.check && check.data && (
        <section className="panel inv-compose-step" aria-labelledby="compose-check">
          <h2 id="compose-check">2. Check</h2>
          {!current && <p className="notice inv-stale-check" data-tone="warning">The addresses changed after this check: check them again before sending.</p>}
          <CheckResults
            account={account.id}
            checked={check.data}
            failing={draft.failing}
            onFailing={(failing) => updateDraft({ failing })}
            resent={draft.resent}
            onResent={markResent}
          />
        </section>
      )}
      <section className="panel inv-compose-step" aria-labelledby="compose-options">
        <h2 id="compose-options">{draft.check && check.data ? '3.' : '2.'} Options</h2>
        <Options account={account} plan={plan} blocker={blocker} onSend={send} />
      </section>
    </div>
  );
}

/** The same addresses with the same names, in the same order: a check of one holds for the other. */
function sameInvitees(a: readonly Invitee[], b: readonly Invitee[]): boolean {
  return a === b || (a.length === b.length && a.every((invitee, index) => invitee.email === b[index]?.email && invitee.name === b[index]?.name));
}

function CheckProblem({ error }: { error: unknown }) {
  const words = errorWords(error);
  return <ProblemText className="form-error" message={`The addresses could not be checked: ${words.message}`} action={words.action ?? 'Try again in a moment.'} />;
}

function Options(props: { account: Account; plan: CampaignPlan | null; blocker: string | null; onSend(options: CampaignOptions, batchSize: number): Promise<void> }) {
  return (
    <QueryGate query={useInviteChoices(props.account.id)} loading="Loading what you may invite people as" failure="Could not load the invitation options">
      {(choices) => <OptionsForm {...props} choices={choices} />}
    </QueryGate>
  );
}
