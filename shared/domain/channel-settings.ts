// A channel's settings as the permission matrix shows them and a bulk change sets them: privacy,
// message retention, the topics policy and the group settings. The one place that reads such a value
// from upstream's stream object, compares two of them as the server does, checks a change to one
// against the rules (the same function the core runs before sending), and finds the changes that take
// something away from the signed-in user. The core's checks and the matrix's plan both call these, so
// a cell the review refuses is refused by the job in the same words.
import type { GroupSettingValue, TopicsPolicy } from '../api/common';
import type { Stream } from '../api/channels';
import { SETTING_COLUMNS, type ChannelChange, type ChannelHazard, type SettingColumn } from '../ipc/channels';
import { checkAdminister, checkTopicsPolicyChange, hasContentAccess, losesOwnAccess, losesOwnAdministration, type ChannelActor } from './channel-admin';
import { sameGroupSetting, type GroupIndex, type People } from './channel-groups';
import { CHANNEL_SETTING_INFO, checkSettingChange, checkSettingValue, isChannelGroupSetting, type ChannelGroupSetting, type RealmChannelPolicy } from './channel-permissions';
import { checkPrivacy, isPrivate, privacyOf, type ChannelPrivacy } from './channel-privacy';
import { privacySituation } from './channel-privacy-situation';
import { checkRetentionChange, retentionLoss, type Retention } from './channel-retention';
import type { RuleVerdict } from './role-rules';

export { SETTING_COLUMNS, type SettingColumn };

/** A change to one of them, as ChannelChange carries it. */
export type SettingChange = Extract<ChannelChange, { property: SettingColumn }>;
type Edit<C> = C extends { property: infer P; value: infer V } ? { property: P; value: V } : never;
/** A change without the value it was made against: what the rules judge. */
export type SettingEdit = Edit<SettingChange>;
export type SettingValue = ChannelPrivacy | Retention | TopicsPolicy | GroupSettingValue;

export function isSettingColumn(property: string): property is SettingColumn {
  return (SETTING_COLUMNS as readonly string[]).includes(property);
}

/** A setting's name, as the matrix's column header and a bulk change's results say it. */
export function settingLabel(column: SettingColumn): string {
  switch (column) {
    case 'privacy':
      return 'Privacy';
    case 'retention':
      return 'Messages kept';
    case 'topicsPolicy':
      return 'Topics policy';
    default:
      return CHANNEL_SETTING_INFO[column].label;
  }
}

/** What the rules know of the organization and the signed-in user. */
export interface ChannelFacts {
  actor: ChannelActor;
  index: GroupIndex;
  /** The organization's people by ID: deactivated ones may not be given a permission. */
  people: People;
  policy: RealmChannelPolicy;
  featureLevel: number;
  moderationChannelId: number | null;
}

/** What the rules know of one channel beside upstream's stream object. */
export interface ChannelStanding {
  isDefault: boolean;
  /** The signed-in user is subscribed. */
  subscribed: boolean;
}

/** The channel's value of a setting (a group setting the server does not report names nobody). */
export function settingValue(channel: Stream, column: SettingColumn): SettingValue {
  switch (column) {
    case 'privacy':
      return privacyOf(channel);
    case 'retention':
      return channel.message_retention_days;
    case 'topicsPolicy':
      return channel.topics_policy ?? 'inherit';
    default:
      return ((channel as Record<string, unknown>)[column] as GroupSettingValue | undefined) ?? { direct_members: [], direct_subgroups: [] };
  }
}

/** Whether the server reports this group setting for the channel (older servers lack the newer ones). */
export function reportsSetting(channel: Stream, column: SettingColumn): boolean {
  return !isChannelGroupSetting(column) || (channel as Record<string, unknown>)[column] !== undefined;
}

/** Values compare as the server compares them: group settings as sets. */
export function sameSettingValue(column: SettingColumn, a: SettingValue, b: SettingValue): boolean {
  if (isChannelGroupSetting(column)) return sameGroupSetting(a as GroupSettingValue, b as GroupSettingValue);
  return a === b;
}

/**
 * Whether the signed-in user may make this change, and if not, why in words that say what would make
 * it possible: administering the channel first, then the setting's own rule.
 */
export function checkSettingsChange(facts: ChannelFacts, channel: Stream, standing: ChannelStanding, change: SettingEdit): RuleVerdict {
  const administer = checkAdminister(facts.actor, channel, facts.index);
  if (!administer.allowed) return administer;
  switch (change.property) {
    case 'privacy':
      return checkPrivacy(change.value, privacySituation({ ...facts, channel, isDefault: standing.isDefault, subscribed: standing.subscribed }));
    case 'retention':
      return checkRetentionChange(facts.actor.role);
    case 'topicsPolicy':
      return checkTopicsPolicyChange(facts.actor, facts.policy, facts.index);
    default:
      return checkGroupSetting(facts, channel, standing, change.property, change.value as GroupSettingValue);
  }
}

function checkGroupSetting(facts: ChannelFacts, channel: Stream, standing: ChannelStanding, setting: ChannelGroupSetting, value: GroupSettingValue): RuleVerdict {
  const valueVerdict = checkSettingValue(setting, value, facts.index);
  if (!valueVerdict.allowed) return valueVerdict;
  const users = typeof value === 'number' ? [] : value.direct_members;
  const gone = users.find((id) => !facts.people.get(id)?.is_active);
  if (gone !== undefined) {
    const name = facts.people.get(gone)?.full_name;
    return { allowed: false, reason: `${name ? `${name} is deactivated` : `User ${gone} is not in the organization`}: remove them from the list and try again.` };
  }
  const contentAccess = hasContentAccess(facts.actor, channel, standing.subscribed, facts.index);
  return checkSettingChange(setting, facts.actor, facts.policy, facts.index, contentAccess);
}

/** What a change takes away from the signed-in user, in words, or null: confirmed before it is sent. */
export function settingHazard(facts: ChannelFacts, channel: Stream, standing: ChannelStanding, change: SettingEdit): { hazard: ChannelHazard; words: string } | null {
  const name = `#${channel.name}`;
  if (change.property === 'can_administer_channel_group' && losesOwnAdministration(facts.actor, channel, change.value, facts.index)) {
    return { hazard: 'ownAdministration', words: `You would no longer administer ${name}, and could not undo this yourself.` };
  }
  if (change.property === 'privacy' && isPrivate(change.value) && !isPrivate(privacyOf(channel))) {
    if (losesOwnAccess(facts.actor, channel, standing.subscribed, facts.index)) {
      return {
        hazard: 'ownAccess',
        words: `You are not subscribed to ${name}: once it is private you could not read it, nor change its privacy back, until someone subscribes you.`,
      };
    }
  }
  return null;
}

/**
 * A bulk change's retention that deletes messages kept today (retentionLoss's words), or null. Only
 * the bulk change asks it as a hazard: the channel editor confirms it in its own dialog, and an undo
 * puts back what the channel had.
 */
export function retentionHazard(before: Retention, after: Retention, realmDays: number | null): { hazard: ChannelHazard; words: string } | null {
  const words = retentionLoss(before, after, realmDays);
  return words === null ? null : { hazard: 'retentionLoss', words };
}

/**
 * The order a job applies one channel's changes in: the group settings first (some need access to the
 * messages, which making the channel private can take away), then retention, topics and privacy, and
 * who administers the channel last (giving that up would refuse the rest).
 */
export function applyOrder(column: SettingColumn): number {
  if (column === 'can_administer_channel_group') return 4;
  if (column === 'privacy') return 3;
  if (column === 'topicsPolicy') return 2;
  if (column === 'retention') return 1;
  return 0;
}
