// The Invitations screen's reads and writes: the options a campaign may use, checking addresses,
// campaigns (a journaled job in the core) and pending invitations. All of them are kept current by
// pushes (job.progress, and realm.changed routed by queries/pushes.ts to the functions at the end),
// so they never go stale by time, and an open form follows what changes under it.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignSummary, ChannelInput, InviteOutcome, Invitee, JobProgress, RealmChange, ReportStatus } from '../../../shared/ipc';
import { InviteOutcome as Outcomes } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { errorWords } from '../errors/words';
import { toast } from '../stores/toasts';

/** Under ['account', id] like every other key (queries/keys.ts), so a resync or sign-out reaches them. */
export const inviteKeys = {
  all: (account: string) => ['account', account, 'invites'] as const,
  choices: (account: string) => ['account', account, 'invites', 'choices'] as const,
  checks: (account: string) => ['account', account, 'invites', 'check'] as const,
  check: (account: string, id: string) => ['account', account, 'invites', 'check', id] as const,
  pending: (account: string) => ['account', account, 'invites', 'pending'] as const,
  campaigns: (account: string) => ['account', account, 'invites', 'campaigns'] as const,
  campaign: (account: string, id: string) => ['account', account, 'invites', 'campaign', id] as const,
  welcome: (account: string, content: string) => ['account', account, 'invites', 'welcome', content] as const,
};

export function useInviteChoices(account: string) {
  // Reread when the form opens, and whenever a channel, group, subscription or role changes (below).
  return useQuery({ queryKey: inviteKeys.choices(account), queryFn: () => call('invites.choices', { account }) });
}

/**
 * What the core's check says of these addresses (one `id` per press of "Check"). A query, not a
 * one-off call, so it follows the organization: a change to the users or to the pending invitations
 * checks the same addresses again, and the results on screen stay true while the form is open.
 */
export function useAddressCheck(account: string, check: { id: string; addresses: Invitee[] } | null) {
  return useQuery({
    queryKey: inviteKeys.check(account, check?.id ?? 'none'),
    queryFn: () => call('invites.check', { account, addresses: check?.addresses ?? [] }),
    enabled: check !== null,
    staleTime: Infinity,
    // Kept while the user looks at another screen: coming back shows the same check, rechecked if stale.
    gcTime: 30 * 60_000,
  });
}

/** The welcome message as the server renders it (POST /messages/render); `content` is already debounced. */
export function useWelcomePreview(account: string, content: string | null) {
  return useQuery({
    queryKey: inviteKeys.welcome(account, content ?? ''),
    queryFn: () => call('invites.renderWelcome', { account, content: content ?? '' }),
    enabled: content !== null && content.trim() !== '',
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useCampaigns(account: string) {
  return useQuery({ queryKey: inviteKeys.campaigns(account), queryFn: () => call('invites.campaign.list', { account }), staleTime: Infinity });
}

export function useCampaign(account: string, campaignId: string) {
  return useQuery({
    queryKey: inviteKeys.campaign(account, campaignId),
    queryFn: () => call('invites.campaign.get', { account, campaignId }),
    staleTime: Infinity,
  });
}

export function useStartCampaign(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'invites.campaign.start'>, 'account'>) => call('invites.campaign.start', { account, ...input }),
    onSuccess: (summary) => {
      client.setQueryData<CampaignSummary[]>(inviteKeys.campaigns(account), (list) => (list ? [summary, ...list.filter((c) => c.id !== summary.id)] : list));
      void client.invalidateQueries({ queryKey: inviteKeys.campaigns(account) });
    },
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel' | 'retryFailed';

const ACTION_NAMES: Record<CampaignAction, string> = {
  pause: 'pause the campaign',
  resume: 'resume the campaign',
  cancel: 'cancel the campaign',
  retryFailed: 'retry the failed addresses',
};

export function useCampaignAction(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, campaignId }: { action: CampaignAction; campaignId: string }) => call(`invites.campaign.${action}`, { account, campaignId }),
    onSuccess: (summary) => {
      patchSummary(client, account, summary.id, () => summary);
      // The addresses moved (retry puts failed ones back to pending): reread them.
      void client.invalidateQueries({ queryKey: inviteKeys.campaign(account, summary.id) });
    },
    onError: (error, { action }) => {
      const words = errorWords(error);
      toast({ kind: 'error', title: `Could not ${ACTION_NAMES[action]}: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
    },
  });
}

export function useExportCampaign(account: string) {
  return useMutation({
    mutationFn: ({ campaignId, outcome }: { campaignId: string; outcome: ReportStatus | null }) => call('invites.campaign.exportCsv', { account, campaignId, outcome }),
    onError: (error) => {
      const words = errorWords(error);
      toast({ kind: 'error', title: `Could not export the report: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
    },
  });
}

export function usePendingInvites(account: string) {
  return useQuery({ queryKey: inviteKeys.pending(account), queryFn: () => call('invites.pending.list', { account }), staleTime: Infinity });
}

export function usePendingAction(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, inviteId }: { action: 'revoke' | 'resend'; inviteId: number }) => call(`invites.pending.${action}`, { account, inviteId }),
    // The core also pushes realm.changed for 'invitations'; rereading here covers a missed push.
    onSettled: () => client.invalidateQueries({ queryKey: inviteKeys.pending(account) }),
  });
}

