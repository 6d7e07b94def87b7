// The Moderation screen's tests' stage: the whole app on the Moderation screen over a fake bridge that
// answers like the core (the sample reports, their users, a channel message's conversation, the triage
// state kept across rereads), and the report list as a user finds it.
import { cleanup, screen, within } from '@testing-library/react';
import type { Account, ModerationInbox, ReportContext } from '../../../../../shared/ipc';
import { App } from '../../../app/App';
import { useToasts } from '../../../stores/toasts';
import { useUi } from '../../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { useModerationUi } from '../moderation-ui';
import { CHANNEL_CONTEXT, MOD_USERS, sampleReports } from './report-samples';

export const NOW = Math.floor(Date.now() / 1000);
export const CHANNEL = { id: 9, name: 'moderation' };

export function showModeration(inbox: Partial<ModerationInbox> = {}, answers: Answers = {}, account: Account = olivia) {
  let current: ModerationInbox = { channel: CHANNEL, readable: true, reports: sampleReports(NOW), ...inbox };
  const bridge = installFakeBridge({
    'accounts.list': () => [account],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'moderation.inbox': () => current,
    'realm.users.list': () => MOD_USERS,
    'moderation.context': (): ReportContext => CHANNEL_CONTEXT,
    // The core keeps the triage state: a reread after marking sees it.
    'moderation.markReviewed': ({ reportIds, reviewed }) => {
      const status = reviewed ? 'reviewed' : 'new';
      current = { ...current, reports: current.reports.map((r) => (reportIds.includes(r.id) ? { ...r, status } : r)) };
      return null;
    },
    ...answers,
  });
  renderWithQueries(<App />);
  return { bridge, setInbox: (next: ModerationInbox) => (current = next) };
}

export const list = () => screen.findByRole('listbox', { name: 'Reports' });
export const rows = async () => within(await list()).getAllByRole('option');
export const rowText = async () => (await rows()).map((row) => row.querySelector('.report-row-who')?.textContent);

/** For beforeEach: the Moderation screen, no filters, the flat list, no toasts. */
export function resetModeration(): void {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'moderation' });
  useModerationUi.getState().clearFilters();
  useModerationUi.getState().setView('list');
  useToasts.setState({ toasts: [] });
}

/** For afterEach. */
export function closeModeration(): void {
  cleanup();
  removeFakeBridge();
}
