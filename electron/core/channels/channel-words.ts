// Words for changes to channels: the one layer that words them, for the activity log, the replies and
// every failure (the server's refusal, a conflict with a change made meanwhile, the network, an account
// no longer signed in). Each failure says what could not be done, the server's `msg` as it is, and what
// to do; the server's code and extra fields are kept.
import type { GroupSettingValue, TopicsPolicy } from '../../../shared/api';
import { groupSettingWords } from '../../../shared/domain/channel-groups';
import { CHANNEL_SETTING_INFO, isChannelGroupSetting } from '../../../shared/domain/channel-permissions';
import { PRIVACY_WORDS, type ChannelPrivacy } from '../../../shared/domain/channel-privacy';
import { retentionWords } from '../../../shared/domain/channel-retention';
import { settingLabel, type SettingColumn } from '../../../shared/domain/channel-settings';
import { topicsPolicyLabel } from '../../../shared/domain/channel-topics';
import { CHANNEL_CHANGED, type ChannelProperty } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import { adviceForFailure, sentence } from '../users/change-words';
import { groupIndexOf, type PropertyValue } from './channel-state';
import type { CheckedFate } from '../request-fate';

/** How a channel appears in words and in the activity log: "#design". */
export const channelLabel = (name: string) => `#${name}`;

/** The property in words, lowercase, for sentences: "who may post", "the topics policy". */
export function propertyWords(property: ChannelProperty): string {
  switch (property) {
    case 'name':
      return 'the name';
    case 'description':
      return 'the description';
    case 'privacy':
      return 'the privacy';
    case 'default':
      return 'whether it is a default channel';
    case 'retention':
      return 'how long messages are kept';
    case 'topicsPolicy':
      return 'the topics policy';
    case 'folder':
      return 'the folder';
    case 'archived':
      return 'whether it is archived';
    default:
      return `who may ${CHANNEL_SETTING_INFO[property].label.toLowerCase()}`;
  }
}

/** The property and the channel: "the name of #design", "who may post messages in #design". */
export function aboutChannel(property: ChannelProperty, name: string): string {
  return `${propertyWords(property)} ${isChannelGroupSetting(property) ? 'in' : 'of'} ${channelLabel(name)}`;
}

/** The activity log's action for a change. */
export function actionWords(property: ChannelProperty, value: PropertyValue): string {
  switch (property) {
    case 'name':
      return 'Renamed channel';
    case 'description':
      return 'Changed channel description';
    case 'privacy':
      return 'Changed channel privacy';
    case 'default':
      return value ? 'Made default channel' : 'Removed from default channels';
    case 'retention':
      return 'Changed message retention';
    case 'topicsPolicy':
      return 'Changed topics policy';
    case 'folder':
      return 'Moved channel to folder';
    case 'archived':
      return value ? 'Archived channel' : 'Unarchived channel';
    default:
      return 'Changed channel permission';
  }
}

/** A value as a person reads it: "Private, protected history", "30 days", "Moderators and Mark Member". */
export function valueWords(state: RealmState, property: ChannelProperty, value: PropertyValue): string {
  switch (property) {
    case 'name':
      return String(value);
    case 'description':
      return value === '' ? '(no description)' : `“${shorten(String(value), 80)}”`;
    case 'privacy':
      return PRIVACY_WORDS[value as ChannelPrivacy].label;
    case 'default':
      return value ? 'Default channel' : 'Not a default channel';
    case 'retention':
      return retentionWords(value as number | null, state.channelPolicy.messageRetentionDays);
    case 'topicsPolicy':
      return topicsPolicyLabel(value as TopicsPolicy, state.channelPolicy.emptyTopicName);
    case 'folder':
      return value === null ? 'No folder' : (state.folders.get(value as number)?.name ?? `folder ${String(value)}`);
    case 'archived':
      return value ? 'Archived' : 'Active';
    default:
      return groupSettingWords(value as GroupSettingValue, groupIndexOf(state), state.users);
  }
}

/** The log's details of a change: "Public → Private, protected history", "Post messages: Everyone → Moderators". */
export function changeDetails(state: RealmState, property: ChannelProperty, from: PropertyValue, to: PropertyValue): string {
  const transition = `${valueWords(state, property, from)} → ${valueWords(state, property, to)}`;
  if (property === 'default' || property === 'archived') return '';
  return isChannelGroupSetting(property) ? `${CHANNEL_SETTING_INFO[property].label}: ${transition}` : transition;
}

