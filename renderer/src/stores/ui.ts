// UI state only (DESIGN.md): which screen is open and the chosen theme. Data from the core lives in react-query.
import { create } from 'zustand';
import type { ScreenId } from '../screens/catalogue';

export type ThemeChoice = 'system' | 'light' | 'dark';

interface UiState {
  screen: ScreenId;
  theme: ThemeChoice;
  openScreen(screen: ScreenId): void;
  setTheme(theme: ThemeChoice): void;
}

export const useUi = create<UiState>((set) => ({
  screen: 'overview',
  theme: 'system',
  openScreen: (screen) => set({ screen }),
  setTheme: (theme) => set({ theme }),
}));
