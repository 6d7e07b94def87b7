// The Channels tab: loads the realm's channels, the context the rules need and its users (all kept live
// by pushes), and derives what the list, the filters, the editor and the creation form show. The list
// does not wait for the users (tens of thousands in a large realm): only the creators' names do, and
// the editor, whose rules resolve groups to people. The search box updates at once; the list follows
// through useDeferredValue, so typing never waits for a repaint.
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { User } from '../../../../shared/api/users';
import type { Account, ChannelContext, ChannelEntry } from '../../../../shared/ipc';
import { QueryGate } from '../../components/QueryGate';
import { EMPTY_SELECTION, hiddenCount, keepKnown, selectAll } from '../../lists/selection';
import { useChannelContext, useChannels } from '../../queries/channels';
import { useRealmUsers } from '../../queries/realm';
import { mark } from '../../lists/perf-marks';
import { CHANNEL_MARKS } from './channel-marks';
import { filterChannels, filtersShowing, NO_CHANNEL_FILTERS, sortChannels } from './channel-index';
import type { CellContext } from './channel-words';
import { ChannelFilters } from './ChannelFilters';
import { ChannelsTable } from './ChannelsTable';
import { useChannelsUi } from './channels-ui';
import { ChannelEditor } from './editor/ChannelEditor';
import { CreateChannel } from './create/CreateChannel';
import { useRulesContext } from './editor/rules-context';
import { FolderDropStrip } from './moves/FolderDropStrip';
import { MoveDialog } from './moves/MoveDialog';
import { MoveJobPanel } from './moves/MoveJobPanel';
import { BulkSubscribersDialog } from './bulk-subscribers/BulkSubscribersDialog';
import { SubscriberJobPanel } from './bulk-subscribers/SubscriberJobPanel';
import { useResumedSubscriberJob } from './bulk-subscribers/use-resumed-job';
import '../../components/detail-panel.css';
import '../../lists/list-screen.css';
import { plural } from '../../../../shared/domain/plural';
import { useUi } from '../../stores/ui';

const count = new Intl.NumberFormat();

export function ChannelsWorkspace({ account }: { account: Account }) {
  const channels = useChannels(account.id);
  const context = useChannelContext(account.id);
  const users = useRealmUsers(account.id);
  useEffect(() => mark(CHANNEL_MARKS.mounted), []);
  const failure = `Could not load the channels of ${account.realmName}`;
  return (
    <QueryGate query={channels} loading={`Loading the channels of ${account.realmName}`} failure={failure}>
      {(list) => (
        <QueryGate query={context} loading="Loading the organization’s folders and groups" failure={failure}>
          {(ctx) => <Workspace account={account} entries={list} context={ctx} users={users} />}
        </QueryGate>
      )}
    </QueryGate>
  );
}

interface WorkspaceProps {
  account: Account;
  entries: ChannelEntry[];
  context: ChannelContext;
  users: UseQueryResult<User[]>;
}

const NO_USERS: User[] = [];

