// UI state only: which screen is open, the chosen theme, which account is selected, whether the
// Connect screen is open, and the leave guard of a screen with unsaved edits. Data from the core lives
// in react-query. The theme and the selected account survive a reload (localStorage); nothing secret
// is ever put here.
import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ScreenId } from '../screens/screen-ids';

export type ThemeChoice = 'system' | 'light' | 'dark';

/**
 * What leaving would lose: a sentence ("Your changes to 3 settings are not saved.") and how many
 * edits it holds, so the question agrees in number with it.
 */
export interface Unsaved {
  sentence: string;
  count: number;
}

/**
 * Asked before the shell leaves the open screen (for another screen, another organization or the
 * Connect screen): what would be lost, or null when nothing would.
 */
export type LeaveGuard = () => Unsaved | null;

/** A move away from the open screen, waiting for the user to agree to lose unsaved edits. */
export interface PendingLeave {
  unsaved: Unsaved;
  leave(): void;
}

interface UiState {
  screen: ScreenId;
  theme: ThemeChoice;
  /** The account the shell shows; null, or an ID no longer signed in, means the first account. */
  selectedAccount: string | null;
  /** "Add an organization…" was chosen: the Connect screen is shown over the shell. */
  connectOpen: boolean;
  leaveGuard: LeaveGuard | null;
  /** Shown by app/LeaveConfirm.tsx, which asks the user. */
  pendingLeave: PendingLeave | null;
  openScreen(screen: ScreenId): void;
  setTheme(theme: ThemeChoice): void;
  selectAccount(id: string | null): void;
  openConnect(): void;
  closeConnect(): void;
  /** One guard at a time: only one screen is open. Null removes it. */
  setLeaveGuard(guard: LeaveGuard | null): void;
  /**
   * Makes a move that would drop the open screen's unsaved edits (another screen, or a move inside
   * the screen, such as opening another channel): at once, or once the user agrees.
   */
  leaveThen(move: () => void): void;
  confirmLeave(): void;
  cancelLeave(): void;
}

export const UI_STORAGE_KEY = 'realm-console.ui';

export const useUi = create<UiState>()(
  persist(
    (set, get) => {
      /** Moves at once, or, when the open screen holds unsaved edits, once the user agrees. */
      const leaveThen = (move: () => void) => {
        const unsaved = get().leaveGuard?.() ?? null;
        if (unsaved === null) move();
        else set({ pendingLeave: { unsaved, leave: move } });
      };
      return {
        screen: 'overview',
        theme: 'system',
        selectedAccount: null,
        connectOpen: false,
        leaveGuard: null,
        pendingLeave: null,
        openScreen: (screen) => {
          if (screen !== get().screen) leaveThen(() => set({ screen }));
        },
        setTheme: (theme) => set({ theme }),
        selectAccount: (selectedAccount) => {
          if (selectedAccount !== get().selectedAccount) leaveThen(() => set({ selectedAccount }));
        },
        openConnect: () => leaveThen(() => set({ connectOpen: true })),
        closeConnect: () => set({ connectOpen: false }),
        setLeaveGuard: (leaveGuard) => set({ leaveGuard }),
        leaveThen,
        confirmLeave: () => {
          const pending = get().pendingLeave;
          // The guard belongs to the screen being left; the screen that comes next sets its own.
          set({ pendingLeave: null, leaveGuard: null });
          pending?.leave();
        },
        cancelLeave: () => set({ pendingLeave: null }),
      };
    },
    {
      name: UI_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only choices worth keeping across a restart; an open dialog or screen is not.
      partialize: (state) => ({ theme: state.theme, selectedAccount: state.selectedAccount }),
    },
  ),
);

/**
 * For a screen: while `unsaved` is a sentence (not null), leaving the screen first asks the user,
 * showing that sentence; `count` is how many edits it holds (one: a form being filled in). Pass null
 * once the edits are saved or dropped.
 */
export function useLeaveGuard(unsaved: string | null, count = 1): void {
  const setLeaveGuard = useUi((state) => state.setLeaveGuard);
  useEffect(() => {
    if (unsaved === null) return;
    const guard: LeaveGuard = () => ({ sentence: unsaved, count });
    setLeaveGuard(guard);
    return () => {
      // Only its own: a screen mounted meanwhile may have set another.
      if (useUi.getState().leaveGuard === guard) setLeaveGuard(null);
    };
  }, [unsaved, count, setLeaveGuard]);
}
