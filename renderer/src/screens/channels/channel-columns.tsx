// The channel list's columns (react-table): what each shows, and which sort. Sorting itself runs in
// channel-index.ts over every channel (manual sorting): the table holds only the sort state and its
// header controls.
import type { ChannelEntry } from '../../../../shared/ipc';
import { gridColumns } from '../../lists/VirtualGrid';
import type { SortKey } from './channel-index';
import { countWords, createdDate, creatorName, descriptionLine, folderCell, privacyLabel, retentionCell, retentionFull, topicsCell, topicsFull, trafficCell, type CellContext } from './channel-words';

const helper = gridColumns<ChannelEntry>();

/** The columns, worded with what the cells need beside each channel (folders, the organization's settings, people). */
export function channelColumns(context: CellContext) {
  return helper.columns([
    helper.accessor((entry) => entry.channel.name, {
      id: 'name',
      header: 'Channel',
      sortDescFirst: false,
      cell: ({ row }) => (
        <>
          <span className="channel-name">
            #{row.original.channel.name}
            {row.original.channel.is_archived && <span className="tag">Archived</span>}
          </span>
          <span className="channel-description">{descriptionLine(row.original)}</span>
        </>
      ),
    }),
    helper.accessor((entry) => entry.channel.invite_only, { id: 'privacy', header: 'Privacy', sortDescFirst: false, cell: ({ row }) => <span title={privacyLabel(row.original)}>{privacyLabel(row.original)}</span> }),
    helper.accessor('subscriberCount', { id: 'subscribers', header: 'Subscribers', sortDescFirst: true, cell: ({ row }) => countWords(row.original.subscriberCount) }),
    helper.accessor((entry) => entry.channel.folder_id, { id: 'folder', header: 'Folder', sortDescFirst: false, cell: ({ row }) => folderCell(row.original, context) }),
    helper.accessor('isDefault', { id: 'default', header: 'Default', sortDescFirst: false, cell: ({ row }) => (row.original.isDefault ? 'Default' : 'No') }),
    helper.accessor((entry) => entry.channel.message_retention_days, { id: 'retention', header: 'Messages kept', sortDescFirst: false, cell: ({ row }) => <span title={retentionFull(row.original, context)}>{retentionCell(row.original, context)}</span> }),
    helper.accessor((entry) => entry.channel.topics_policy, { id: 'topics', header: 'Topics', sortDescFirst: false, cell: ({ row }) => <span title={topicsFull(row.original, context)}>{topicsCell(row.original, context)}</span> }),
    helper.accessor((entry) => entry.channel.stream_weekly_traffic, { id: 'traffic', header: 'Weekly traffic', sortDescFirst: true, cell: ({ row }) => trafficCell(row.original) }),
    helper.accessor((entry) => entry.channel.date_created, {
      id: 'created',
      header: 'Created',
      sortDescFirst: true,
      cell: ({ row }) => {
        const by = creatorName(row.original, context);
        return (
          <>
            <span>{createdDate(row.original)}</span>
            {by && <span className="channel-description">by {by}</span>}
          </>
        );
      },
    }),
  ]);
}

/** The columns that sort, by their ids. */
export const SORT_KEYS: readonly SortKey[] = ['name', 'privacy', 'subscribers', 'folder', 'default', 'retention', 'topics', 'traffic', 'created'];
