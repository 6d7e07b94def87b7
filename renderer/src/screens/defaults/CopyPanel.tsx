// A copy to other realms as it runs and after: progress from the core's job.progress pushes, then one
// result per realm (applied, and what its server ignored; already the same; failed, and why), and
// "Retry failed".
import { useEffect, useId, useRef } from 'react';
import { settingList } from '../../../../shared/domain/defaults-words';
import { plural } from '../../../../shared/domain/plural';
import type { Account, CopyOutcome, DefaultsCopy } from '../../../../shared/ipc';
import { useQueryClient } from '@tanstack/react-query';
import { ProblemText } from '../../components/Field';
import { useFocusReturnOnClose } from '../../components/focus-return';
import { JobPanelUnread } from '../../components/JobPanel';
import { JobProgressLine, jobFigures } from '../../components/JobProgressLine';
import { errorWords } from '../../errors/words';
import { useAccounts } from '../../queries/accounts';
import { activityKey } from '../../queries/activity';
import { useCopyAction, useDefaultsCopy } from '../../queries/defaults';
import { useJobFollowed } from '../../queries/jobs';
import { hostOf } from './realm-host';

const OUTCOME_WORDS: Record<CopyOutcome['outcome'], string> = { pending: 'Waiting', applied: 'Applied', unchanged: 'Already the same', failed: 'Failed' };
/** The outcomes the progress line counts, in its order. */
const COUNTED = ['applied', 'unchanged', 'failed'] as const;

export function CopyPanel({ account, copyId, onClose, onRetried }: { account: string; copyId: string; onClose(): void; onRetried(copy: DefaultsCopy): void }) {
  const copy = useDefaultsCopy(account, copyId);
  const progress = useJobFollowed(copy, account, copyId);
  const retry = useCopyAction(account, onRetried);
  const client = useQueryClient();
  const accounts = useAccounts().data ?? [];
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  const data = copy.data;
  const done = data?.status === 'done';
  useEffect(() => {
    // Each realm's activity log has its entry once the copy is done.
    if (done && data) for (const target of [account, ...data.results.map((result) => result.account)]) void client.invalidateQueries({ queryKey: activityKey(target) });
  }, [done, data, account, client]);

  if (!data) return <JobPanelUnread title="Copy to other realms" what="the copy" error={copy.error} onClose={onClose} />;
  const figures = jobFigures(data, progress, COUNTED);
  const failed = data.results.filter((result) => result.outcome === 'failed').length;
  const failure = retry.isError ? errorWords(retry.error) : null;
  return (
    <section ref={panel} className="panel job-panel copy-panel" aria-labelledby={`${id}-title`} data-status={data.status}>
      <div className="job-head">
        <h2 id={`${id}-title`}>{done ? `Copy from ${data.sourceRealm}: done` : `Copying ${plural(Object.keys(data.values).length, 'setting', 'settings')} from ${data.sourceRealm}`}</h2>
        <div className="job-actions">
          {done && failed > 0 && (
            <button type="button" className="button button-small button-primary" disabled={retry.isPending} onClick={() => retry.mutate({ kind: 'retryFailed', copyId })}>
              Retry failed ({failed})
            </button>
          )}
          {done && (
            <button type="button" className="button button-small" onClick={onClose}>
              Close
            </button>
          )}
        </div>
      </div>
      <JobProgressLine label="Progress of the copy" figures={figures} outcomes={COUNTED} words={OUTCOME_WORDS} detail={progress?.detail} withTimeLeft={false} />
      {failure && <ProblemText message={`Could not retry: ${failure.message}`} action={failure.action} />}
      <ul className="copy-results" aria-label="Results per realm">
        {data.results.map((result) => (
          <li key={result.account} data-outcome={result.outcome}>
            <span className="copy-result-realm">
              {result.realmName}
              <span className="muted">{accountWords(accounts.find((account) => account.id === result.account))}</span>
            </span>
            <span className={`outcome outcome-${result.outcome === 'applied' ? 'changed' : result.outcome}`}>{OUTCOME_WORDS[result.outcome]}</span>
            <span className="copy-result-detail">{detailOf(result)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "127.0.0.1:9991 as adam@example.com": tells apart realms that have the same name. */
function accountWords(account: Account | undefined): string {
  return account ? `${hostOf(account.realmUrl)} as ${account.email}` : 'signed out since';
}

function detailOf(result: CopyOutcome): string {
  switch (result.outcome) {
    case 'pending':
      return '';
    case 'unchanged':
      return 'It already had these values; nothing was sent.';
    case 'failed':
      return result.reason ?? '';
    case 'applied': {
      const applied = result.applied.length ? `Changed: ${settingList(result.applied)}.` : 'Nothing was changed.';
      return result.ignored.length ? `${applied} Its server does not support ${settingList(result.ignored)}, so ${result.ignored.length === 1 ? 'that was' : 'those were'} not saved.` : applied;
    }
  }
}
