// Adding people to one channel or removing them from it, through upstream's POST and DELETE
// /users/me/subscriptions with `principals` as user IDs (https://zulip.com/api/subscribe,
// https://zulip.com/api/unsubscribe). Upstream answers per user by ID (`subscribed` and
// `already_subscribed`, feature level 342) for additions, and by channel name only for removals, so a
// removal's result per person is read from the subscribers before it. A refusal (a deactivated user,
// a permission) fails the whole request: every person then gets the server's words. A request without a
// usable answer (a reply lost after the server acted) is looked up in the channel's subscribers before
// the console says it failed (request-fate.ts). Each request is one activity log entry.
import { getSubscribers, subscribe, unsubscribe } from '../../../shared/api';
import type { SubscriberHazard, SubscriberResult } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import { actorOf } from '../activity/actor';
import type { ActivityLog } from '../activity/activity-log';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import type { SessionManager } from '../session-manager';
import { channelChangeFailed, channelLabel } from './channel-words';
import { planOf, refuseUnconfirmed } from './subscriber-plan';

export interface SubscriberChangesOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
}

export class SubscriberChanges {
  constructor(private readonly options: SubscriberChangesOptions) {}

  async list(account: string, channelId: number): Promise<number[]> {
    const state = await this.options.sessions.get(account).whenReady();
    return [...(state.subscribers.get(channelId) ?? [])].sort((a, b) => a - b);
  }

  /**
   * Adds or removes people. A removal of oneself, or of a private channel's last subscribers, is refused
   * with CONFIRMATION_NEEDED before anything is sent unless `acknowledged` says it was confirmed
   * (subscriber-plan.ts, as for the bulk job).
   */
  async change(account: string, channelId: number, action: 'add' | 'remove', userIds: readonly number[], acknowledged: readonly SubscriberHazard[] = []): Promise<SubscriberResult[]> {
    const state = await this.options.sessions.get(account).whenReady();
    const channel = state.channels.get(channelId);
    if (!channel) throw new ConsoleError('UNKNOWN_CHANNEL_ID', `There is no channel with ID ${String(channelId)} in ${state.realmName}: reload the list of channels.`, { channelId });
    const ids = [...new Set(userIds)];
    if (action === 'remove') refuseUnconfirmed(planOf(state, action, [channelId], ids), acknowledged);
    const names = ids.map((id) => state.users.get(id)?.full_name ?? `user ${String(id)}`);
    const entry = {
      actor: actorOf(this.options.accounts, account, state),
      action: action === 'add' ? 'Subscribed users' : 'Unsubscribed users',
      target: channelLabel(channel.name),
      details: names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${String(names.length - 5)} more` : names.join(', '),
      channelId,
      kind: 'subscribers' as const,
      userIds: ids,
      channelIds: [channelId],
    };
    const before = new Set(state.subscribers.get(channelId) ?? []);
    const client = this.options.accounts.client(account);
    try {
      let results: SubscriberResult[];
      if (action === 'add') {
        const { value } = await client.call(subscribe, { subscriptions: [{ name: channel.name }], principals: ids });
        results = ids.map((userId) => ({ userId, outcome: value.subscribed[String(userId)] ? 'added' : 'alreadySubscribed', reason: null }));
      } else {
        await client.call(unsubscribe, { subscriptions: [channel.name], principals: ids });
        results = ids.map((userId) => ({ userId, outcome: before.has(userId) ? 'removed' : 'notSubscribed', reason: null }));
      }
      this.options.activity.record(account, { ...entry, result: 'ok', error: null });
      return results;
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      const fate = mayHaveBeenApplied(error) ? await fateOf(client, channelId, action, ids) : null;
      if (fate === 'applied') {
        this.options.activity.record(account, { ...entry, details: `${entry.details} (the reply was lost; the server shows it done)`, result: 'ok', error: null });
        const changed = (userId: number) => (action === 'add') !== before.has(userId);
        return ids.map((userId) => ({ userId, outcome: action === 'add' ? (changed(userId) ? 'added' : 'alreadySubscribed') : changed(userId) ? 'removed' : 'notSubscribed', reason: null }));
      }
      const worded = channelChangeFailed(action === 'add' ? `Could not add people to ${channelLabel(channel.name)}` : `Could not remove people from ${channelLabel(channel.name)}`, error, channel.name, fate);
      this.options.activity.record(account, { ...entry, result: 'failed', error: worded.message });
      throw worded;
    }
  }
}

/** Whether every person is in (add) or out of (remove) the channel on the server now. */
async function fateOf(client: ApiClient, channelId: number, action: 'add' | 'remove', ids: readonly number[]): Promise<CheckedFate> {
  try {
    const now = new Set((await client.call(getSubscribers, { stream_id: channelId })).value.subscribers);
    return ids.every((userId) => now.has(userId) === (action === 'add')) ? 'applied' : 'not-applied';
  } catch {
    return 'unknown';
  }
}
