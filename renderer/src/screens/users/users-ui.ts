// The Users screen's UI state (zustand holds UI state only: docs/ARCHITECTURE.md): the search and filters, the sort,
// the selection, the focused row, the open user and tab. It outlives the screen, so going to another
// screen and back keeps the search and the selection; switching organizations starts afresh.
import { create } from 'zustand';
import type { BatchRef } from '../../queries/users';
import { EMPTY_SELECTION, type Selection } from '../../lists/selection';
import { NO_FILTERS, type SortOrder, type UserFilters } from './user-index';

export type UsersTab = 'users' | 'activity';

interface UsersUiState {
  /** The account this state belongs to. */
  account: string | null;
  tab: UsersTab;
  filters: UserFilters;
  sort: SortOrder;
  selection: Selection;
  /** The row with keyboard focus. */
  focused: number | null;
  /** The user shown in the detail panel. */
  opened: number | null;
  /** The bulk job (a role change, a deactivation or reactivation) shown in the job panel. */
  batch: BatchRef | null;
  forAccount(account: string): void;
  setTab(tab: UsersTab): void;
  setFilters(change: Partial<UserFilters>): void;
  setSort(sort: SortOrder): void;
  setSelection(selection: Selection): void;
  focus(id: number | null): void;
  open(id: number | null): void;
  showBatch(batch: BatchRef | null): void;
}

const fresh = { tab: 'users', filters: NO_FILTERS, sort: { key: 'name', descending: false }, selection: EMPTY_SELECTION, focused: null, opened: null, batch: null } as const;

export const useUsersUi = create<UsersUiState>()((set, get) => ({
  account: null,
  ...fresh,
  forAccount: (account) => {
    if (get().account !== account) set({ account, ...fresh });
  },
  setTab: (tab) => set({ tab }),
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  setSort: (sort) => set({ sort }),
  setSelection: (selection) => set({ selection }),
  focus: (focused) => set({ focused }),
  open: (opened) => set({ opened }),
  showBatch: (batch) => set({ batch }),
}));
