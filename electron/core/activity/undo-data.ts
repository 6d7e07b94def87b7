// The `undo` of a logged change (shared/ipc/activity.ts UndoData), as the recorders write it: the data
// of the change with a fresh ID, so one entry, or every entry of one job, can be asked to be undone.
import { randomUUID } from 'node:crypto';
import type { UndoData } from '../../../shared/ipc';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type UndoWithoutId = DistributiveOmit<UndoData, 'id'>;

export function undoable(data: UndoWithoutId): UndoData {
  return { ...data, id: randomUUID() } as UndoData;
}

/** A value as the log keeps it (JSON). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
