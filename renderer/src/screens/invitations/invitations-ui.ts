// The Invitations screen's UI state, per account: the open tab, the campaign being looked at, and the
// campaign being composed (its addresses, the check, what to do with the addresses that will fail,
// and every option), so leaving the screen (or switching organizations) and coming back keeps the
// whole form, never half of it. Sending a campaign clears all of it at once. In memory only:
// addresses are not written to the browser's storage.
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Invitee } from '../../../../shared/ipc';
import type { CampaignFormValues } from './compose/campaign-form';
import type { CsvChoice } from '../../components/csv-import/csv-columns';
import type { CsvTable } from '../../components/csv-import/csv-file';

export type InvitationsTab = 'compose' | 'campaigns' | 'pending';

/** The addresses last checked; the results live in react-query (queries/invitations.ts), kept live. */
export interface DraftCheck {
  id: string;
  addresses: Invitee[];
}

export interface ComposeDraft {
  mode: 'paste' | 'csv';
  text: string;
  csv: { table: CsvTable; choice: CsvChoice } | null;
  check: DraftCheck | null;
  /** Addresses the check says will fail: left out of the campaign (the default), or sent anyway. */
  failing: 'leave' | 'send';
  /**
   * The pending invitations (their IDs) resent from the check: the campaign's report lists their
   * addresses as resent, not as left out.
   */
  resent: number[];
}

export interface AccountUi {
  tab: InvitationsTab;
  /** The campaign open in the Campaigns tab; null shows the list. */
  campaignId: string | null;
  draft: ComposeDraft;
  /** The options form as last left; null until it first shows (its defaults depend on the user's role). */
  options: CampaignFormValues | null;
}

export const EMPTY_DRAFT: ComposeDraft = { mode: 'paste', text: '', csv: null, check: null, failing: 'leave', resent: [] };
const INITIAL: AccountUi = { tab: 'compose', campaignId: null, draft: EMPTY_DRAFT, options: null };

interface InvitationsUiState {
  byAccount: Record<string, AccountUi>;
  update(account: string, change: Partial<AccountUi>): void;
  updateDraft(account: string, change: Partial<ComposeDraft>): void;
  /** Adds to the draft's resent invitations as they are now (a resend answers later than it was asked). */
  markResent(account: string, inviteIds: readonly number[]): void;
  /** After sending: the addresses, the check and the options go together. */
  clearCompose(account: string): void;
}

export const useInvitationsUiStore = create<InvitationsUiState>((set) => {
  const change = (account: string, next: (current: AccountUi) => Partial<AccountUi>) =>
    set((state) => {
      const current = state.byAccount[account] ?? INITIAL;
      return { byAccount: { ...state.byAccount, [account]: { ...current, ...next(current) } } };
    });
  return {
    byAccount: {},
    update: (account, partial) => change(account, () => partial),
    updateDraft: (account, partial) => change(account, (current) => ({ draft: { ...current.draft, ...partial } })),
    markResent: (account, inviteIds) => change(account, (current) => ({ draft: { ...current.draft, resent: [...new Set([...current.draft.resent, ...inviteIds])] } })),
    clearCompose: (account) => change(account, () => ({ draft: EMPTY_DRAFT, options: null })),
  };
});

const accountUi = (state: InvitationsUiState, account: string) => state.byAccount[account] ?? INITIAL;

/** The open tab and campaign, and their setters. */
export function useInvitationsUi(account: string) {
  const { tab, campaignId } = useInvitationsUiStore(useShallow((state) => ({ tab: accountUi(state, account).tab, campaignId: accountUi(state, account).campaignId })));
  const update = useInvitationsUiStore((state) => state.update);
  return {
    tab,
    campaignId,
    openTab: (next: InvitationsTab) => update(account, { tab: next }),
    openCampaign: (id: string | null) => update(account, { tab: 'campaigns', campaignId: id }),
  };
}

/** The campaign being composed (not its options: typing in them must not repaint the addresses). */
export function useComposeDraft(account: string) {
  const draft = useInvitationsUiStore((state) => accountUi(state, account).draft);
  const updateDraft = useInvitationsUiStore((state) => state.updateDraft);
  const clearCompose = useInvitationsUiStore((state) => state.clearCompose);
  const markResent = useInvitationsUiStore((state) => state.markResent);
  return {
    draft,
    updateDraft: (change: Partial<ComposeDraft>) => updateDraft(account, change),
    markResent: (inviteIds: readonly number[]) => markResent(account, inviteIds),
    clearCompose: () => clearCompose(account),
  };
}

/** The options as last left, read once when the form opens; saved as they change. */
export function savedOptions(account: string): CampaignFormValues | null {
  return accountUi(useInvitationsUiStore.getState(), account).options;
}

export function saveOptions(account: string, options: CampaignFormValues): void {
  useInvitationsUiStore.getState().update(account, { options });
}
