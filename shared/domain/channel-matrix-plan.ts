// The permission matrix's plan: for the selected cells (channels × settings) and the value chosen for
// each kind of column, which cells change (old → new, with who gains and who loses access), which
// already have the value, and which cannot take it and why, all before anything is sent. The rules are
// channel-settings.ts', the core's own, so the job that applies the plan refuses the same cells in the
// same words. Every selected channel goes to the job, so its results list one outcome per channel,
// refusals included. Once the review is open, the plan keeps the values it showed (`seen`) as each
// cell's `old`: a cell another administrator changes meanwhile is listed apart (`meanwhile`), never
// quietly re-planned from their value, and the job, given `seen` as `old`, reports it as a conflict
// instead of overwriting it (docs/style.md, "Live").
import type { GroupSettingValue, TopicsPolicy } from '../api/common';
import type { Stream } from '../api/channels';
import type { BatchColumn, ChannelHazard } from '../ipc/channels';
import { audienceChange } from './channel-audience';
import { alwaysHolders, isChannelGroupSetting, type ChannelGroupSetting } from './channel-permissions';
import { isPrivate, type ChannelPrivacy, type Privacy } from './channel-privacy';
import type { Retention } from './channel-retention';
import {
  applyOrder,
  checkSettingsChange,
  retentionHazard,
  sameSettingValue,
  settingHazard,
  settingValue,
  type ChannelFacts,
  type SettingColumn,
  type SettingEdit,
  type SettingValue,
} from './channel-settings';

/** One editor per kind of column: every group setting takes the same pills. */
export type MatrixKind = 'privacy' | 'retention' | 'topicsPolicy' | 'group';

export const kindOf = (column: SettingColumn): MatrixKind => (isChannelGroupSetting(column) ? 'group' : column);

/** The value chosen for each kind of column (undefined: not chosen yet, nothing is preselected). */
export interface MatrixValues {
  privacy?: Privacy;
  retention?: Retention;
  topicsPolicy?: TopicsPolicy;
  group?: GroupSettingValue;
}

export function valueFor(values: MatrixValues, column: SettingColumn): SettingValue | undefined {
  return values[kindOf(column)];
}

/** A channel as the matrix shows it (the IPC ChannelEntry has this shape). */
export interface MatrixEntry {
  channel: Stream;
  isDefault: boolean;
  subscribed: boolean;
  subscriberCount: number;
}

export interface CellChange {
  column: SettingColumn;
  old: SettingValue;
  value: SettingValue;
  hazard: { hazard: ChannelHazard; words: string } | null;
}

export interface CellRefusal {
  column: SettingColumn;
  value: SettingValue;
  reason: string;
}

/** The value of each cell as the review showed it, by channel ID and setting. */
export type SeenValues = ReadonlyMap<number, ReadonlyMap<SettingColumn, SettingValue>>;

/** A cell whose value changed on the server since the review showed it. */
export interface MeanwhileCell {
  entry: MatrixEntry;
  column: SettingColumn;
  /** What the review showed (the job's `old`). */
  seen: SettingValue;
  /** What the server has now. */
  now: SettingValue;
  /** The value chosen for it. */
  value: SettingValue;
}

export interface ChannelPlan {
  entry: MatrixEntry;
  /** Every planned cell's `old`: the value the review showed, else the live one. */
  seen: Map<SettingColumn, SettingValue>;
  /** In the order the job applies them (channel-settings.ts applyOrder). */
  changes: CellChange[];
  unchanged: SettingColumn[];
  refused: CellRefusal[];
}

export interface MatrixPlan {
  /** Every selected channel, in the order given. */
  channels: ChannelPlan[];
  /** Channels with at least one change. */
  changing: number;
  cells: { changes: number; unchanged: number; refused: number; unchosen: number };
  /** The hazards to confirm in words before the job starts. */
  hazards: ChannelHazard[];
  /** Cells changed on the server since the review showed them: confirmed again or dropped before the job starts. */
  meanwhile: MeanwhileCell[];
}

/**
 * The plan of setting the chosen values in the selected cells of these channels (`entries`, in the
 * grid's order). `seen`, once the review has shown the plan, holds what it showed: those values stay
 * each cell's `old`, and a cell whose live value differs is listed in `meanwhile`.
 */
