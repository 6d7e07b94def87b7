// Creating a channel: upstream's POST /users/me/subscriptions with the new name and its settings
// (https://zulip.com/api/subscribe), the signed-in user its first subscriber. The rules the screen
// shows are checked first. Upstream subscribes to a channel whose name exists rather than refusing,
// so a taken name is refused here, archived channels included, and so is one that only looks like a
// taken name (shared/domain/channel-names.ts); a channel created by someone else in the moment
// between is reported as such, never passed off as new.
import { charCount, subscribe, type SubscribeParams } from '../../../shared/api';
import { checkDefaultChange, checkTopicsPolicyChange } from '../../../shared/domain/channel-admin';
import { nameClashWords } from '../../../shared/domain/channel-names';
import { checkSettingChange, checkSettingValue, CHANNEL_GROUP_SETTINGS } from '../../../shared/domain/channel-permissions';
import { checkPrivacy, isPrivate, privacyFields, PRIVACY_WORDS } from '../../../shared/domain/channel-privacy';
import { checkRetentionChange, RETAIN_FOREVER, retentionWords } from '../../../shared/domain/channel-retention';
import type { RuleVerdict } from '../../../shared/domain/role-rules';
import type { ChannelEntry, NewChannel } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import { actorOf } from '../activity/actor';
import type { ActivityLog } from '../activity/activity-log';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import { nameClash, privacySituationOf } from './channel-checks';
import { channelEntry, groupIndexOf } from './channel-state';
import { channelChangeFailed, channelLabel, CREATE_ADVICE } from './channel-words';

export interface ChannelCreatorOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  /** How long to wait for the new channel to reach the session's state. Default 5 s. */
  settleTimeoutMs?: number;
}

export class ChannelCreator {
  constructor(private readonly options: ChannelCreatorOptions) {}

  async create(account: string, input: NewChannel): Promise<ChannelEntry> {
    const name = input.name.trim();
    const subject = `Could not create ${channelLabel(name)}`;
    const session = this.options.sessions.get(account);
    let state: RealmState;
    try {
      state = await session.whenReady();
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw channelChangeFailed(subject, error, null);
    }
    const entry = { actor: actorOf(this.options.accounts, account, state), action: 'Created channel', kind: 'channel' as const, target: channelLabel(name), details: details(state, input) };
    const refuse = (error: ConsoleError): never => {
      this.options.activity.record(account, { ...entry, result: 'failed', error: error.message });
      throw error;
    };
    const verdict = checkNewChannel(state, { ...input, name });
    if (!verdict.allowed) refuse(new ConsoleError('NOT_ALLOWED', `${subject}: ${verdict.reason}`));

    const startedAt = Math.floor(Date.now() / 1000) - 60;
    let already = false;
    try {
      const { value } = await this.options.accounts.client(account).call(subscribe, requestFor({ ...input, name }));
      already = Object.values(value.already_subscribed).some((names) => names.some((taken) => taken.toLowerCase() === name.toLowerCase()));
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      refuse(channelChangeFailed(subject, error, null, null, CREATE_ADVICE));
    }
    const created = await this.arrived(account, name);
    // Someone made a channel of this name in the moment between: the request subscribed to theirs.
    if (already || (created && (created.channel.creator_id !== state.ownUserId || created.channel.date_created < startedAt))) {
      refuse(
        new ConsoleError(
          'CHANNEL_EXISTS',
          `${subject}: a channel of that name was created by someone else meanwhile, and you were subscribed to it instead. Nothing new was created; pick another name.`,
          { channelId: created?.channel.stream_id ?? null },
        ),
      );
    }
    if (!created) {
      throw new ConsoleError('NOT_LOADED', `${channelLabel(name)} was created, but it has not reached the console yet: reload the list of channels to see it.`, { changed: true });
    }
    this.options.activity.record(account, { ...entry, result: 'ok', error: null, channelId: created.channel.stream_id, channelIds: [created.channel.stream_id] });
    return created;
  }

  /** The new channel once the session's state has it (its subscription event brings it). */
  private async arrived(account: string, name: string): Promise<ChannelEntry | null> {
    const key = name.toLowerCase();
    const found = await this.options.sessions.get(account).waitFor((state) => {
      for (const channel of state.channels.values()) if (channel.name.toLowerCase() === key) return channelEntry(state, channel);
      return undefined;
    }, this.options.settleTimeoutMs);
    return found ?? null;
  }
}

/** The rules of a new channel, as the creation form shows them. */
export function checkNewChannel(state: RealmState, input: NewChannel): RuleVerdict {
  const index = groupIndexOf(state);
  const actor = { userId: state.ownUserId, role: state.ownRole };
  const clash = nameClash(state, input.name);
  if (clash) return { allowed: false, reason: nameClashWords(clash) };
  const maxName = state.limits.maxChannelNameLength;
  if (maxName !== null && charCount(input.name) > maxName) return { allowed: false, reason: `A channel name has at most ${maxName} characters: shorten it.` };
  const maxDescription = state.limits.maxChannelDescriptionLength;
  if (maxDescription !== null && charCount(input.description) > maxDescription) {
    return { allowed: false, reason: `A description has at most ${maxDescription} characters: shorten it.` };
  }
  const privacy = checkPrivacy(input.privacy, { ...privacySituationOf(state, null), isDefault: input.isDefault });
  if (!privacy.allowed) return privacy;
  if (input.isDefault) {
    const verdict = checkDefaultChange(actor);
    if (!verdict.allowed) return verdict;
    if (isPrivate(input.privacy)) return { allowed: false, reason: 'A default channel cannot be private.' };
  }
  if (input.retention !== null) {
    const verdict = checkRetentionChange(state.ownRole);
    if (!verdict.allowed) return verdict;
  }
  if (input.topicsPolicy !== 'inherit') {
    const verdict = checkTopicsPolicyChange(actor, state.channelPolicy, index);
    if (!verdict.allowed) return verdict;
  }
  if (input.folderId !== null) {
    const folder = state.folders.get(input.folderId);
    if (!folder || folder.is_archived) return { allowed: false, reason: 'That folder is archived or no longer exists: choose another one.' };
  }
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const value = input.groups[setting];
    if (value === undefined) continue;
    for (const verdict of [checkSettingValue(setting, value, index), checkSettingChange(setting, actor, state.channelPolicy, index, true)]) if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}

function requestFor(input: NewChannel): SubscribeParams {
  const fields = privacyFields(input.privacy);
  return {
    subscriptions: [{ name: input.name, description: input.description }],
    invite_only: fields.invite_only,
    is_web_public: fields.is_web_public,
    history_public_to_subscribers: fields.history_public_to_subscribers,
    is_default_stream: input.isDefault,
    ...(input.retention === null ? {} : { message_retention_days: input.retention === RETAIN_FOREVER ? 'unlimited' : input.retention }),
    topics_policy: input.topicsPolicy,
    ...(input.folderId === null ? {} : { folder_id: input.folderId }),
    ...input.groups,
  };
}

function details(state: RealmState, input: NewChannel): string {
  const parts = [PRIVACY_WORDS[input.privacy].label];
  if (input.isDefault) parts.push('default channel');
  if (input.retention !== null) parts.push(`messages kept ${retentionWords(input.retention, state.channelPolicy.messageRetentionDays).toLowerCase()}`);
  if (input.folderId !== null) parts.push(`in ${state.folders.get(input.folderId)?.name ?? 'a folder'}`);
  return parts.join(', ');
}
