// The users table: the shared virtual grid (lists/VirtualGrid.tsx) with the users' columns. A plain
// click selects a user as well as opening it, as the bulk buttons above act on the selection.
import type { User } from '../../../../shared/api/users';
import { VirtualGrid, type GridState } from '../../lists/VirtualGrid';
import { columns, SORT_KEYS } from './columns';
import type { SortKey } from './user-index';
import { MARKS } from './user-marks';
import '../../components/scroll-cue.css';

export type UsersTableProps = GridState<User, SortKey>;

export const rowDomId = (id: number) => `users-row-${id}`;
const idOf = (user: User) => user.user_id;
const selectLabel = (user: User) => `Select ${user.full_name}`;
const rowAttributes = (user: User) => ({ 'data-inactive': !user.is_active || undefined });

export function UsersTable(props: UsersTableProps) {
  return (
    <VirtualGrid
      {...props}
      label="Users"
      className="panel users-table scroll-cue"
      idOf={idOf}
      rowDomId={rowDomId}
      columns={columns}
      sortKeys={SORT_KEYS}
      marks={MARKS}
      clickSelects
      selectAllInHeader
      selectLabel={selectLabel}
      rowAttributes={rowAttributes}
      initialWidth={960}
    />
  );
}
