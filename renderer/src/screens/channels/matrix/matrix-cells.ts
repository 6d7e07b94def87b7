// The permission matrix's cells in words, and its columns: privacy, retention and the topics policy as
// the list words them, a group setting as its roles and groups by name and its individual people
// counted ("Members, engineers and 2 people"), with how many people that is, and how many of them can
// use it in the channel, in full for the cell's title.
import type { Stream } from '../../../../../shared/api/channels';
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { audienceWords, permissionAudience } from '../../../../../shared/domain/channel-audience';
import { groupSettingWords, pillsOf, pillWords } from '../../../../../shared/domain/channel-groups';
import { listWords } from '../../../../../shared/domain/list-words';
import { alwaysHoldersShort, isChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { PRIVACY_WORDS, type ChannelPrivacy } from '../../../../../shared/domain/channel-privacy';
import { retentionWords, type Retention } from '../../../../../shared/domain/channel-retention';
import { reportsSetting, SETTING_COLUMNS, settingValue, type SettingColumn, type SettingValue } from '../../../../../shared/domain/channel-settings';
import { topicsPolicyLabel } from '../../../../../shared/domain/channel-topics';
import type { TopicsPolicy } from '../../../../../shared/api/common';
import type { RulesContext } from '../editor/rules-context';

const count = new Intl.NumberFormat();

/** The columns the server reports for at least one of the channels (an older server lacks newer settings). */
export function matrixColumns(channels: readonly { channel: Stream }[]): SettingColumn[] {
  return SETTING_COLUMNS.filter((column) => channels.some((entry) => reportsSetting(entry.channel, column)));
}

/** A value in the grid's words: short enough for a cell. */
export function valueWords(column: SettingColumn, value: SettingValue, rules: RulesContext): string {
  if (column === 'privacy') return PRIVACY_WORDS[value as ChannelPrivacy].label;
  if (column === 'retention') return retentionWords(value as Retention, rules.policy.messageRetentionDays);
  if (column === 'topicsPolicy') return topicsPolicyLabel(value as TopicsPolicy, rules.policy.emptyTopicName);
  const pills = pillsOf(value as GroupSettingValue, rules.index);
  const names = pills.filter((pill) => pill.kind !== 'user').map((pill) => pillWords(pill, rules.index, rules.people));
  const users = pills.filter((pill) => pill.kind === 'user');
  if (users.length === 1 && users[0]) names.push(pillWords(users[0], rules.index, rules.people));
  else if (users.length > 1) names.push(`${count.format(users.length)} people`);
  return listWords(names.length ? names : ['Nobody']);
}

export interface CellWords {
  text: string;
  title: string | undefined;
}

// Resolving a group setting to people walks the groups (everyone, in a realm of 20,000): each cell is
// worded once per channel object, version of the rules and list of subscribers, so a keystroke repaints
// from the cache.
interface Worded {
  subscribers: readonly number[] | null;
  cells: Map<SettingColumn, CellWords>;
}
const cache = new WeakMap<RulesContext, WeakMap<Stream, Worded>>();

/**
 * A cell's words and, for a group setting, its title: every name, how many people hold it and how many
 * of them can use it in this channel (shared/domain/channel-audience.ts, in the channel editor's words).
 * `subscribers`: the channel's, null while not known (then nobody is left out for want of a subscription).
 */
export function cellWords(channel: Stream, column: SettingColumn, rules: RulesContext, subscribers: readonly number[] | null = null): CellWords {
  let byChannel = cache.get(rules);
  if (!byChannel) cache.set(rules, (byChannel = new WeakMap()));
  let worded = byChannel.get(channel);
  if (!worded || worded.subscribers !== subscribers) byChannel.set(channel, (worded = { subscribers, cells: new Map() }));
  let words = worded.cells.get(column);
  if (!words) worded.cells.set(column, (words = wordCell(channel, column, rules, subscribers)));
  return words;
}

function wordCell(channel: Stream, column: SettingColumn, rules: RulesContext, subscribers: readonly number[] | null): CellWords {
  if (!reportsSetting(channel, column)) return { text: '—', title: 'This server does not report this setting for the channel.' };
  const value = settingValue(channel, column);
  const text = valueWords(column, value, rules);
  if (!isChannelGroupSetting(column)) return { text, title: column === 'retention' ? text : undefined };
  const facts = { index: rules.index, people: rules.people, subscribers: subscribers && new Set(subscribers) };
  const audience = permissionAudience(column, channel, value as GroupSettingValue, facts);
  const said = audienceWords(audience);
  const always = alwaysHoldersShort(column, rules.policy, rules.index, rules.people);
  // "Nobody" would say that nobody may, where organization administrators (or the organization's own
  // holders) always may: the editor says "and always: …", and so does the cell.
  return {
    text: always && audience.holders.size === 0 ? `Only ${always}` : text,
    title: `${groupSettingWords(value as GroupSettingValue, rules.index, rules.people)}: ${said.holders} ${said.rest}.${always ? ` And always: ${always}.` : ''}`,
  };
}
