// The Moderation screen's reads and actions, and what its pushes do to them. The inbox is kept current
// by `realm.changed` pushes for 'reports' (the core says which reports changed; there is no read of
// single reports, so the inbox is reread); a report's conversation by those for 'messages' (deleted
// messages: a conversation showing one is reread); `moderation.report` pushes raise a notice. Changes to
// the reported user go through the one set of user hooks (queries/users.ts).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, AppInfo, ModerationInbox, Push, RealmChange, ReportContext } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { toast } from '../stores/toasts';
import { useUi } from '../stores/ui';
import { queryKeys } from './keys';

export const moderationKeys = {
  // Under the account's prefix, so a resync or a sign-out reaches them with the rest.
  inbox: (account: string) => [...queryKeys.account(account), 'moderation.inbox'] as const,
  contexts: (account: string) => [...queryKeys.account(account), 'moderation.context'] as const,
  context: (account: string, reportId: number) => [...moderationKeys.contexts(account), reportId] as const,
};

export function useModerationInbox(account: string) {
  return useQuery({
    queryKey: moderationKeys.inbox(account),
    queryFn: () => call('moderation.inbox', { account }),
    // Pushes reread it when reports change; time alone never makes it stale.
    staleTime: Infinity,
  });
}

/** The reported message among its neighbours, or why it cannot be shown. */
export function useReportContext(account: string, reportId: number) {
  return useQuery({
    queryKey: moderationKeys.context(account, reportId),
    queryFn: () => call('moderation.context', { account, reportId }),
    // Deletions are pushed (applyReportChanges); edits and new messages around the report are not: a
    // report opened again after a minute reads them again.
    staleTime: 60_000,
  });
}

/** Marks reports reviewed (or new again) at once on screen; the core's answer confirms or undoes it. */
export function useMarkReviewed(account: string) {
  const client = useQueryClient();
  const key = moderationKeys.inbox(account);
  return useMutation({
    mutationFn: ({ reportIds, reviewed }: { reportIds: number[]; reviewed: boolean }) =>
      call('moderation.markReviewed', { account, reportIds, reviewed }),
    onMutate: async ({ reportIds, reviewed }) => {
      // A read under way would land after this change and bring the old status back.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ModerationInbox>(key);
      const ids = new Set(reportIds);
      const status = reviewed ? 'reviewed' : 'new';
      client.setQueryData<ModerationInbox>(key, (inbox) =>
        inbox && { ...inbox, reports: inbox.reports.map((r) => (ids.has(r.id) ? { ...r, status } : r)) },
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Deletes the message a report is about (the one its conversation shows). Its conversation is read
 * again whatever the answer: deleted, already gone, or still there after a refusal.
 */
export function useDeleteReportedMessage(account: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, messageId }: { reportId: number; messageId: number }) => call('moderation.deleteMessage', { account, reportId, messageId }),
    onSettled: (_data, _error, { reportId }) => client.invalidateQueries({ queryKey: moderationKeys.context(account, reportId) }),
  });
}

/**
 * For queries/pushes.ts: a change to the reports of an account rereads its inbox; deleted messages
 * reread the reports' conversations that show them (deleted here, by another administrator, or by the
 * sender), so an open report follows.
 */
export async function applyReportChanges(client: QueryClient, account: string, changes: RealmChange[]): Promise<void> {
  const work: Promise<void>[] = [];
  if (changes.some((change) => change.collection === 'reports')) work.push(client.invalidateQueries({ queryKey: moderationKeys.inbox(account) }));
  const deleted = new Set(changes.flatMap((change) => (change.collection === 'messages' ? change.ids : [])));
  if (deleted.size > 0) {
    work.push(
      client.invalidateQueries({
        queryKey: moderationKeys.contexts(account),
        predicate: (query) => (query.state.data as ReportContext | undefined)?.messages.some((message) => deleted.has(message.id)) ?? false,
      }),
    );
  }
  await Promise.all(work);
}

/**
 * For queries/pushes.ts: a new report raises a toast in browser mode. In the Electron app the main
 * process shows a desktop notification, which also reaches a user whose console window is hidden;
 * a toast as well would say the same thing twice. When the console cannot tell where it runs, it
 * shows the toast: twice is better than never.
 */
export async function notifyReport(client: QueryClient, push: Extract<Push, { kind: 'moderation.report' }>): Promise<void> {
  const info = await client
    .fetchQuery({ queryKey: ['app.info'], queryFn: () => call('app.info', {}), staleTime: Infinity, retry: false })
    .catch(() => null as AppInfo | null);
  if (info?.runtime.kind === 'electron') return;
  const accounts = client.getQueryData<Account[]>(queryKeys.accounts) ?? [];
  const realm = accounts.length > 1 ? accounts.find((a) => a.id === push.account)?.realmName : undefined;
  const onModeration = useUi.getState().screen === 'moderation';
  toast({
    kind: 'info',
    title: `New report${realm ? ` in ${realm}` : ''}: ${push.summary}`,
    action: onModeration ? 'It is in the inbox, marked new.' : 'Open Moderation to review it.',
  });
}