/**
 * Resends invitations one after another (upstream has no bulk resend), reporting progress; stops at
 * the first refusal (the daily limit refuses every later one too) and says how far it got.
 */
export function useResendMany(account: string, onProgress: (done: number, total: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (invites: { id: number; email: string }[]): Promise<{ resent: number; failed: { email: string; error: unknown } | null }> => {
      let resent = 0;
      for (const invite of invites) {
        onProgress(resent, invites.length);
        try {
          await call('invites.pending.resend', { account, inviteId: invite.id });
        } catch (error) {
          return { resent, failed: { email: invite.email, error } };
        }
        resent++;
      }
      onProgress(resent, invites.length);
      return { resent, failed: null };
    },
    onSettled: () => client.invalidateQueries({ queryKey: inviteKeys.pending(account) }),
  });
}

/** The collections whose changes can change what a campaign may be sent with (invites.choices). */
const CHOICE_COLLECTIONS = new Set<RealmChange['collection']>(['channels', 'subscriptions', 'groups', 'realm', 'users']);

/**
 * realm.changed, for the Invitations screen: invitations (upstream's invites_changed carries no
 * detail) reread the pending list; they and the users check the composed addresses again; channels,
 * groups, subscriptions and roles reread what the options form offers. Only what is on screen is
 * reread now; the rest is marked stale and reread when it next shows.
 */
export async function applyInvitationChanges(client: QueryClient, account: string, changes: readonly RealmChange[]): Promise<void> {
  const touched = new Set(changes.map((change) => change.collection));
  const work: Promise<void>[] = [];
  if (touched.has('invitations')) work.push(client.invalidateQueries({ queryKey: inviteKeys.pending(account) }));
  if (touched.has('invitations') || touched.has('users')) work.push(client.invalidateQueries({ queryKey: inviteKeys.checks(account) }));
  if ([...touched].some((collection) => CHOICE_COLLECTIONS.has(collection))) work.push(client.invalidateQueries({ queryKey: inviteKeys.choices(account) }));
  await Promise.all(work);
}

/**
 * A campaign's job.progress push: the figures are patched in at once (the progress bar moves with no
 * round trip), then the per-address report is reread. While the campaign runs, a reread under way is
 * left to finish (pushes can come faster than a 10,000-address report is read, and cancelling each
 * time would starve it); the last push of a run (paused, done, stopped) always gets a fresh read.
 */
export async function applyCampaignProgress(client: QueryClient, account: string, job: JobProgress): Promise<void> {
  if (job.type !== 'campaign') return;
  const known = patchSummary(client, account, job.id, (summary) => ({
    ...summary,
    status: job.status,
    counts: mergeCounts(summary.counts, job.counts),
    etaSeconds: job.etaSeconds,
    detail: job.detail,
  }));
  const settled = job.status !== 'running';
  await Promise.all([
    client.invalidateQueries({ queryKey: inviteKeys.campaign(account, job.id) }, { cancelRefetch: settled }),
    // A campaign the list does not have yet (started in another window), or a pause whose reason changed.
    !known || settled ? client.invalidateQueries({ queryKey: inviteKeys.campaigns(account) }) : null,
  ]);
}

/** The push's counts (keyed by outcome) over the cached ones; keys the contract does not know are dropped. */
export function mergeCounts(counts: Record<InviteOutcome, number>, update: Record<string, number>): Record<InviteOutcome, number> {
  const merged = { ...counts };
  for (const outcome of Outcomes.options) {
    const value = update[outcome];
    if (value !== undefined) merged[outcome] = value;
  }
  return merged;
}

/** Applies `change` to the campaign's summary in the list and in its report; true when either had it. */
function patchSummary(client: QueryClient, account: string, id: string, change: (summary: CampaignSummary) => CampaignSummary): boolean {
  let known = false;
  client.setQueryData<CampaignSummary[]>(inviteKeys.campaigns(account), (list) => {
    if (!list?.some((c) => c.id === id)) return list;
    known = true;
    return list.map((c) => (c.id === id ? change(c) : c));
  });
  client.setQueryData<Campaign>(inviteKeys.campaign(account, id), (campaign) => {
    if (!campaign) return campaign;
    known = true;
    const { addresses, resentAddresses, leftOutAddresses } = campaign;
    return { ...change(campaign), addresses, resentAddresses, leftOutAddresses };
  });
  return known;
}
