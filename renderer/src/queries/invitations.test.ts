import { afterEach, describe, expect, test } from 'vitest';
import type { Campaign, CampaignSummary } from '../../../shared/ipc';
import { address, campaign, summaryOf } from '../screens/invitations/testing/invitation-samples';
import { installFakeBridge, removeFakeBridge } from '../testing/fake-bridge';
import { createQueryClient } from './client';
import { applyInvitationChanges, inviteKeys } from './invitations';
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

describe('realm changes on the Invitations screen', () => {
  const cached = () => {
    const client = createQueryClient();
    for (const key of [inviteKeys.pending(ACCOUNT), inviteKeys.choices(ACCOUNT), inviteKeys.check(ACCOUNT, 'k1')]) client.setQueryData(key, []);
    const stale = () => ({
      pending: client.getQueryState(inviteKeys.pending(ACCOUNT))?.isInvalidated,
      choices: client.getQueryState(inviteKeys.choices(ACCOUNT))?.isInvalidated,
      check: client.getQueryState(inviteKeys.check(ACCOUNT, 'k1'))?.isInvalidated,
    });
    return { client, stale };
  };

  test('invitations reread the pending list and check the addresses again', async () => {
    const { client, stale } = cached();
    await applyInvitationChanges(client, ACCOUNT, [{ collection: 'invitations', ids: [] }]);
    expect(stale()).toEqual({ pending: true, choices: false, check: true });
  });

  test('a user change checks the addresses again and rereads the choices (the own role may have changed)', async () => {
    const { client, stale } = cached();
    await applyInvitationChanges(client, ACCOUNT, [{ collection: 'users', ids: [5] }]);
    expect(stale()).toEqual({ pending: false, choices: true, check: true });
  });

  test('channels, subscriptions and groups reread the choices only', async () => {
    for (const collection of ['channels', 'subscriptions', 'groups'] as const) {
      const { client, stale } = cached();
      await applyInvitationChanges(client, ACCOUNT, [{ collection, ids: [3] }]);
      expect(stale(), collection).toEqual({ pending: false, choices: true, check: false });
    }
  });

  test('reports and folders touch none of it', async () => {
    const { client, stale } = cached();
    await applyInvitationChanges(client, ACCOUNT, [{ collection: 'reports', ids: [1] }, { collection: 'folders', ids: [2] }]);
    expect(stale()).toEqual({ pending: false, choices: false, check: false });
  });
});
