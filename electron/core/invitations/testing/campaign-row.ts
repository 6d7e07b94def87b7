// The reliability matrix's row for invitation campaigns (electron/core/testing/matrix-row.ts): a
// campaign of fresh addresses in small batches (invites.campaign.*). The server's word on each address
// is GET /invites and the sandbox's database: exactly one invitation row, sent once, for every address
// the campaign reports invited, and none for the others.
import { expect } from 'vitest';
import type { Campaign, CampaignSummary } from '../../../../shared/ipc';
import { invitationRows, pendingPerAddress, type FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';
import { freshAddresses, MEMBER_OPTIONS } from './campaign-harness';

interface CampaignSubject {
  emails: string[];
  id: string | null;
}

const ADDRESSES = 9;
const BATCH = 3;

/** The campaign once it has stopped sending by itself: finished, stopped, or paused for a reason that is not the network's. */
async function settled(h: FaultConsole, id: string): Promise<Campaign> {
  const campaign = await until(async () => {
    const current = await h.value<Campaign>('invites.campaign.get', { account: h.main.accountId, campaignId: id });
    const waiting = current.status === 'running' || (current.status === 'paused' && current.pauseReason === 'network');
    return !waiting && current;
  }, `campaign ${id} to settle`);
  await h.campaigns.whenIdle(id);
  return campaign;
}

function toldOf(campaign: Campaign): Told {
  const notInvited = campaign.addresses.filter((address) => address.outcome !== 'invited');
  return {
    ok: campaign.status === 'done' && notInvited.length === 0,
    said: [...(campaign.detail ? [campaign.detail] : []), ...notInvited.map((address) => address.reason ?? `${address.email}: ${address.outcome}`)],
  };
}

async function expectOnServer(h: FaultConsole, invited: Map<string, boolean>): Promise<void> {
  const pending = await pendingPerAddress(h.main);
  const rows = invitationRows(h.main);
  for (const [email, yes] of invited) {
    const key = email.toLowerCase();
    expect({ email, pending: pending.get(key) ?? 0 }).toEqual({ email, pending: yes ? 1 : 0 });
    expect({ email, rows: rows.get(key) ?? { rows: 0, sends: 0 } }).toEqual({ email, rows: yes ? { rows: 1, sends: 1 } : { rows: 0, sends: 0 } });
  }
}

export const invitationCampaign = row<CampaignSubject>({
  name: 'invitation campaign',
  writes: { method: 'POST', path: '/api/v1/invites' },
  target: (h) => h.main,
  prepare: async (_h, index) => ({ emails: freshAddresses(`matrix-${index}`, ADDRESSES).map((address) => address.email), id: null }),
  async run(h, subject) {
    const started = await h.value<CampaignSummary>('invites.campaign.start', {
      account: h.main.accountId,
      addresses: subject.emails.map((email) => ({ email, name: null })),
      options: MEMBER_OPTIONS,
      batchSize: BATCH,
    });
    subject.id = started.id;
    return toldOf(await settled(h, started.id));
  },
  async retry(h, subject) {
    await h.value('invites.campaign.retryFailed', { account: h.main.accountId, campaignId: subject.id });
    return toldOf(await settled(h, subject.id as string));
  },
  async truthful(h, subject, told) {
    expectWords(told);
    const campaign = await h.value<Campaign>('invites.campaign.get', { account: h.main.accountId, campaignId: subject.id });
    await expectOnServer(h, new Map(campaign.addresses.map((address) => [address.email, address.outcome === 'invited'])));
  },
  done: (h, { emails }) => expectOnServer(h, new Map(emails.map((email) => [email, true]))),
});
