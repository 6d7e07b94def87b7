// A console core in a process of its own, for the random-kill test (random-kills.reliability.test.ts)
// to end with SIGKILL at any moment: the real createCore on DATA_DIR (whose saved account it uses), so
// whatever a start does after a crash (resuming interrupted campaigns from their journals) happens as
// in the app. `node core-child.mjs DATA_DIR JOB` where JOB is JSON:
//   {"kind":"campaign","account":…,"tag":…,"count":…,"batchSize":…}  starts a campaign of fresh addresses;
//   {"kind":"resume","account":…,"campaignId":…}  only starts (the core resumes it) and waits for it;
//   {"kind":"roles","account":…,"userIds":[…],"role":…}  runs a bulk role job (a crash loses the job:
//     the user runs it again, and it skips whoever already has the role).
// It prints `ready` once the core is up, `started <id>` for a new campaign, and `finished <json>` with
// the campaign's or the job's summary at the end.
import type { Campaign, CampaignSummary, RoleBatch } from '../../../shared/ipc';
import { FileSecretStore } from '../accounts/file-secret-store';
import { createCore } from '../core';
import { freshAddresses, MEMBER_OPTIONS } from '../invitations/testing/campaign-harness';
import { describeRuntime } from '../runtime-info';

type Job =
  | { kind: 'campaign'; account: string; tag: string; count: number; batchSize: number }
  | { kind: 'resume'; account: string; campaignId: string }
  | { kind: 'roles'; account: string; userIds: number[]; role: number };

const [dataDir = '', jobText = '{}'] = process.argv.slice(2);
const job = JSON.parse(jobText) as Job;
const core = await createCore({
  dataDir,
  secrets: new FileSecretStore(dataDir),
  appInfo: describeRuntime('realm-console', '0.0.0-core-child', process.platform, process.versions),
  logDir: null,
});
const sender = { origin: 'core-child', trusted: true };
async function value<T>(channel: string, input: unknown): Promise<T> {
  const result = await core.router.handle(channel, input, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.msg}`);
  return result.value as T;
}
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));
console.log('ready');

if (job.kind === 'roles') {
  let batch = await value<RoleBatch>('users.bulkRole.start', { account: job.account, userIds: job.userIds, role: job.role });
  while (batch.finishedAt === null) {
    await pause();
    batch = await value<RoleBatch>('users.bulkRole.get', { account: job.account, batchId: batch.id });
  }
  const outcomes: Record<string, number> = {};
  for (const result of batch.results) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  console.log(`finished ${JSON.stringify(outcomes)}`);
} else {
  let id: string;
  if (job.kind === 'campaign') {
    const started = await value<CampaignSummary>('invites.campaign.start', {
      account: job.account,
      addresses: freshAddresses(job.tag, job.count),
      options: MEMBER_OPTIONS,
      batchSize: job.batchSize,
    });
    id = started.id;
    console.log(`started ${id}`);
  } else id = job.campaignId;
  let campaign = await value<Campaign>('invites.campaign.get', { account: job.account, campaignId: id });
  while (campaign.status === 'running') {
    await pause();
    campaign = await value<Campaign>('invites.campaign.get', { account: job.account, campaignId: id });
  }
  console.log(`finished ${JSON.stringify({ status: campaign.status, counts: campaign.counts, detail: campaign.detail })}`);
}
await core.close();
