// The Channels screen's UI state (zustand, UI only): the tab, the search and filters, the sort, the
// focused row, the open channel and whether the creation form is open. It outlives the screen, so going
// elsewhere and back keeps the search; switching organizations starts afresh.
import { create } from 'zustand';
import { EMPTY_SELECTION, type Selection } from '../../lists/selection';
import { NO_CHANNEL_FILTERS, type ChannelFilters, type SortOrder } from './channel-index';

export type ChannelsTab = 'channels' | 'folders' | 'activity';

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
  setSelection(selection: Selection): void;
  showMoveJob(id: string | null): void;
}

const fresh: Pick<ChannelsUiState, 'tab' | 'filters' | 'sort' | 'focused' | 'opened' | 'creating' | 'historyChannel' | 'selection' | 'moveJob'> = {
  tab: 'channels',
  filters: NO_CHANNEL_FILTERS,
  sort: { key: 'name', descending: false },
  focused: null,
  opened: null,
  creating: false,
  historyChannel: null,
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
  setSelection: (selection) => set({ selection }),
  showMoveJob: (moveJob) => set({ moveJob }),
}));