/** A setting's change in a bulk change's results: "Privacy: Public → Private, shared history". */
export function settingChangeWords(state: RealmState, property: SettingColumn, from: PropertyValue, to: PropertyValue): string {
  return `${settingLabel(property)}: ${valueWords(state, property, from)} → ${valueWords(state, property, to)}`;
}

/**
 * A conflict: the channel changed on the server since the screen showed it. Nothing was sent over the
 * other change; `theirs` is the value there now, so the screen can show it beside the user's and offer
 * to apply the user's on top of it.
 */
export function conflictError(state: RealmState, channelName: string, property: ChannelProperty, theirs: PropertyValue, yours: PropertyValue): ConsoleError {
  return new ConsoleError(
    CHANNEL_CHANGED,
    `${capitalize(aboutChannel(property, channelName))} was changed on the server meanwhile: it is now ${valueWords(state, property, theirs)}. ` +
      `Your change to ${valueWords(state, property, yours)} was not made over it. Look at their value, then apply yours on top of it or keep theirs.`,
    { property, theirs, yours },
  );
}

/** What to do after the server refused a change to a channel, keyed by upstream's message. */
const ADVICE_BY_MESSAGE: [RegExp, string | null][] = [
  [/channel name already in use|already exists/i, 'Choose another name: every channel’s name must differ, archived ones included.'],
  [/channel already has that name/i, 'Nothing needs changing.'],
  [/name can't be empty/i, 'Type a name.'],
  [/name too long|is too long/i, 'Shorten it to the limit the server gave.'],
  [/invalid character/i, 'Remove characters that cannot be printed, such as tabs and line breaks.'],
  [/default channel cannot be private/i, 'Remove it from the default channels first, or keep it public.'],
  [/moderation request channel must be private/i, 'Choose another moderation request channel for the organization first.'],
  [/content access is required/i, 'Subscribe to the channel first, then try again.'],
  [/web-public channels are not enabled/i, 'Turn on spectator access in the organization’s settings (and on the server) first.'],
  [/must be an organization owner/i, 'Sign in as an owner, or ask one to make this change.'],
  [/must be an organization administrator|insufficient permission/i, 'Sign in as an administrator, or ask one to make this change.'],
  [/permission to administer this channel/i, 'Ask an organization administrator or one of the channel’s administrators.'],
  [/invalid channel id/i, 'It may have been deleted, or you may no longer see it: reload the list of channels.'],
  [/already deactivated/i, 'Someone archived it meanwhile: nothing more to do.'],
  [/not currently deactivated/i, 'Someone unarchived it meanwhile: nothing more to do.'],
  [/private and have no subscribers/i, 'Nobody could see it: subscribe someone first, through another client, then unarchive it.'],
  [/invalid user group|user group id|group is deactivated/i, 'A group was deleted or deactivated meanwhile: remove it from the list and choose again.'],
  [/invalid user id|no such user|user is deactivated/i, 'Someone was deactivated or removed meanwhile: remove them from the list and try again.'],
  [/cannot be set to 'role:/i, 'Choose another group: Members instead of Everyone, for instance.'],
  [/invalid channel folder id/i, 'The folder was archived or deleted meanwhile: choose another one.'],
  [/all messages in this channel must be in/i, null],
  [
    /unable to access channel/i,
    'The channel is private and you cannot see into it: the server lets only its subscribers and the people in its “who may add subscribers” or “who may subscribe” groups reach it, not administrators as such. Ask one of them.',
  ],
];

/** Creating a channel, upstream's "Unable to access channel" means a private one of that name exists. */
export const CREATE_ADVICE: [RegExp, string | null][] = [[/unable to access channel/i, 'A channel of that name exists and you cannot see into it: choose another name.']];

/**
 * The server's (or the console's) error for a change, in words: `subject` says what was not done.
 * `advice` comes before the common advice, for what a message means in one kind of change only.
 */
export function channelChangeFailed(subject: string, error: ConsoleError, channelName: string | null, fate: CheckedFate | null = null, advice: [RegExp, string | null][] = []): ConsoleError {
  const said = sentence(error.message);
  const next = adviceForFailure(error, [...advice, ...ADVICE_BY_MESSAGE], channelName === null ? null : channelLabel(channelName), fate);
  return new ConsoleError(error.code, next ? `${subject}: ${said} ${next}` : `${subject}: ${said}`, error.extra);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