export function planMatrix(
  facts: ChannelFacts,
  entries: readonly MatrixEntry[],
  selection: ReadonlyMap<number, ReadonlySet<SettingColumn>>,
  values: MatrixValues,
  seen?: SeenValues,
): MatrixPlan {
  const plan: MatrixPlan = { channels: [], changing: 0, cells: { changes: 0, unchanged: 0, refused: 0, unchosen: 0 }, hazards: [], meanwhile: [] };
  const hazards = new Set<ChannelHazard>();
  for (const entry of entries) {
    const columns = selection.get(entry.channel.stream_id);
    if (!columns || columns.size === 0) continue;
    const one: ChannelPlan = { entry, seen: new Map(), changes: [], unchanged: [], refused: [] };
    const shown = seen?.get(entry.channel.stream_id);
    for (const column of [...columns].sort((a, b) => applyOrder(a) - applyOrder(b))) {
      const value = valueFor(values, column);
      if (value === undefined) {
        plan.cells.unchosen += 1;
        continue;
      }
      const live = settingValue(entry.channel, column);
      const old = shown?.has(column) ? (shown.get(column) as SettingValue) : live;
      one.seen.set(column, old);
      if (!sameSettingValue(column, old, live)) plan.meanwhile.push({ entry, column, seen: old, now: live, value });
      if (sameSettingValue(column, old, value)) {
        one.unchanged.push(column);
        continue;
      }
      const edit = { property: column, value } as SettingEdit;
      const verdict = checkSettingsChange(facts, entry.channel, entry, edit);
      if (!verdict.allowed) {
        one.refused.push({ column, value, reason: verdict.reason });
        continue;
      }
      // Judged against the value the review shows: that is what the user is told they lose.
      const hazard = settingHazard(facts, entry.channel, entry, edit) ?? (column === 'retention' ? retentionHazard(old as Retention, value as Retention, facts.policy.messageRetentionDays) : null);
      if (hazard) hazards.add(hazard.hazard);
      one.changes.push({ column, old, value, hazard });
    }
    if (one.changes.length + one.unchanged.length + one.refused.length === 0) continue;
    plan.channels.push(one);
    if (one.changes.length > 0) plan.changing += 1;
    plan.cells.changes += one.changes.length;
    plan.cells.unchanged += one.unchanged.length;
    plan.cells.refused += one.refused.length;
  }
  plan.hazards = [...hazards];
  return plan;
}

/**
 * What the user confirms for a hazard: its channels and its words. A tick keeps only while this stays
 * the same, so choosing fewer days, or a plan reviewed again with other values, asks again.
 */
export function hazardKey(plan: MatrixPlan, hazard: ChannelHazard): string {
  return plan.channels
    .flatMap((one) => one.changes.flatMap((change) => (change.hazard?.hazard === hazard ? [`${one.entry.channel.stream_id}:${change.hazard.words}`] : [])))
    .join('\n');
}

/** The job's input: every planned cell of every channel, with the value the review showed as `old`. */
export function jobChanges(plan: MatrixPlan): { channelId: number; changes: { property: SettingColumn; value: SettingValue; old: SettingValue }[] }[] {
  return plan.channels.map(({ entry, seen, changes, unchanged, refused }) => {
    const current = (column: SettingColumn) => (seen.has(column) ? (seen.get(column) as SettingValue) : settingValue(entry.channel, column));
    const cells = [
      ...changes.map((change) => ({ property: change.column, value: change.value, old: change.old })),
      ...refused.map((refusal) => ({ property: refusal.column, value: refusal.value, old: current(refusal.column) })),
      ...unchanged.map((column) => ({ property: column, value: current(column), old: current(column) })),
    ];
    return { channelId: entry.channel.stream_id, changes: cells.sort((a, b) => applyOrder(a.property) - applyOrder(b.property)) };
  });
}

/**
 * The job's input as `channels.batch.start` takes it: a column per setting, the chosen value for every
 * cell of it (a cell that already has it is sent too, so every selected channel gets its result).
 */
export function batchColumns(plan: MatrixPlan, values: MatrixValues): BatchColumn[] {
  const columns = new Map<SettingColumn, BatchColumn>();
  for (const { channelId, changes } of jobChanges(plan)) {
    for (const change of changes) {
      const value = valueFor(values, change.property);
      if (value === undefined) continue;
      const column = columns.get(change.property) ?? ({ property: change.property, value, cells: [] } as unknown as BatchColumn);
      (column.cells as [number, SettingValue][]).push([channelId, change.old]);
      columns.set(change.property, column);
    }
  }
  return [...columns.values()];
}

/** What the review shows, to keep as `seen` while it is open. */
export function seenValues(plan: MatrixPlan): SeenValues {
  return new Map(plan.channels.map((one) => [one.entry.channel.stream_id, new Map(one.seen)]));
}

