// The users table's columns (react-table): what each shows, and which sort. Sorting itself runs in
// user-index.ts over the whole realm (manual sorting): the table only holds the sort state and its
// header controls.
import { createColumnHelper, rowSortingFeature, tableFeatures, type SortingState } from '@tanstack/react-table';
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import { formatJoined } from './dates';
import { LastSeenText } from './last-seen';
import type { SortKey, SortOrder } from './user-index';

export const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, User>();

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

export function toSorting(order: SortOrder): SortingState {
  return [{ id: order.key, desc: order.descending }];
}

export function fromSorting(sorting: SortingState, previous: SortOrder): SortOrder {
  const first = sorting[0];
  if (!first || !isSortKey(first.id)) return previous;
  return { key: first.id, descending: first.desc };
}

function isSortKey(id: string): id is SortKey {
  return id === 'name' || id === 'role' || id === 'joined';
}
