// The permission matrix's cells in words, and its columns: privacy, retention and the topics policy as
// the list words them, a group setting as its roles and groups by name and its individual people
// counted ("Members, engineers and 2 people"), with how many people that is in full for the cell's title.
import type { Stream } from '../../../../../shared/api/channels';
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { groupSettingWords, listWords, pillsOf, pillWords, resolveGroupSetting } from '../../../../../shared/domain/channel-groups';
import { isChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
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
// worded once per channel object and version of the rules, so a keystroke repaints from the cache.
const cache = new WeakMap<RulesContext, WeakMap<Stream, Map<SettingColumn, CellWords>>>();

/** A cell's words and, for a group setting, its title: every name and the people who hold it. */
export function cellWords(channel: Stream, column: SettingColumn, rules: RulesContext): CellWords {
  let byChannel = cache.get(rules);
  if (!byChannel) cache.set(rules, (byChannel = new WeakMap()));
  let cells = byChannel.get(channel);
  if (!cells) byChannel.set(channel, (cells = new Map()));
  let words = cells.get(column);
  if (!words) cells.set(column, (words = wordCell(channel, column, rules)));
  return words;
}

function wordCell(channel: Stream, column: SettingColumn, rules: RulesContext): CellWords {
  if (!reportsSetting(channel, column)) return { text: '—', title: 'This server does not report this setting for the channel.' };
  const value = settingValue(channel, column);
  const text = valueWords(column, value, rules);
  if (!isChannelGroupSetting(column)) return { text, title: column === 'retention' ? text : undefined };
  const holders = resolveGroupSetting(value as GroupSettingValue, rules.index, rules.people).size;
  return { text, title: `${groupSettingWords(value as GroupSettingValue, rules.index, rules.people)}: ${count.format(holders)} ${holders === 1 ? 'person' : 'people'}` };
}
