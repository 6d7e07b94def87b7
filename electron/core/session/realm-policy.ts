// The organization's channel settings the console keeps (https://zulip.com/api/register-queue, the
// `realm` section), for the Channels screen's rules and words: retention, the topics policy, whether
// web-public channels are possible, and the organization-level group settings. Kept live by `realm`
// update and update_dict events; a setting a server does not report stays null (the server decides).
import { z } from 'zod';
import { GroupSettingValue, TopicsPolicy, type RegisterReply } from '../../../shared/api';
import { REALM_GROUP_SETTINGS, type RealmChannelPolicy, type RealmGroupSetting } from '../../../shared/domain/channel-permissions';

/** upstream's name for the empty topic when a server does not say (realm_empty_topic_display_name). */
const DEFAULT_EMPTY_TOPIC_NAME = 'general chat';

export function channelPolicyFromRegister(reply: RegisterReply): RealmChannelPolicy {
  const fields = reply as Record<string, unknown>;
  const groups = Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, groupValue(fields[`realm_${name}`])])) as Record<RealmGroupSetting, GroupSettingValue | null>;
  return {
    messageRetentionDays: reply.realm_message_retention_days ?? null,
    topicsPolicy: reply.realm_topics_policy ?? null,
    emptyTopicName: reply.realm_empty_topic_display_name ?? DEFAULT_EMPTY_TOPIC_NAME,
    webPublicEnabled: reply.server_web_public_streams_enabled ?? null,
    spectatorAccess: reply.realm_enable_spectator_access ?? null,
    groups,
  };
}

/**
 * The policy after a `realm` event's data ({property: value} for `update`, `data` for `update_dict`):
 * the same object when nothing it keeps changed.
 */
export function withRealmData(policy: RealmChannelPolicy, data: Record<string, unknown>): RealmChannelPolicy {
  let next = policy;
  const set = <K extends keyof RealmChannelPolicy>(key: K, value: RealmChannelPolicy[K]) => {
    if (next[key] !== value) next = { ...next, [key]: value };
  };
  if ('message_retention_days' in data) set('messageRetentionDays', z.int().nullable().catch(null).parse(data.message_retention_days));
  if ('enable_spectator_access' in data && typeof data.enable_spectator_access === 'boolean') set('spectatorAccess', data.enable_spectator_access);
  if ('topics_policy' in data) set('topicsPolicy', TopicsPolicy.nullable().catch(null).parse(data.topics_policy));
  const groups = REALM_GROUP_SETTINGS.filter((name) => name in data);
  if (groups.length > 0) {
    const changed = { ...next.groups };
    for (const name of groups) changed[name] = groupValue(data[name]);
    next = { ...next, groups: changed };
  }
  return next;
}

function groupValue(value: unknown): GroupSettingValue | null {
  const parsed = GroupSettingValue.safeParse(value);
  return parsed.success ? parsed.data : null;
}
