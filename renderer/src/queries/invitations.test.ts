import { afterEach, describe, expect, test } from 'vitest';
import type { Campaign, CampaignSummary } from '../../../shared/ipc';
import { address, campaign, summaryOf } from '../screens/invitations/testing/invitation-samples';
import { installFakeBridge, removeFakeBridge } from '../testing/fake-bridge';
import { createQueryClient } from './client';
import { inviteKeys } from './invitations';
import { createPushHandler } from './pushes';

const ACCOUNT = 'acc-olivia';

afterEach(removeFakeBridge);

describe('campaign pushes', () => {
  test('a job.progress push patches the figures at once, without waiting for the report to be reread', async () => {
    // The reread never answers: the figures must not depend on it.
    installFakeBridge({ 'invites.campaign.get': () => new Promise<Campaign>(() => undefined), 'invites.campaign.list': () => new Promise<CampaignSummary[]>(() => undefined) });
    const client = createQueryClient();
    const start = campaign([address('ann@example.com'), address('bob@example.com')]);
    client.setQueryData(inviteKeys.campaign(ACCOUNT, 'c1'), start);
    client.setQueryData(inviteKeys.campaigns(ACCOUNT), [summaryOf(start)]);

    const handle = createPushHandler(client);
    void handle({
      kind: 'job.progress',
      account: ACCOUNT,
      job: { id: 'c1', type: 'campaign', status: 'running', done: 1, total: 2, counts: { invited: 1, pending: 1, changed: 7 }, etaSeconds: 30, detail: null },
    });

    const patched = client.getQueryData<Campaign>(inviteKeys.campaign(ACCOUNT, 'c1'));
    expect(patched?.counts).toEqual({ ...start.counts, invited: 1, pending: 1 });
    expect(patched?.etaSeconds).toBe(30);
    expect(patched?.addresses).toEqual(start.addresses);
    expect(client.getQueryData<CampaignSummary[]>(inviteKeys.campaigns(ACCOUNT))?.[0]?.counts.invited).toBe(1);
  });

  test('another job’s progress leaves the campaigns alone', async () => {
    installFakeBridge({});
    const client = createQueryClient();
    const start = campaign([address('ann@example.com')]);
    client.setQueryData(inviteKeys.campaign(ACCOUNT, 'c1'), start);
    await createPushHandler(client)({
      kind: 'job.progress',
      account: ACCOUNT,
      job: { id: 'c1', type: 'roleBatch', status: 'done', done: 1, total: 1, counts: { changed: 1 }, etaSeconds: null, detail: null },
    });
    expect(client.getQueryData(inviteKeys.campaign(ACCOUNT, 'c1'))).toEqual(start);
  });
});
