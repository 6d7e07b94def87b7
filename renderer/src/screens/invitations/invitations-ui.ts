// The Invitations screen's UI state, per account: the open tab, the campaign being looked at, and the
// addresses being composed, so leaving the screen (or switching organizations) and coming back loses
// nothing typed or imported. In memory only: addresses are not written to the browser's storage.
import { create } from 'zustand';
import type { CsvChoice } from './compose/csv-columns';
import type { CsvTable } from './compose/csv-file';

export type InvitationsTab = 'compose' | 'campaigns' | 'pending';

export interface ComposeDraft {
  mode: 'paste' | 'csv';
  text: string;
  csv: { table: CsvTable; choice: CsvChoice } | null;
}

export interface AccountUi {
  tab: InvitationsTab;
  /** The campaign open in the Campaigns tab; null shows the list. */
  campaignId: string | null;
  draft: ComposeDraft;
}

const INITIAL: AccountUi = { tab: 'compose', campaignId: null, draft: { mode: 'paste', text: '', csv: null } };

interface InvitationsUiState {
  byAccount: Record<string, AccountUi>;
  update(account: string, change: Partial<AccountUi>): void;
  updateDraft(account: string, change: Partial<ComposeDraft>): void;
}

export const useInvitationsUiStore = create<InvitationsUiState>((set) => ({
  byAccount: {},
  update: (account, change) => set((state) => ({ byAccount: { ...state.byAccount, [account]: { ...(state.byAccount[account] ?? INITIAL), ...change } } })),
  updateDraft: (account, change) =>
    set((state) => {
      const current = state.byAccount[account] ?? INITIAL;
      return { byAccount: { ...state.byAccount, [account]: { ...current, draft: { ...current.draft, ...change } } } };
    }),
}));

/** One account's state and its setters. */
export function useInvitationsUi(account: string) {
  const ui = useInvitationsUiStore((state) => state.byAccount[account] ?? INITIAL);
  const update = useInvitationsUiStore((state) => state.update);
  const updateDraft = useInvitationsUiStore((state) => state.updateDraft);
  return {
    ...ui,
    openTab: (tab: InvitationsTab) => update(account, { tab }),
    openCampaign: (campaignId: string | null) => update(account, { tab: 'campaigns', campaignId }),
    updateDraft: (change: Partial<ComposeDraft>) => updateDraft(account, change),
  };
}
