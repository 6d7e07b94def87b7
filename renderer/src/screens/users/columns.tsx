// The users table's columns (react-table): what each shows, and which sort. Sorting itself runs in
// user-index.ts over the whole realm (manual sorting): the table only holds the sort state and its
// header controls.
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import { gridColumns } from '../../lists/VirtualGrid';
import { formatJoined } from './dates';
import { LastSeenText } from './last-seen';
import type { SortKey } from './user-index';

const helper = gridColumns<User>();

export { formatJoined, joinedFormat } from './dates';

export const columns = helper.columns([
  helper.accessor('full_name', {
    id: 'name',
    header: 'Name',
    sortDescFirst: false,
    cell: ({ row }) => (
      <>
        <span className="user-name">{row.original.full_name}</span>
        <span className="user-email">{row.original.delivery_email ?? row.original.email}</span>
      </>
    ),
  }),
  helper.accessor('role', {
    id: 'role',
    header: 'Role',
    // Owners first: the role numbers grow as power shrinks, and react-table starts numbers descending.
    sortDescFirst: false,
    cell: ({ row }) => ROLE_NAMES[row.original.role],
  }),
  helper.accessor('is_active', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        {row.original.is_active ? <span className="tag" data-tone="success">Active</span> : <span className="tag">Deactivated</span>}
        {row.original.is_bot && <span className="tag" data-tone="warning">Bot</span>}
      </>
    ),
  }),
  helper.accessor('date_joined', {
    id: 'joined',
    header: 'Joined',
    // Newest first is what one looks for when sorting by date.
    sortDescFirst: true,
    cell: ({ row }) => formatJoined(row.original.date_joined),
  }),
  helper.display({
    id: 'lastActive',
    header: 'Last active',
    cell: ({ row }) => <LastSeenText user={row.original} />,
  }),
]);

/** The columns that sort, by their ids. */
export const SORT_KEYS: readonly SortKey[] = ['name', 'role', 'joined'];
