// A channel's subscribers in the editor: a searchable, virtualized list with each person's role, adding
// people found by name or address (Enter adds the only one found), and removing one after a confirmation. The list follows the server
// live; the rules are said up front (who may add and remove here, what a guest then sees). Removing
// oneself, or a private channel's last subscriber, is confirmed in words (the core's review of the
// removal, as for the bulk job; the core refuses it unconfirmed).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import type { User } from '../../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { plural } from '../../../../../shared/domain/plural';
import type { SubscriberHazard } from '../../../../../shared/ipc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ConsentBox } from '../../../components/ConsentBox';
import { ProblemText } from '../../../components/Field';
import { wordedByCore } from '../../../errors/words';
import { useChangeSubscribers, useChannelSubscribers } from '../../../queries/channel-subscribers';
import { useSubscriberPlan } from '../../../queries/subscriber-jobs';
import type { SectionProps } from './rules-context';

const ROW_HEIGHT = 40;
const SUGGESTIONS = 8;

const matches = (user: User, query: string) => user.full_name.toLowerCase().includes(query) || user.email.toLowerCase().includes(query);

export function SubscribersSection({ account, entry, rules }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const subscribers = useChannelSubscribers(account.id, channel.stream_id);
  const change = useChangeSubscribers(account.id, channel.stream_id);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<User | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The removal the tick was given for (person and hazards): another one unticks it.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const removal = useSubscriberPlan(
    account.id,
    useMemo(() => (removing ? { action: 'remove' as const, channelIds: [channel.stream_id], userIds: [removing.user_id] } : null), [removing, channel.stream_id]),
  );
  const leftEmpty = removal.data?.channels[0]?.leftEmpty ?? null;
  const ownLoss = (removal.data?.ownRemovals.length ?? 0) > 0;
  const hazards: SubscriberHazard[] = [...(ownLoss ? (['ownAccess'] as const) : []), ...(leftEmpty ? (['leftEmpty'] as const) : [])];
  const hazardKey = `${String(removing?.user_id)}:${hazards.join('+')}`;
  const confirmed = hazards.length === 0 || confirmedFor === hazardKey;
  const query = useDeferredValue(search.trim().toLowerCase());
  const addQuery = adding.trim().toLowerCase();

  const people = useMemo(
    () => (subscribers.data ?? []).map((userId) => rules.people.get(userId)).filter((user): user is User => user !== undefined).sort((a, b) => a.full_name.localeCompare(b.full_name)),
    [subscribers.data, rules.people],
  );
  const shown = useMemo(() => (query === '' ? people : people.filter((user) => matches(user, query))), [people, query]);
  const subscribed = useMemo(() => new Set(subscribers.data ?? []), [subscribers.data]);
  const suggestions = useMemo(
    () => (addQuery === '' ? [] : [...rules.people.values()].filter((user) => user.is_active && !user.is_bot && !subscribed.has(user.user_id) && matches(user, addQuery)).slice(0, SUGGESTIONS)),
    [addQuery, rules.people, subscribed],
  );
  const only = suggestions.length === 1 ? suggestions[0] : undefined;
  // Why no one is offered: a typo (nobody matches) reads differently from everyone being in already.
  const anyoneMatches = useMemo(() => addQuery !== '' && suggestions.length === 0 && [...rules.people.values()].some((user) => matches(user, addQuery)), [addQuery, suggestions, rules.people]);

  const scroller = useRef<HTMLDivElement>(null);
  const suggestionList = useRef<HTMLUListElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8, initialRect: { width: 380, height: 240 } });

  const send = (action: 'add' | 'remove', user: User, acknowledged: SubscriberHazard[] = []) => {
    setDone(null);
    change.mutate(
      { action, userIds: [user.user_id], acknowledged },
      {
        onSuccess: ([result]) => {
          if (action === 'add') setAdding('');
          setDone(
            result?.outcome === 'added'
              ? `${user.full_name} was subscribed to #${channel.name}.`
              : result?.outcome === 'removed'
                ? `${user.full_name} was unsubscribed from #${channel.name}.`
                : result?.outcome === 'alreadySubscribed'
                  ? `${user.full_name} was already subscribed.`
                  : `${user.full_name} was not subscribed.`,
          );
        },
      },
    );
  };
  const failure = change.isError ? wordedByCore(change.error) : null;

  return (
    <section className="change-section subscribers-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Subscribers</h3>
      <p className="muted">
        Administrators may add and remove anyone; others need the channel’s “add subscribers” or “remove subscribers” permission. A guest added here sees this channel and
        its messages, but no other channel they are not in. Deactivated users cannot be subscribed.
      </p>
      <div className="field">
        <label htmlFor={`${id}-add`}>Add people</label>
        <input
          id={`${id}-add`}
          type="search"
          value={adding}
          placeholder="Name or address"
          onChange={(event) => setAdding(event.target.value)}
          aria-describedby={only ? `${id}-add-hint` : undefined}
          onKeyDown={(event) => {
            // Enter adds the one person found; with several, it goes to their Add buttons, as Down does.
            if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
            event.preventDefault();
            if (event.key === 'Enter' && only) {
              if (!change.isPending) send('add', only);
            } else suggestionList.current?.querySelector('button')?.focus();
          }}
          autoComplete="off"
        />
        {only && (
          <p id={`${id}-add-hint`} className="muted">
            Press Enter to add {only.full_name}.
          </p>
        )}
      </div>
      {suggestions.length > 0 && (
        <ul
          ref={suggestionList}
          className="subscriber-suggestions"
          aria-label="People to add"
          onKeyDown={(event) => {
            // Arrows move between the Add buttons, and up from the first back to the search box.
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const next = at + (event.key === 'ArrowDown' ? 1 : -1);
            if (next < 0) document.getElementById(`${id}-add`)?.focus();
            else buttons[Math.min(next, buttons.length - 1)]?.focus();
          }}
        >
          {suggestions.map((user) => (
            <li key={user.user_id}>
              <span>
                {user.full_name} <span className="muted">{user.email} · {ROLE_NAMES[user.role]}</span>
              </span>
              <button type="button" className="button button-small" disabled={change.isPending} onClick={() => send('add', user)} aria-label={`Add ${user.full_name}`}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      {addQuery !== '' && suggestions.length === 0 && (
        <p className="muted">
          {anyoneMatches ? `Everyone who matches “${adding.trim()}” is subscribed already, deactivated, or a bot.` : `Nobody in this organization matches “${adding.trim()}”.`}
        </p>
      )}
      <p className="change-done" role="status">
        {done}
      </p>
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>Search subscribers</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </div>
      <p className="muted">{subscribers.isPending ? 'Loading the subscribers…' : query === '' ? plural(people.length, 'subscriber', 'subscribers') : `${shown.length} of ${plural(people.length, 'subscriber', 'subscribers')} shown`}</p>
      {query !== '' && shown.length === 0 && !subscribers.isPending && <p className="muted">No subscriber matches “{search.trim()}”.</p>}
      <div ref={scroller} className="subscriber-list" role="list" aria-label={`Subscribers of #${channel.name}`}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const user = shown[item.index];
            if (!user) return null;
            return (
              <div key={user.user_id} role="listitem" className="subscriber-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}>
                <span className="subscriber-name">
                  {user.full_name} <span className="muted">{ROLE_NAMES[user.role]}</span>
                </span>
                <button type="button" className="button button-small" disabled={change.isPending} onClick={() => setRemoving(user)} aria-label={`Remove ${user.full_name}`}>
                  Remove
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.full_name ?? ''} from #${channel.name}?`}
        confirmLabel="Remove subscriber"
        danger
        confirmDisabled={removal.isPending || !confirmed}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) send('remove', removing, confirmed ? hazards : []);
          setRemoving(null);
        }}
      >
        <p>
          {ownLoss
            ? `You stop receiving #${channel.name}’s messages${channel.invite_only ? ' and can no longer read them' : ''}.`
            : `${removing?.full_name ?? ''} stops receiving #${channel.name}’s messages${channel.invite_only ? ' and, unless an administrator, loses sight of this private channel' : ''}.`}
          {leftEmpty ? '' : ` ${ownLoss ? 'You' : 'They'} can be added again later.`}
        </p>
        {hazards.length > 0 && (
          <ConsentBox
            title={leftEmpty ? `Nobody would be left in #${channel.name}` : `You are removing yourself from #${channel.name}`}
            words={leftEmpty ?? `Only someone who may add subscribers to #${channel.name} can add you again.`}
            consent={`I understand that ${[ownLoss ? `I will no longer be subscribed to #${channel.name}` : null, leftEmpty ? `#${channel.name} will have no subscribers` : null].filter(Boolean).join(', and ')}.`}
            checked={confirmed}
            onChange={(checked) => setConfirmedFor(checked ? hazardKey : null)}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}
