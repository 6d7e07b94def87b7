// The reliability matrix's row for the bulk subscriber job (electron/core/testing/matrix-row.ts): three
// people added to two fresh channels through channels.subscribers.job.*, as the Channels screen starts
// it, one POST /users/me/subscriptions per channel. The server's word is GET /streams/{id}/members
// straight to it; "exactly once" counts the `subscription` peer_add events another client's queue got
// for each person and channel (the server sends one only for a subscription it made).
import { expect } from 'vitest';
import { getSubscribers, subscribe, type RawEvent } from '../../../../shared/api';
import type { SubscriberJob } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';

const PEOPLE = ['mark@sandbox.test', 'mona@sandbox.test', 'gina@sandbox.test'];

interface Subject {
  channelIds: number[];
  userIds: number[];
  jobId: string | null;
}

async function membersOnServer(h: FaultConsole, streamId: number): Promise<Set<number>> {
  return new Set((await h.main.direct.call(getSubscribers, { stream_id: streamId })).value.subscribers);
}

function peerAdds(h: FaultConsole, streamId: number, userId: number, since: number): number {
  return h.main.watch.count((event: RawEvent) => {
    const peer = event as RawEvent & { op?: string; stream_ids?: number[]; user_ids?: number[] };
    return event.type === 'subscription' && peer.op === 'peer_add' && (peer.stream_ids ?? []).includes(streamId) && (peer.user_ids ?? []).includes(userId);
  }, since);
}

async function finished(h: FaultConsole, jobId: string, subject: Subject): Promise<Told> {
  subject.jobId = jobId;
  const job = await until(async () => {
    const each = await h.value<SubscriberJob>('channels.subscribers.job.get', { account: h.main.accountId, jobId });
    return each.finishedAt !== null && each;
  }, `subscriber job ${jobId} to finish`);
  const failed = job.results.filter((result) => result.outcome !== 'added');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? '') };
}

export const subscriberJob = row<Subject>({
  name: 'bulk subscriber job',
  writes: { method: 'POST', path: '/api/v1/users/me/subscriptions' },
  target: (h) => h.main,
  async prepare(h, index) {
    const names = [`subs-row-${index}-a`, `subs-row-${index}-b`];
    await h.main.direct.call(subscribe, { subscriptions: names.map((name) => ({ name })) });
    const channelIds = await until(async () => {
      const ids = names.map((name) => [...h.state().channels.values()].find((channel) => channel.name === name)?.stream_id);
      return ids.every((id) => id !== undefined) && (ids as number[]);
    }, 'the console to see the new channels');
    const userIds = PEOPLE.map((email) => {
      const user = [...h.state().users.values()].find((each) => each.email === email || each.delivery_email === email);
      if (!user) throw new Error(`the demo has no ${email}`);
      return user.user_id;
    });
    return { channelIds, userIds, jobId: null };
  },
  async run(h, subject) {
    const started = await h.value<SubscriberJob>('channels.subscribers.job.start', { account: h.main.accountId, action: 'add', channelIds: subject.channelIds, userIds: subject.userIds });
    return finished(h, started.id, subject);
  },
  async retry(h, subject) {
    const started = await h.value<SubscriberJob>('channels.subscribers.job.retry', { account: h.main.accountId, jobId: subject.jobId });
    return finished(h, started.id, subject);
  },
  async truthful(h, subject, told, since) {
    expectWords(told);
    const job = await h.value<SubscriberJob>('channels.subscribers.job.get', { account: h.main.accountId, jobId: subject.jobId });
    for (const result of job.results) {
      const members = await membersOnServer(h, result.channelId);
      // Fresh channels: nobody was there before, so "already subscribed" would be a lie.
      expect(result.outcome).not.toBe('alreadySubscribed');
      const added = result.outcome === 'added';
      expect({ ...result, onServer: members.has(result.userId) }).toMatchObject({ onServer: added });
      expect(peerAdds(h, result.channelId, result.userId, since)).toBe(added ? 1 : 0);
    }
  },
  async done(h, { channelIds, userIds }, since) {
    for (const channelId of channelIds) {
      const members = await membersOnServer(h, channelId);
      for (const userId of userIds) {
        expect({ channelId, userId, onServer: members.has(userId) }).toEqual({ channelId, userId, onServer: true });
        expect(peerAdds(h, channelId, userId, since)).toBe(1);
      }
    }
  },
});
