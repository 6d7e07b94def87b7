// upstream DELETE /users/me/subscriptions (zerver/views/streams.py remove_subscriptions_backend,
// zerver/lib/streams.py list_to_streams and can_remove_subscribers_from_stream,
// https://zulip.com/api/unsubscribe): unsubscribes the user, or `principals`, from channels by name.
// Everything is checked before anything is written; then one transaction, then the events: each
// unsubscribed user's lost subscriptions to them, the departures to everyone else who sees the channel,
// and, for a private channel an unsubscribed user may no longer see, its deletion to that user.
import type { z } from 'zod';
import type { unsubscribeParams } from '../../shared/api';
import type { ServerContext } from '../context';
import { holdsGroupSetting } from '../db/groups';
import { getStreamByName, getSubscription, groupSetting, hasMetadataAccess, metadataAccessUserIds, subscriberIds, type StreamRow } from '../db/stream-queries';
import { isAdmin, isGuest, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { principals } from './subscribe';

export type Unsubscribe = z.output<typeof unsubscribeParams>;

export interface UnsubscribeResult {
  /** One channel name per user unsubscribed from it. */
  removed: string[];
  /** One channel name per user who was not subscribed to it. */
  not_removed: string[];
}

export function unsubscribeFromChannels(ctx: ServerContext, actor: UserRow, p: Unsubscribe): UnsubscribeResult {
  const { db } = ctx;
  const users = p.principals && p.principals.length > 0 ? principals(ctx, p.principals) : [actor];
  // upstream user_directly_controls_user: oneself, and one's own bots.
  const othersToo = users.some((user) => user.id !== actor.id && user.bot_owner_id !== actor.id);

  const byName = new Map<string, StreamRow>();
  const missing: string[] = [];
  for (const raw of p.subscriptions) {
    const name = raw.trim();
    const row = getStreamByName(db, name);
    if (row) byName.set(row.name.toLowerCase(), row);
    else if (!missing.includes(name)) missing.push(name);
  }
  const streams = [...byName.values()];
  if (othersToo && streams.some((row) => !mayRemoveSubscribers(ctx, actor, row))) throw badRequest('Insufficient permission');
  if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);

  const result: UnsubscribeResult = { removed: [], not_removed: [] };
  const gone: { stream: StreamRow; users: UserRow[] }[] = [];
  db.transaction(() => {
    const deactivate = db.prepare('UPDATE subscriptions SET active = 0 WHERE stream_id = ? AND user_id = ?');
    for (const stream of streams) {
      const subscribed = new Set(subscriberIds(db, stream.id));
      const leaving = users.filter((user) => subscribed.has(user.id));
      for (const user of users) (subscribed.has(user.id) ? result.removed : result.not_removed).push(stream.name);
      for (const user of leaving) deactivate.run(stream.id, user.id);
      if (leaving.length > 0) gone.push({ stream, users: leaving });
    }
  })();
  announce(ctx, gone);
  return result;
}

/**
 * upstream can_remove_subscribers_from_stream: the actor must reach the channel (administrators
 * always; others through a subscription, or a public channel unless a guest), then be an
 * administrator or in the channel's can_remove_subscribers_group.
 */
function mayRemoveSubscribers(ctx: ServerContext, actor: UserRow, stream: StreamRow): boolean {
  if (isAdmin(actor)) return true;
  const reaches = Boolean(getSubscription(ctx.db, stream.id, actor.id)) || (!stream.invite_only && !isGuest(actor));
  return reaches && holdsGroupSetting(ctx.db, actor, groupSetting(stream, 'can_remove_subscribers_group'));
}

function announce(ctx: ServerContext, gone: readonly { stream: StreamRow; users: UserRow[] }[]): void {
  const { db } = ctx;
  const byUser = new Map<number, StreamRow[]>();
  for (const { stream, users } of gone) for (const user of users) byUser.set(user.id, [...(byUser.get(user.id) ?? []), stream]);
  for (const [userId, streams] of byUser) {
    ctx.events.publish([userId], { type: 'subscription', op: 'remove', subscriptions: streams.map((row) => ({ stream_id: row.id, name: row.name })) });
  }
  for (const { stream, users } of gone) {
    const leavers = new Set(users.map((user) => user.id));
    const watchers = metadataAccessUserIds(db, stream).filter((userId) => !leavers.has(userId));
    if (watchers.length > 0) ctx.events.publish(watchers, { type: 'subscription', op: 'peer_remove', stream_ids: [stream.id], user_ids: [...leavers] });
    // A private channel vanishes for whoever may no longer see it.
    const blind = users.filter((user) => !hasMetadataAccess(db, user, stream, false)).map((user) => user.id);
    if (blind.length > 0) ctx.events.publish(blind, { type: 'stream', op: 'delete', streams: [{ stream_id: stream.id }], stream_ids: [stream.id] });
  }
}

/** upstream get_subscribers_backend: whoever may see the channel's metadata sees its active subscribers. */
export function channelSubscribers(ctx: ServerContext, actor: UserRow, streamId: number, stream: StreamRow | undefined): number[] {
  if (!stream || !hasMetadataAccess(ctx.db, actor, stream, Boolean(getSubscription(ctx.db, streamId, actor.id)))) throw badRequest('Invalid channel ID');
  return subscriberIds(ctx.db, stream.id);
}
