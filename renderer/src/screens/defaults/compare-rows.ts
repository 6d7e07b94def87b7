// Compare realms: each setting's value in every realm whose defaults could be read, and whether they
// differ. A realm that does not report a setting (an older server) does not count as differing.
import type { UserSettingValue } from '../../../../shared/api';
import { catalogueByGroup, type CatalogueEntry, type SettingGroupInfo } from '../../../../shared/domain/user-settings-defaults';

export interface CompareRow {
  entry: CatalogueEntry;
  /** Per realm, in column order; undefined when the realm is unavailable or does not report it. */
  values: (UserSettingValue | undefined)[];
  differs: boolean;
}

export interface CompareGroup {
  group: SettingGroupInfo;
  rows: CompareRow[];
}

/** `realms` holds each column's values, or null for a realm that could not be read. */
export function compareRows(realms: readonly (Readonly<Record<string, UserSettingValue>> | null)[], onlyDifferences: boolean): { groups: CompareGroup[]; differing: number } {
  let differing = 0;
  const groups = catalogueByGroup().map(({ group, entries }) => {
    const rows = entries.map((entry) => {
      const values = realms.map((realm) => realm?.[entry.name]);
      const reported = values.filter((value) => value !== undefined);
      const differs = reported.some((value) => value !== reported[0]);
      if (differs) differing += 1;
      return { entry, values, differs };
    });
    return { group, rows: onlyDifferences ? rows.filter((row) => row.differs) : rows };
  });
  return { groups, differing };
}
