// "Add or remove subscribers…" for the selected channels: first whether to add or remove (never
// preselected) and who (PeoplePicker), then the review of who changes where and the rules (the core's
// plan), then the job starts in the core (queries/subscriber-jobs.ts). Removing oneself is confirmed
// in words: in a private channel it ends one's own access; so is leaving a private channel with nobody
// in it (the core refuses either unconfirmed).
import { useCallback, useId, useMemo, useState } from 'react';
import type { User } from '../../../../../shared/api/users';
import type { BulkAction, ChannelContext, ChannelEntry, SubscriberHazard, SubscriberJob } from '../../../../../shared/ipc';
import { ConsentBox } from '../../../components/ConsentBox';
import { Dialog } from '../../../components/Dialog';
import { ProblemText } from '../../../components/Field';
import { QueryGate } from '../../../components/QueryGate';
import { listWords } from '../../../../../shared/domain/list-words';
import { wordedByCore } from '../../../errors/words';
import { useSubscriberJobAction, useSubscriberPlan, type BulkChoice } from '../../../queries/subscriber-jobs';
import type { RulesContext } from '../editor/rules-context';
import { PeoplePicker } from './PeoplePicker';
import type { Matched } from './people-choice';
import { SubscriberReview } from './SubscriberReview';
import './bulk-subscribers.css';

const count = new Intl.NumberFormat();
const NOBODY: Matched = { userIds: [], unknown: [] };

export interface BulkSubscribersDialogProps {
  account: string;
  context: ChannelContext;
  rules: RulesContext;
  users: readonly User[];
  channels: ChannelEntry[];
  onCancel(): void;
  onStarted(job: SubscriberJob): void;
}

export function BulkSubscribersDialog({ account, context, rules, users, channels, onCancel, onStarted }: BulkSubscribersDialogProps) {
  const id = useId();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [matched, setMatchedState] = useState<Matched>(NOBODY);
  const setMatched = useCallback((next: Matched) => setMatchedState(next), []);
  const [reviewing, setReviewing] = useState(false);
  const [selfConfirmed, setSelfConfirmed] = useState(false);
  // The channels the tick was given for: another set (the plan changed while open) unticks it.
  const [emptyConfirmedFor, setEmptyConfirmedFor] = useState<string | null>(null);
  const channelIds = useMemo(() => channels.map((entry) => entry.channel.stream_id), [channels]);
  const choice = useMemo<BulkChoice | null>(
    () => (reviewing && action !== null && matched.userIds.length > 0 ? { action, channelIds, userIds: matched.userIds } : null),
    [reviewing, action, channelIds, matched.userIds],
  );
  const plan = useSubscriberPlan(account, choice);
  const start = useSubscriberJobAction(account, onStarted);
  const failure = start.isError ? wordedByCore(start.error) : null;
  const names = channels.slice(0, 8).map((entry) => `#${entry.channel.name}`);
  const total = plan.data?.channels.reduce((sum, channel) => sum + channel.change, 0) ?? 0;
  // Only where the user is subscribed: removing them from channels they are not in changes nothing of theirs.
  const ownRemovals = (plan.data?.ownRemovals ?? []).map((channelId) => `#${plan.data?.channels.find((one) => one.channelId === channelId)?.name ?? ''}`);
  const removingSelf = ownRemovals.length > 0;
  const emptied = (plan.data?.channels ?? []).filter((channel) => channel.leftEmpty !== null);
  const emptiedKey = emptied.map((channel) => channel.channelId).join(',');
  const emptyConfirmed = emptied.length === 0 || emptyConfirmedFor === emptiedKey;
  const emptiedNames = listWords(emptied.map((channel) => `#${channel.name}`));
  const acknowledged: SubscriberHazard[] = [...(removingSelf && selfConfirmed ? (['ownAccess'] as const) : []), ...(emptied.length > 0 && emptyConfirmed ? (['leftEmpty'] as const) : [])];
  const verb = action === 'remove' ? 'Remove' : 'Add';

  const confirm = !reviewing
    ? { label: 'Review…', disabled: action === null || matched.userIds.length === 0, onClick: () => setReviewing(true) }
    : {
        label: `${verb} ${count.format(total)} ${total === 1 ? 'subscription' : 'subscriptions'}`,
        danger: action === 'remove',
        disabled: plan.data === undefined || total === 0 || start.isPending || (removingSelf && !selfConfirmed) || !emptyConfirmed,
        onClick: () => choice && start.mutate({ kind: 'start', ...choice, acknowledged }),
      };

  return (
    <Dialog
      focusFirstField={!reviewing}
      title={channels.length === 1 ? `Subscribers of #${channels[0]?.channel.name ?? ''}` : `Subscribers of ${count.format(channels.length)} channels`}
      wide
      bodyId={`${id}-body`}
      describedBy={`${id}-what`}
      busy={start.isPending}
      onCancel={onCancel}
      confirm={confirm}
    >
      <p id={`${id}-what`}>
        {names.join(', ')}
        {channels.length > names.length && ` and ${count.format(channels.length - names.length)} more`}.
      </p>
      {/* Hidden, not unmounted, during the review: "Back" finds the choice as it was left. */}
      <div hidden={reviewing}>
        <fieldset className="move-choices">
          <legend>What to do</legend>
          <label className="radio-line">
            <input type="radio" name={`${id}-action`} checked={action === 'add'} onChange={() => setAction('add')} />
            Add subscribers
          </label>
          <label className="radio-line">
            <input type="radio" name={`${id}-action`} checked={action === 'remove'} onChange={() => setAction('remove')} />
            Remove subscribers
          </label>
        </fieldset>
        <PeoplePicker users={users} groups={context.groups} index={rules.index} onChange={setMatched} />
      </div>
      {reviewing && (
        <>
          <button type="button" className="button button-small bulk-back" onClick={() => setReviewing(false)}>
            Back to the choice of people
          </button>
          <QueryGate query={plan} loading="Checking who may change what" failure="Could not check the rules">
            {(data) => <SubscriberReview plan={data} unknown={matched.unknown} />}
          </QueryGate>
          {emptied.length > 0 && (
            <ConsentBox
              notice
              title={`Nobody would be left in ${emptiedNames}`}
              words={emptied.map((channel) => channel.leftEmpty).join(' ')}
              consent={`I understand that ${emptiedNames} will have no subscribers.`}
              checked={emptyConfirmed}
              onChange={(checked) => setEmptyConfirmedFor(checked ? emptiedKey : null)}
            />
          )}
          {removingSelf && (
            <label className="radio-line bulk-self">
              <input type="checkbox" checked={selfConfirmed} onChange={(event) => setSelfConfirmed(event.target.checked)} />
              I understand that I remove myself too, from {listWords(ownRemovals)}: I stop receiving {ownRemovals.length === 1 ? 'its' : 'their'} messages, and lose access to
              the private ones unless someone adds me again.
            </label>
          )}
          {plan.data && total === 0 && <p role="status">Nothing would change: everyone is {action === 'add' ? 'subscribed already' : 'not subscribed'}, or refused.</p>}
        </>
      )}
      {failure && <ProblemText message={failure.message} action={failure.action} />}
    </Dialog>
  );
}