/** `seen` with the server's values for these cells: the user confirmed the plan again against theirs. */
export function takeTheirs(seen: SeenValues, cells: readonly MeanwhileCell[]): SeenValues {
  const next = new Map([...seen].map(([id, columns]) => [id, new Map(columns)]));
  for (const cell of cells) next.get(cell.entry.channel.stream_id)?.set(cell.column, cell.now);
  return next;
}

/** The selection without these cells: the user dropped them from the change. */
export function withoutCells(selection: ReadonlyMap<number, ReadonlySet<SettingColumn>>, cells: readonly Pick<MeanwhileCell, 'entry' | 'column'>[]): Map<number, Set<SettingColumn>> {
  const next = new Map([...selection].map(([id, columns]) => [id, new Set(columns)]));
  for (const cell of cells) next.get(cell.entry.channel.stream_id)?.delete(cell.column);
  for (const [id, columns] of next) if (columns.size === 0) next.delete(id);
  return next;
}

/** Who gains and who loses what a change gives: people by ID for a group setting, else in words. */
export interface AccessChange {
  gain: number[];
  lose: number[];
  /** What changes for whom when people cannot be listed (privacy), or null. A shorter retention is a hazard instead (retentionHazard), said once with its box to tick. */
  note: string | null;
  /** A private channel opened to those who gain (channel-audience.ts), or null. */
  warning: string | null;
}

/**
 * `subscribers`: the channel's, for a group setting (channel-audience.ts: only people who can use a
 * permission gain or lose it, and in a private channel that depends on who is subscribed); null while
 * not known.
 */
export function accessChange(facts: ChannelFacts, entry: MatrixEntry, change: Pick<CellChange, 'column' | 'old' | 'value'>, subscribers: ReadonlySet<number> | null = null): AccessChange {
  const { column, old, value } = change;
  if (isChannelGroupSetting(column)) {
    const always = alwaysHoldersOf(facts, column);
    const { gain, lose, limit, opening } = audienceChange(column, entry.channel, old as GroupSettingValue, value as GroupSettingValue, { index: facts.index, people: facts.people, subscribers, always });
    const note = limit && (gain.length + lose.length > 0 ? `Counting only those who can use it: ${limit}.` : `Nobody gains or loses it: ${limit}.`);
    return { gain: gain.sort(byNumber), lose: lose.sort(byNumber), note, warning: opening };
  }
  if (column === 'privacy') return { gain: [], lose: [], note: privacyAccessNote(old as ChannelPrivacy, value as Privacy, entry.subscriberCount), warning: null };
  return { gain: [], lose: [], note: null, warning: null };
}

const byNumber = (a: number, b: number) => a - b;

/** alwaysHolders once per column for the same facts: a review asks for it once per changed cell. */
const alwaysCache = new WeakMap<ChannelFacts, Map<ChannelGroupSetting, Set<number>>>();
function alwaysHoldersOf(facts: ChannelFacts, column: ChannelGroupSetting): Set<number> {
  let byColumn = alwaysCache.get(facts);
  if (!byColumn) alwaysCache.set(facts, (byColumn = new Map()));
  let holders = byColumn.get(column);
  if (!holders) byColumn.set(column, (holders = alwaysHolders(column, facts.policy, facts.index, facts.people)));
  return holders;
}
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Who gains or loses access when a channel's privacy changes, in words. */
export function privacyAccessNote(from: ChannelPrivacy, to: Privacy, subscribers: number): string | null {
  const notes: string[] = [];
  if (from === 'web_public' && to !== 'web_public') notes.push('Visitors without an account lose access.');
  if (isPrivate(to) && !isPrivate(from)) {
    notes.push(`Only its ${count(subscribers, 'subscriber keeps', 'subscribers keep')} access; the organization’s other members can no longer find, join or read it.`);
  }
  if (!isPrivate(to) && isPrivate(from)) notes.push('Every member gains access: they can find it, join it and read its whole history.');
  if (to === 'web_public' && from !== 'web_public') notes.push('Anyone on the internet gains read access, without an account.');
  if (from === 'private_shared' && to === 'private_protected') notes.push('Subscribers who join from now on lose the messages sent before they joined.');
  if ((from === 'private_protected' && to === 'private_shared') || (from === 'public_protected' && !isPrivate(to))) {
    notes.push('Subscribers gain the messages sent before they joined.');
  }
  return notes.length ? notes.join(' ') : null;
}
