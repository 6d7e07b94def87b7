// What a privacy change meets (channel-privacy.ts' PrivacySituation), worked out from the realm's data
// the same way on both sides: the screen, to say why a choice is unavailable, and the core, to refuse it.
import type { GroupSettingValue } from '../api/common';
import type { Stream } from '../api/channels';
import { hasContentAccess, type ChannelActor } from './channel-admin';
import { groupSettingWords, resolveGroupSetting, type GroupIndex, type People } from './channel-groups';
import type { RealmChannelPolicy } from './channel-permissions';
import { privacyOf, type PrivacySituation } from './channel-privacy';

export interface PrivacyFacts {
  /** Null for a channel not created yet. */
  channel: Stream | null;
  isDefault: boolean;
  subscribed: boolean;
  moderationChannelId: number | null;
  featureLevel: number;
  actor: ChannelActor;
  policy: RealmChannelPolicy;
  index: GroupIndex;
  people: People;
}

export function privacySituation(facts: PrivacyFacts): PrivacySituation {
  const { channel, policy, index, actor } = facts;
  const holds = (value: GroupSettingValue | null) => (value === null ? null : resolveGroupSetting(value, index).has(actor.userId));
  const webPublicHolders = policy.groups.can_create_web_public_channel_group;
  return {
    // A new channel has no privacy yet: every choice meets its rules ('public_protected' is never offered).
    current: channel ? privacyOf(channel) : 'public_protected',
    isDefault: facts.isDefault,
    isModerationChannel: channel !== null && channel.stream_id === facts.moderationChannelId,
    webPublicEnabled: policy.webPublicEnabled,
    spectatorAccess: policy.spectatorAccess,
    mayCreateWebPublic: holds(webPublicHolders),
    mayCreatePublic: holds(policy.groups.can_create_public_channel_group),
    mayCreatePrivate: holds(policy.groups.can_create_private_channel_group),
    contentAccess: channel ? hasContentAccess(actor, channel, facts.subscribed, index) : true,
    webPublicHolders: webPublicHolders === null ? null : groupSettingWords(webPublicHolders, index, facts.people),
    // Feature level 362 let archived channels change privacy.
    archivedLocked: channel?.is_archived === true && facts.featureLevel < 362,
  };
}
