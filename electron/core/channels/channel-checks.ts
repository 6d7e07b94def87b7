// The rules a change to a channel meets before anything is sent, against the live realm state, with
// the same shared/domain rules the screen shows beside each control: administering the channel, then
// the property's own rule. The server stays the final judge; these spare it requests it would refuse,
// and say why in words that name what would make the change possible.
import type { Stream } from '../../../shared/api';
import { charCount } from '../../../shared/api';
import { checkAdminister, checkDefaultChange, type ChannelActor } from '../../../shared/domain/channel-admin';
import { findNameClash, nameClashWords, type NameClash } from '../../../shared/domain/channel-names';
import { isPrivate, privacyOf } from '../../../shared/domain/channel-privacy';
import { privacySituation } from '../../../shared/domain/channel-privacy-situation';
import { checkSettingsChange, isSettingColumn, settingHazard, type ChannelFacts, type ChannelStanding, type SettingChange } from '../../../shared/domain/channel-settings';
import type { RuleVerdict } from '../../../shared/domain/role-rules';
import type { ChannelChange, ChannelHazard } from '../../../shared/ipc';
import type { RealmState } from '../session/realm-state';
import { groupIndexOf } from './channel-state';

const ALLOWED: RuleVerdict = { allowed: true };

/** Archiving and unarchiving need only the channel's administration (upstream deactivate_stream_backend). */
export function checkChange(state: RealmState, channel: Stream, change: ChannelChange): RuleVerdict {
  if (isSettingChange(change)) return checkSettingsChange(channelFacts(state), channel, standingOf(state, channel), change);
  const actor: ChannelActor = { userId: state.ownUserId, role: state.ownRole };
  const administer = checkAdminister(actor, channel, groupIndexOf(state));
  if (!administer.allowed) return administer;
  switch (change.property) {
    case 'name':
      return checkName(state, channel, change.value.trim());
    case 'description': {
      const max = state.limits.maxChannelDescriptionLength;
      return max !== null && charCount(change.value) > max ? { allowed: false, reason: `A description has at most ${max} characters: shorten it.` } : ALLOWED;
    }
    case 'default': {
      if (!change.value) return checkDefaultChange(actor);
      const verdict = checkDefaultChange(actor);
      if (!verdict.allowed) return verdict;
      if (isPrivate(privacyOf(channel))) return { allowed: false, reason: 'A private channel cannot be a default channel: make it public first.' };
      return channel.is_archived ? { allowed: false, reason: 'An archived channel cannot be a default channel: unarchive it first.' } : ALLOWED;
    }
    case 'folder': {
      if (change.value === null) return ALLOWED;
      const folder = state.folders.get(change.value);
      if (!folder) return { allowed: false, reason: 'That folder no longer exists: choose another one.' };
      return folder.is_archived ? { allowed: false, reason: `The folder ${folder.name} is archived: choose another one, or unarchive it first.` } : ALLOWED;
    }
    case 'archived':
      return ALLOWED;
  }
}

/** What a change takes away from the signed-in user, in words, or null: confirmed before it is sent. */
export function hazardOf(state: RealmState, channel: Stream, change: ChannelChange): { hazard: ChannelHazard; words: string } | null {
  return isSettingChange(change) ? settingHazard(channelFacts(state), channel, standingOf(state, channel), change) : null;
}

const isSettingChange = (change: ChannelChange): change is SettingChange => isSettingColumn(change.property);

/** What shared/domain's channel rules know, from the live state. */
export function channelFacts(state: RealmState): ChannelFacts {
  return {
    actor: { userId: state.ownUserId, role: state.ownRole },
    index: groupIndexOf(state),
    people: state.users,
    policy: state.channelPolicy,
    featureLevel: state.featureLevel,
    moderationChannelId: state.moderationRequestChannelId,
  };
}

export function standingOf(state: RealmState, channel: Stream): ChannelStanding {
  return { isDefault: state.defaultChannelIds.has(channel.stream_id), subscribed: state.subscriptions.has(channel.stream_id) };
}

/**
 * upstream check_stream_name and check_stream_name_available: the name is free, changing its case
 * excepted; and, the console's own rule, it does not only look like another channel's
 * (shared/domain/channel-names.ts).
 */
function checkName(state: RealmState, channel: Stream, name: string): RuleVerdict {
  const max = state.limits.maxChannelNameLength;
  if (name === '') return { allowed: false, reason: 'Type a name.' };
  if (max !== null && charCount(name) > max) return { allowed: false, reason: `A channel name has at most ${max} characters: shorten it.` };
  const clash = findNameClash(name, state.channels.values(), channel.stream_id);
  return clash ? { allowed: false, reason: nameClashWords(clash) } : ALLOWED;
}

/** A channel, archived ones included, whose name a new channel's is, case aside, or only looks like. */
export function nameClash(state: RealmState, name: string): NameClash<Stream> | null {
  return findNameClash(name, state.channels.values(), null);
}

/** The privacy rules' facts about a channel (null: one not created yet), from the live state. */
export function privacySituationOf(state: RealmState, channel: Stream | null) {
  return privacySituation({
    ...channelFacts(state),
    channel,
    isDefault: channel ? state.defaultChannelIds.has(channel.stream_id) : false,
    subscribed: channel ? state.subscriptions.has(channel.stream_id) : true,
  });
}
