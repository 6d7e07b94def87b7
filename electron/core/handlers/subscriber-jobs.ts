// Handlers for the bulk subscriber job's channels (electron/core/channels/subscriber-job.ts), and its
// review (subscriber-plan.ts).
import type { bulkSubscriberChannels } from '../../../shared/ipc';
import { planOf } from '../channels/subscriber-plan';
import type { SubscriberJobs } from '../channels/subscriber-job';
import type { Handlers } from '../router';
import type { SessionManager } from '../session-manager';

export interface SubscriberJobsContext {
  readonly subscriberJobs: SubscriberJobs;
  readonly sessions: SessionManager;
}

export const subscriberJobHandlers: Pick<Handlers<SubscriberJobsContext>, keyof typeof bulkSubscriberChannels> = {
  'channels.subscribers.plan': async ({ account, action, channelIds, userIds }, ctx) => planOf(await ctx.sessions.get(account).whenReady(), action, channelIds, userIds),
  'channels.subscribers.job.start': ({ account, action, channelIds, userIds, acknowledged }, ctx) => ctx.subscriberJobs.start(account, action, channelIds, userIds, acknowledged),
  'channels.subscribers.job.get': ({ account, jobId }, ctx) => ctx.subscriberJobs.get(account, jobId),
  'channels.subscribers.job.list': ({ account }, ctx) => ctx.subscriberJobs.list(account),
  'channels.subscribers.job.retry': ({ account, jobId }, ctx) => ctx.subscriberJobs.retryFailed(account, jobId),
  'channels.subscribers.job.cancel': ({ account, jobId }, ctx) => ctx.subscriberJobs.cancel(account, jobId),
  'channels.subscribers.job.export': ({ account, jobId }, ctx) => ctx.subscriberJobs.exportCsv(account, jobId),
};
