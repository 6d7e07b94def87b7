// UI state only (DESIGN.md): which screen is open, the chosen theme, which account is selected and
// whether the Connect screen is open. Data from the core lives in react-query. The theme and the
// selected account survive a reload (localStorage); nothing secret is ever put here.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ScreenId } from '../screens/catalogue';

export type ThemeChoice = 'system' | 'light' | 'dark';

interface UiState {
  screen: ScreenId;
  theme: ThemeChoice;
  /** The account the shell shows; null, or an ID no longer signed in, means the first account. */
  selectedAccount: string | null;
  /** "Add an organization…" was chosen: the Connect screen is shown over the shell. */
  connectOpen: boolean;
  openScreen(screen: ScreenId): void;
  setTheme(theme: ThemeChoice): void;
  selectAccount(id: string | null): void;
  openConnect(): void;
  closeConnect(): void;
}

export const UI_STORAGE_KEY = 'realm-console.ui';

export const useUi = create<UiState>()(
  persist(
    (set) => ({
      screen: 'overview',
      theme: 'system',
      selectedAccount: null,
      connectOpen: false,
      openScreen: (screen) => set({ screen }),
      setTheme: (theme) => set({ theme }),
      selectAccount: (selectedAccount) => set({ selectedAccount }),
      openConnect: () => set({ connectOpen: true }),
      closeConnect: () => set({ connectOpen: false }),
    }),
    {
      name: UI_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only choices worth keeping across a restart; an open dialog or screen is not.
      partialize: (state) => ({ theme: state.theme, selectedAccount: state.selectedAccount }),
    },
  ),
);
