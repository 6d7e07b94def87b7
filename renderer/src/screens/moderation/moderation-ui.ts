// The Moderation screen's UI state (zustand holds UI state only: docs/ARCHITECTURE.md): the filters and the view,
// kept while the user visits other screens so the inbox looks as they left it. Not persisted: a
// restart starts from every report, so nothing stays hidden by a forgotten filter.
import { create } from 'zustand';
import { NO_FILTERS, type InboxFilters } from './inbox-filters';

export type InboxView = 'list' | 'grouped';

interface ModerationUiState {
  filters: InboxFilters;
  view: InboxView;
  setFilters(change: Partial<InboxFilters>): void;
  clearFilters(): void;
  setView(view: InboxView): void;
}

export const useModerationUi = create<ModerationUiState>((set) => ({
  filters: NO_FILTERS,
  view: 'list',
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  clearFilters: () => set({ filters: NO_FILTERS }),
  setView: (view) => set({ view }),
}));
