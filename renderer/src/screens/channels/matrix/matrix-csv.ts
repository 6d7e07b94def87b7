// The permission matrix as CSV: the rows and columns shown (the search and filters applied), each value
// in full words (every person a group setting names, and who always may besides), formula-safe (shared/domain/csv.ts).
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { groupSettingWords } from '../../../../../shared/domain/channel-groups';
import { alwaysHoldersShort, isChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { reportsSetting, settingLabel, settingValue, type SettingColumn } from '../../../../../shared/domain/channel-settings';
import { toCsv, type CsvCell } from '../../../../../shared/domain/csv';
import type { ChannelEntry } from '../../../../../shared/ipc';
import type { RulesContext } from '../editor/rules-context';
import { valueWords } from './matrix-cells';

export function matrixCsv(rows: readonly ChannelEntry[], columns: readonly SettingColumn[], rules: RulesContext): string {
  const header = ['Channel', 'Channel ID', ...columns.map(settingLabel)];
  // Who always may besides the channel's own value is the organization's, the same on every row.
  const always = columns.map((column) => (isChannelGroupSetting(column) ? alwaysHoldersShort(column, rules.policy, rules.index, rules.people) : null));
  const lines = rows.map(({ channel }): CsvCell[] => [
    channel.name,
    channel.stream_id,
    ...columns.map((column, index) => {
      if (!reportsSetting(channel, column)) return null;
      const value = settingValue(channel, column);
      if (!isChannelGroupSetting(column)) return valueWords(column, value, rules);
      // As the editor says it: the channel's own value, and who always may besides (never a bare "Nobody").
      const besides = always[index];
      return `${groupSettingWords(value as GroupSettingValue, rules.index, rules.people)}${besides ? `; and always: ${besides}` : ''}`;
    }),
  ]);
  return toCsv(header, lines);
}

/** "sandbox-realm-permissions.csv": the organization's name, safe as a file name. */
export function matrixFilename(realmName: string): string {
  const slug = realmName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'organization';
  return `${slug}-channel-permissions.csv`;
}
