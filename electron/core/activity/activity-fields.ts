// The filter fields of an entry written before the log had them (kind, users, channels): derived from
// what such an entry holds, its action's words and its channel, so old logs filter as new ones do. An
// action this does not know keeps no kind and is found by the other filters and by search.
import type { ActivityEntry, ActivityKind } from '../../../shared/ipc';

const KIND_OF_ACTION: ReadonlyArray<[RegExp, ActivityKind]> = [
  [/^Changed role$/, 'role'],
  [/^(De|Re)activated$/, 'status'],
  [/^Renamed$/, 'name'],
  [/invitation/i, 'invitation'],
  [/default settings/, 'defaults'],
  [/folder/i, 'folder'],
  [/^(Un)?[Ss]ubscribed users$/, 'subscribers'],
];

export function withFilterFields(entry: ActivityEntry): ActivityEntry {
  const kind = entry.kind ?? kindOfAction(entry);
  const channelIds = entry.channelIds ?? (entry.channelId === undefined ? undefined : [entry.channelId]);
  if (kind === entry.kind && channelIds === entry.channelIds) return entry;
  return { ...entry, ...(kind ? { kind } : {}), ...(channelIds ? { channelIds } : {}) };
}

function kindOfAction(entry: ActivityEntry): ActivityKind | undefined {
  for (const [words, kind] of KIND_OF_ACTION) if (words.test(entry.action)) return kind;
  // Every other change recorded with a channel was a change to that channel.
  return entry.channelId === undefined ? undefined : 'channel';
}
