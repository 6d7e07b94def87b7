// The reliability matrix's row for one channel's subscribers (electron/core/testing/matrix-row.ts):
// two demo members added to #design, or removed from it, through channels.subscribers.change, as the
// channel editor sends it; each scenario does the opposite of the one before. The server's word is GET
// /streams/{id}/members straight to it; "exactly once" counts the `subscription` peer_add and
// peer_remove events another client's queue received for each person.
import { expect } from 'vitest';
import { getSubscribers, type RawEvent } from '../../../../shared/api';
import type { SubscriberResult } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, type Told } from '../../testing/matrix-row';

const CHANNEL = 'design';
const DONE = new Set(['added', 'removed']);
/** What a retry may find: the change already made. */
const ALREADY = new Set(['alreadySubscribed', 'notSubscribed']);

interface Subject {
  streamId: number;
  userIds: number[];
  action: 'add' | 'remove';
}

async function subscribersOnServer(h: FaultConsole, streamId: number): Promise<Set<number>> {
  return new Set((await h.main.direct.call(getSubscribers, { stream_id: streamId })).value.subscribers);
}

function peerEvents(h: FaultConsole, { streamId, action }: Subject, userId: number, since: number): number {
  const op = action === 'add' ? 'peer_add' : 'peer_remove';
  return h.main.watch.count((event: RawEvent) => {
    const peer = event as RawEvent & { op?: string; stream_ids?: number[]; user_ids?: number[] };
    return event.type === 'subscription' && peer.op === op && (peer.stream_ids ?? []).includes(streamId) && (peer.user_ids ?? []).includes(userId);
  }, since);
}

async function change(h: FaultConsole, subject: Subject, accepted: Set<string>): Promise<Told> {
  const result = await h.call('channels.subscribers.change', { account: h.main.accountId, channelId: subject.streamId, action: subject.action, userIds: subject.userIds });
  if (!result.ok) return { ok: false, said: [result.error.msg] };
  const failed = (result.value as SubscriberResult[]).filter((each) => !accepted.has(each.outcome));
  return { ok: failed.length === 0, said: failed.map((each) => each.reason ?? `${each.userId}: ${each.outcome}`) };
}

export const channelSubscribers = row<Subject>({
  name: "one channel's subscribers",
  writes: { path: '/api/v1/users/me/subscriptions' },
  target: (h) => h.main,
  async prepare(h) {
    const channel = [...h.state().channels.values()].find((each) => each.name === CHANNEL);
    if (!channel) throw new Error(`the demo has no #${CHANNEL}`);
    const members = [...h.state().users.values()]
      .filter((user) => user.role === 400 && !user.is_bot && user.is_active)
      .map((user) => user.user_id)
      .sort((a, b) => a - b)
      .slice(0, 2);
    const now = await subscribersOnServer(h, channel.stream_id);
    // Both in, or both out, after the first scenario: the first person decides.
    return { streamId: channel.stream_id, userIds: members, action: now.has(members[0]!) ? 'remove' : 'add' };
  },
  run: (h, subject) => change(h, subject, DONE),
  retry: (h, subject) => change(h, subject, new Set([...DONE, ...ALREADY])),
  async truthful(h, subject, told, since) {
    expectWords(told);
    const now = await subscribersOnServer(h, subject.streamId);
    for (const userId of subject.userIds) {
      const changed = told.ok;
      expect({ userId, subscribed: now.has(userId) }).toEqual({ userId, subscribed: (subject.action === 'add') === changed });
      expect({ userId, events: peerEvents(h, subject, userId, since) }).toEqual({ userId, events: changed ? 1 : 0 });
    }
  },
  async done(h, subject, since) {
    const now = await subscribersOnServer(h, subject.streamId);
    for (const userId of subject.userIds) {
      expect({ userId, subscribed: now.has(userId) }).toEqual({ userId, subscribed: subject.action === 'add' });
      expect({ userId, events: peerEvents(h, subject, userId, since) }).toEqual({ userId, events: 1 });
    }
  },
});
