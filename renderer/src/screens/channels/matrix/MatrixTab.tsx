// The Permission matrix tab: the channels the list's search and filters show (the list's own index and
// filter bar, with the same state, so both tabs show the same channels) × their settings, cells to
// select, "Set a value…" (the editors, then the review, then a job of the core), the job's panel, and
// the grid as CSV. The grid waits for the users, whom the group settings name.
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { User } from '../../../../../shared/api/users';
import type { Account, ChannelContext, ChannelEntry } from '../../../../../shared/ipc';
import { QueryGate } from '../../../components/QueryGate';
import { useChannelBatch, useChannelContext, useChannels } from '../../../queries/channels';
import { useRealmUsers } from '../../../queries/realm';
import { downloadText } from '../../../components/download-text';
import { ExportNote } from '../../../components/ExportNote';
import { mark } from '../../../lists/perf-marks';
import { MATRIX_MARKS } from '../channel-marks';
import { filterChannels, NO_CHANNEL_FILTERS, sortChannels } from '../channel-index';
import { ChannelFilters } from '../ChannelFilters';
import { useChannelsUi } from '../channels-ui';
import { useRulesContext } from '../editor/rules-context';
import { matrixColumns } from './matrix-cells';
import { matrixCsv, matrixFilename } from './matrix-csv';
import { cellCount, shownPart } from './matrix-selection';
import { MatrixEditDialog } from './MatrixEditDialog';
import { MatrixGrid } from './MatrixGrid';
import { MatrixJobPanel } from './MatrixJobPanel';
import '../../../lists/list-screen.css';
import './matrix.css';
import { plural } from '../../../../../shared/domain/plural';

const count = new Intl.NumberFormat();

export function MatrixTab({ account }: { account: Account }) {
  const channels = useChannels(account.id);
  const context = useChannelContext(account.id);
  const users = useRealmUsers(account.id);
  useEffect(() => mark(MATRIX_MARKS.mounted), []);
  const failure = `Could not load the channels of ${account.realmName}`;
  return (
    <QueryGate query={channels} loading={`Loading the channels of ${account.realmName}`} failure={failure}>
      {(list) => (
        <QueryGate query={context} loading="Loading the organization’s groups" failure={failure}>
          {(ctx) => (
            <QueryGate query={users as UseQueryResult<User[]>} loading={`Loading the users of ${account.realmName}, whom the permissions name`} failure={`Could not load the users of ${account.realmName}`}>
              {(people) => <Matrix account={account} entries={list} context={ctx} users={people} />}
            </QueryGate>
          )}
        </QueryGate>
      )}
    </QueryGate>
  );
}

interface MatrixProps {
  account: Account;
  entries: ChannelEntry[];
  context: ChannelContext;
  users: User[];
}

function Matrix({ account, entries, context, users }: MatrixProps) {
  const ui = useChannelsUi();
  const rules = useRulesContext(context, users);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const sorted = useMemo(
    () => sortChannels(entries, ui.sort, { folderName: (id) => (id === null ? '' : (rules.folders.get(id)?.name ?? '')), realmRetention: context.policy.messageRetentionDays }),
    [entries, ui.sort, rules, context.policy.messageRetentionDays],
  );
  const filters = useDeferredValue(ui.filters);
  const { rows, counts } = useMemo(() => filterChannels(sorted, filters), [sorted, filters]);
  const columns = useMemo(() => matrixColumns(entries), [entries]);
  const ids = useMemo(() => rows.map((entry) => entry.channel.stream_id), [rows]);
  const selected = useMemo(() => shownPart(ui.cells, ids, columns), [ui.cells, ids, columns]);
  const cells = cellCount(selected);
  const hidden = cellCount(ui.cells) - cells;
  // One bulk change at a time: the next is planned against what the running one leaves.
  const jobRunning = useChannelBatch(account.id, ui.matrixJob).data?.status === 'running';

  const exportCsv = () => {
    const filename = matrixFilename(context.realmName);
    downloadText(filename, matrixCsv(rows, columns, rules), 'text/csv;charset=utf-8');
    setSaved(`Saved ${plural(rows.length, 'channel', 'channels')} × ${plural(columns.length, 'setting', 'settings')} as ${filename}.`);
  };

  return (
    <div className="list-workspace matrix-workspace">
      <ChannelFilters filters={ui.filters} counts={counts} folders={context.folders} onChange={ui.setFilters} />
      <div className="selection-bar">
        <p className="shown-count" aria-live="polite">
          {plural(rows.length, 'channel', 'channels')} shown · {cells === 0 ? 'no cells selected' : `${plural(cells, 'cell', 'cells')} selected in ${plural(selected.size, 'channel', 'channels')}`}
          {hidden > 0 && ` (${count.format(hidden)} more hidden by the search and filters, left out)`}
        </p>
        <div className="selection-actions">
          {cells > 0 && (
            <button type="button" className="button button-small" onClick={() => ui.selectCells(new Map())}>
              Clear selection
            </button>
          )}
          <button type="button" className="button button-small" disabled={rows.length === 0} onClick={exportCsv}>
            Export CSV
          </button>
          <button type="button" className="button button-small button-primary" disabled={cells === 0 || jobRunning} onClick={() => setEditing(true)}>
            Set a value…
          </button>
        </div>
      </div>
      <ExportNote text={saved} />
      <p className="muted matrix-help" id="matrix-help">
        Select cells, rows or columns, then set a value for all of them. Keys: arrows move, Shift extends, Space selects (Shift+Space the row, Ctrl+Space the column), Ctrl+A every shown cell, Escape none.
      </p>
      <MatrixGrid
        account={account.id}
        rows={rows}
        columns={columns}
        rules={rules}
        selection={ui.cells}
        onSelection={ui.selectCells}
        query={filters.query}
        empty={
          <>
            <p>No channels match the search and filters.</p>
            <button type="button" className="button button-small" onClick={() => ui.setFilters(NO_CHANNEL_FILTERS)}>
              Clear search and filters
            </button>
          </>
        }
      />
      {ui.matrixJob !== null && <MatrixJobPanel account={account.id} batchId={ui.matrixJob} onShow={ui.showMatrixJob} />}
      {editing && (
        <MatrixEditDialog
          account={account.id}
          context={context}
          rules={rules}
          rows={rows}
          selection={selected}
          columns={columns}
          onClose={() => setEditing(false)}
          onStarted={(id) => {
            setEditing(false);
            ui.selectCells(new Map());
            ui.showMatrixJob(id);
          }}
        />
      )}
    </div>
  );
}
