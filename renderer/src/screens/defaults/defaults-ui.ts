// The Default settings screen's UI state (docs/ARCHITECTURE.md: zustand for UI state only): the unsaved edits
// (local until reviewed), the search, the tab, and what the last save and import said. It outlives the
// screen, so going to another screen and back keeps the edits; another organization starts afresh.
import { create } from 'zustand';
import type { UserSettingName, UserSettingValue } from '../../../../shared/api';
import type { DefaultsValues, Edits } from '../../../../shared/domain/defaults-edits';

export type DefaultsTab = 'settings' | 'compare' | 'activity';

/** Where the current edits came from, when a file brought them. */
export interface ImportInfo {
  fileName: string;
  fromRealm: string;
  featureLevel: number;
  exportedAt: string;
  /**
   * The settings the import made edits of (the file's values that differed from the server's). What
   * the import did is counted from these, never from whatever the edits are later: a reset or a
   * change of one's own is not the file's.
   */
  values: DefaultsValues;
}

/** Settings a save sent and the server ignored: they are marked on the form, never shown as saved. */
export type IgnoredSettings = Partial<Record<UserSettingName, UserSettingValue>>;

export interface SaveReport {
  saved: number;
  ignored: UserSettingName[];
}

interface DefaultsUiState {
  account: string | null;
  tab: DefaultsTab;
  edits: Edits;
  /** Settings whose typed value is not valid yet (not an edit until it is). */
  invalid: Partial<Record<UserSettingName, string>>;
  query: string;
  importInfo: ImportInfo | null;
  ignored: IgnoredSettings;
  lastSave: SaveReport | null;
  /** The copy to other realms shown in its panel. */
  copyId: string | null;
  /** Bumped when edits are dropped wholesale (discard, import), so controls forget what was typed. */
  generation: number;
  forAccount(account: string): void;
  setTab(tab: DefaultsTab): void;
  setEdits(edits: Edits): void;
  setInvalid(name: UserSettingName, problem: string | null): void;
  setQuery(query: string): void;
  imported(edits: Edits, info: ImportInfo): void;
  saved(edits: Edits, report: SaveReport, ignored: IgnoredSettings): void;
  discard(): void;
  showCopy(copyId: string | null): void;
  dismissSaveReport(): void;
}

const fresh = { tab: 'settings', edits: {}, invalid: {}, query: '', importInfo: null, ignored: {}, lastSave: null, copyId: null, generation: 0 } as const;

export const useDefaultsUi = create<DefaultsUiState>()((set, get) => ({
  account: null,
  ...fresh,
  forAccount: (account) => {
    if (get().account !== account) set({ account, ...fresh });
  },
  setTab: (tab) => set({ tab }),
  setEdits: (edits) => set((state) => ({ edits, lastSave: null, importInfo: stillFromImport(state.importInfo, edits) })),
  setInvalid: (name, problem) =>
    set((state) => {
      const { [name]: _old, ...rest } = state.invalid;
      return { invalid: problem ? { ...rest, [name]: problem } : rest };
    }),
  setQuery: (query) => set({ query }),
  imported: (edits, importInfo) => set((state) => ({ edits, importInfo, invalid: {}, lastSave: null, generation: state.generation + 1 })),
  saved: (edits, lastSave, ignored) => set((state) => ({ edits, lastSave, ignored: { ...state.ignored, ...ignored }, importInfo: stillFromImport(state.importInfo, edits) })),
  discard: () => set((state) => ({ edits: {}, invalid: {}, importInfo: null, generation: state.generation + 1 })),
  showCopy: (copyId) => set({ copyId }),
  dismissSaveReport: () => set({ lastSave: null }),
}));

/** The settings whose edit still holds the value the file brought (and, given the server's values, still changes it). */
export function importedStill(info: ImportInfo, edits: Edits, server?: DefaultsValues): UserSettingName[] {
  return (Object.keys(info.values) as UserSettingName[]).filter((name) => {
    const value = info.values[name];
    return edits[name]?.value === value && (!server || server[name] !== value);
  });
}

/**
 * The import the edits still come from, or null once none of them is the file's any more (all reset,
 * discarded, changed or saved), so the screen, the review and the save never credit the file with
 * edits it did not make. An import that changed nothing is over at the next edit, for the same reason.
 */
function stillFromImport(info: ImportInfo | null, edits: Edits): ImportInfo | null {
  return info && importedStill(info, edits).length > 0 ? info : null;
}

/** What the import notice says: how many settings the file changed, and how many of them are still its values. */
export interface ImportState {
  info: ImportInfo;
  brought: number;
  still: number;
}

/** The import as the screen shows it now (the server may have come to match some of its values meanwhile). */
export function importState(info: ImportInfo | null, edits: Edits, server: DefaultsValues): ImportState | null {
  if (!info) return null;
  const brought = Object.keys(info.values).length;
  const still = importedStill(info, edits, server).length;
  return brought === 0 || still > 0 ? { info, brought, still } : null;
}

/**
 * What leaving the screen (or switching organization) would lose, as the shell's leave guard says it
 * (stores/ui.ts), or null when nothing would.
 */
export function unsavedSentence(state: Pick<DefaultsUiState, 'edits' | 'invalid'>, realmName: string, server?: DefaultsValues): string | null {
  const count = unsavedCount(state, server);
  if (count === 0) return null;
  return `You have ${count === 1 ? 'an unsaved change' : `${count} unsaved changes`} to the default settings of ${realmName}.`;
}

/**
 * How many settings hold an unsaved edit (a valid one or not). With the server's values, an edit the
 * server has come to match meanwhile is no change, as the save bar counts it.
 */
export function unsavedCount(state: Pick<DefaultsUiState, 'edits' | 'invalid'>, server?: DefaultsValues): number {
  const edited = Object.entries(state.edits).flatMap(([name, edit]) => (server && edit?.value === server[name as UserSettingName] ? [] : [name]));
  return new Set([...edited, ...Object.keys(state.invalid)]).size;
}
