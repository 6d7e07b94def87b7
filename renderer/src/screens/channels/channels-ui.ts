// The Channels screen's UI state (zustand, UI only): the tab, the search and filters, the sort, the
// focused row, the open channel and whether the creation form is open, the channels selected in the
// list and the move job it shows, and the permission matrix's selected cells and the bulk change it
// shows. It outlives the screen, so going
// elsewhere and back keeps the search; switching organizations starts afresh.
import { create } from 'zustand';
import { EMPTY_SELECTION, type Selection } from '../../lists/selection';
import { NO_CHANNEL_FILTERS, type ChannelFilters, type SortOrder } from './channel-index';
import { NO_SELECTION as NO_CELLS, type Selection as CellSelection } from './matrix/matrix-selection';

export type ChannelsTab = 'channels' | 'matrix' | 'folders' | 'activity';

interface ChannelsUiState {
  /** The account this state belongs to. */
  account: string | null;
  tab: ChannelsTab;
  filters: ChannelFilters;
  sort: SortOrder;
  focused: number | null;
  /** The channel shown in the editor. */
  opened: number | null;
  creating: boolean;
  /** The activity log tab's channel (null: every channel's changes). */
  historyChannel: number | null;
  /** The permission matrix's selected cells. */
  cells: CellSelection;
  /** The bulk change the matrix shows (running or done), or null. */
  matrixJob: string | null;
  /** Channels selected for a bulk move. */
  selection: Selection;
  /** The move job shown under the list. */
  moveJob: string | null;
  forAccount(account: string): void;
  setTab(tab: ChannelsTab): void;
  setFilters(change: Partial<ChannelFilters>): void;
  setSort(sort: SortOrder): void;
  focus(id: number | null): void;
  open(id: number | null): void;
  setCreating(creating: boolean): void;
  showHistory(channelId: number | null): void;
  selectCells(cells: CellSelection): void;
  showMatrixJob(id: string | null): void;
  setSelection(selection: Selection): void;
  showMoveJob(id: string | null): void;
}

const fresh: Pick<ChannelsUiState, 'tab' | 'filters' | 'sort' | 'focused' | 'opened' | 'creating' | 'historyChannel' | 'cells' | 'matrixJob' | 'selection' | 'moveJob'> = {
  tab: 'channels',
  filters: NO_CHANNEL_FILTERS,
  sort: { key: 'name', descending: false },
  focused: null,
  opened: null,
  creating: false,
  historyChannel: null,
  cells: NO_CELLS,
  matrixJob: null,
  selection: EMPTY_SELECTION,
  moveJob: null,
};

export const useChannelsUi = create<ChannelsUiState>()((set, get) => ({
  account: null,
  ...fresh,
  forAccount: (account) => {
    if (get().account !== account) set({ account, ...fresh });
  },
  setTab: (tab) => set({ tab }),
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  setSort: (sort) => set({ sort }),
  focus: (focused) => set({ focused }),
  open: (opened) => set({ opened, creating: false }),
  setCreating: (creating) => set({ creating, ...(creating ? { opened: null } : {}) }),
  showHistory: (historyChannel) => set({ historyChannel, tab: 'activity' }),
  selectCells: (cells) => set({ cells }),
  showMatrixJob: (matrixJob) => set({ matrixJob }),
  setSelection: (selection) => set({ selection }),
  showMoveJob: (moveJob) => set({ moveJob }),
}));