function Workspace({ account, entries, context, users }: WorkspaceProps) {
  const ui = useChannelsUi();
  const rules = useRulesContext(context, users.data ?? NO_USERS);
  const panel = ui.creating || ui.opened !== null;
  const cells = useMemo<CellContext>(() => ({ policy: context.policy, folders: rules.folders, users: rules.people }), [context.policy, rules]);
  const sorted = useMemo(
    () => sortChannels(entries, ui.sort, { folderName: (id) => (id === null ? '' : (rules.folders.get(id)?.name ?? '')), realmRetention: context.policy.messageRetentionDays }),
    [entries, ui.sort, rules, context.policy.messageRetentionDays],
  );
  const filters = useDeferredValue(ui.filters);
  const { rows, counts } = useMemo(() => filterChannels(sorted, filters), [sorted, filters]);
  const byId = useMemo(() => new Map(entries.map((entry) => [entry.channel.stream_id, entry])), [entries]);
  const searching = JSON.stringify(filters) !== JSON.stringify(NO_CHANNEL_FILTERS);
  const active = counts.status.active;
  // The channels to move, and the folder clicked in the drop strip (undefined: none chosen yet).
  const [moving, setMoving] = useState<{ ids: number[]; folderId?: number | null } | null>(null);
  const [subscribing, setSubscribing] = useState<number[] | null>(null);
  const [subscriberJob, setSubscriberJob] = useResumedSubscriberJob(account.id);
  // Channels gone from the realm (or no longer visible) leave the selection.
  const selection = useMemo(() => keepKnown(ui.selection, (id) => byId.has(id)), [ui.selection, byId]);
  const shownIds = useMemo(() => rows.map((entry) => entry.channel.stream_id), [rows]);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selection.ids.has(id));
  const hiddenSelected = useMemo(() => hiddenCount(selection, shownIds), [selection, shownIds]);
  // The open channel stays in the editor when the search or filters hide it (just archived under
  // "Active", or a filter changed while editing), as the Users screen keeps the user it shows: the
  // administrator was working on it, and closing would drop an unsaved edit and the outcome of what they
  // just did. The editor says it is hidden and offers to show it; Close is a click away.
  const openedEntry = ui.opened === null ? undefined : byId.get(ui.opened);
  const openedHidden = openedEntry !== undefined && !rows.includes(openedEntry);
  // Opening another channel, the creation form or none replaces the open panel, and closing the form
  // drops what it holds: with an unsaved edit in it, the user is asked first (the question the shell
  // asks before another screen).
  const leaveThen = useUi((state) => state.leaveThen);
  const openChannel = (id: number | null) => {
    if (id !== ui.opened || ui.creating) leaveThen(() => ui.open(id));
  };

  return (
    <div className="list-workspace">
      <ChannelFilters filters={ui.filters} counts={counts} folders={context.folders} onChange={ui.setFilters} />
      <div className="selection-bar">
        <p className="shown-count" aria-live="polite">
          {searching ? `${count.format(rows.length)} of ${plural(entries.length, 'channel', 'channels')} shown` : plural(active, 'active channel', 'active channels')}
        </p>
        <div className="selection-actions">
          <label className="check-label select-all-shown">
            <input
              type="checkbox"
              checked={allShown}
              disabled={shownIds.length === 0}
              onChange={() => ui.setSelection(allShown ? EMPTY_SELECTION : selectAll(selection, shownIds))}
            />
            Select all shown
          </label>
          {selection.ids.size > 0 && (
            <>
              <span className="selected-count">
                {count.format(selection.ids.size)} selected
                {hiddenSelected > 0 && <span className="muted"> ({count.format(hiddenSelected)} not shown by the search and filters)</span>}
              </span>
              <button type="button" className="button button-small" onClick={() => ui.setSelection(EMPTY_SELECTION)}>
                Clear selection
              </button>
            </>
          )}
          <button type="button" className="button button-small" disabled={selection.ids.size === 0} onClick={() => setMoving({ ids: [...selection.ids] })}>
            Move to folder…
          </button>
          <button type="button" className="button button-small" disabled={selection.ids.size === 0 || users.data === undefined} onClick={() => setSubscribing([...selection.ids])}>
            Add or remove subscribers…
          </button>
          <button type="button" className="button button-small button-primary" onClick={() => !ui.creating && leaveThen(() => ui.setCreating(true))}>
            Create a channel…
          </button>
        </div>
      </div>
      {selection.ids.size > 0 && (
        <FolderDropStrip account={account.id} folders={context.folders} onStarted={(job) => ui.showMoveJob(job.id)} onChoose={(folderId) => setMoving({ ids: [...selection.ids], folderId })} />
      )}
      {ui.moveJob !== null && <MoveJobPanel account={account.id} jobId={ui.moveJob} onShowJob={ui.showMoveJob} />}
      {subscriberJob !== null && <SubscriberJobPanel account={account.id} jobId={subscriberJob} onShow={setSubscriberJob} />}
      {subscribing !== null && users.data !== undefined && (
        <BulkSubscribersDialog
          account={account.id}
          context={context}
          rules={rules}
          users={users.data}
          channels={subscribing.flatMap((id) => byId.get(id) ?? [])}
          onCancel={() => setSubscribing(null)}
          onStarted={(job) => {
            setSubscribing(null);
            setSubscriberJob(job.id);
          }}
        />
      )}
      {moving !== null && (
        <MoveDialog
          account={account.id}
          context={context}
          channels={moving.ids.flatMap((id) => byId.get(id) ?? [])}
          chosen={moving.folderId}
          onCancel={() => setMoving(null)}
          onStarted={(job) => {
            setMoving(null);
            ui.showMoveJob(job.id);
          }}
        />
      )}
      <div className="list-main channels-main" data-detail={panel || undefined}>
        <ChannelsTable
          rows={rows}
          query={filters.query}
          context={cells}
          sort={ui.sort}
          onSort={ui.setSort}
          focused={ui.focused}
          onFocus={ui.focus}
          opened={ui.opened}
          onOpen={openChannel}
          selection={selection}
          onSelection={ui.setSelection}
          empty={
            <>
              <p>No channels match the search and filters.</p>
              <button type="button" className="button button-small" onClick={() => ui.setFilters(NO_CHANNEL_FILTERS)}>
                Clear search and filters
              </button>
            </>
          }
        />
        {panel && users.data === undefined ? (
          <aside className="panel detail-panel channel-editor" aria-label="Channel">
            <QueryGate query={users} loading={`Loading the users of ${account.realmName}, whom the rules name`} failure={`Could not load the users of ${account.realmName}`}>
              {() => null}
            </QueryGate>
          </aside>
        ) : ui.creating ? (
          <CreateChannel account={account} context={context} rules={rules} onClose={() => leaveThen(() => ui.setCreating(false))} onCreated={(id) => ui.open(id)} />
        ) : (
          ui.opened !== null && (
            <ChannelEditor
              key={ui.opened}
              account={account}
              context={context}
              rules={rules}
              entry={openedEntry}
              onShowInList={openedHidden ? () => ui.setFilters(filtersShowing(openedEntry, ui.filters)) : undefined}
              onClose={() => openChannel(null)}
            />
          )
        )}
      </div>
    </div>
  );
}
