// What changed in a realm's state, merged per collection, so one push tells the renderer exactly which
// entries to patch. An entry with no IDs means the collection as a whole (realm settings, defaults).
import type { RealmChange, RealmCollection } from '../../../shared/ipc';

export class ChangeSet {
  /** null: the whole collection. */
  private readonly touched = new Map<RealmCollection, Set<number> | null>();

  /** Records IDs of a collection; with none, the collection as a whole. */
  add(collection: RealmCollection, ids: Iterable<number> = []): this {
    const list = [...ids];
    const current = this.touched.get(collection);
    if (current === null) return this;
    if (list.length === 0) {
      this.touched.set(collection, null);
      return this;
    }
    const set = current ?? new Set<number>();
    for (const id of list) set.add(id);
    this.touched.set(collection, set);
    return this;
  }

  addAll(changes: readonly RealmChange[]): this {
    for (const change of changes) this.add(change.collection, change.ids);
    return this;
  }

  get size(): number {
    return this.touched.size;
  }

  toArray(): RealmChange[] {
    return [...this.touched].map(([collection, ids]) => ({ collection, ids: ids ? [...ids].sort((a, b) => a - b) : [] }));
  }
}

/** Merges change lists (e.g. of every event in a batch): one entry per collection. */
export function mergeChanges(...lists: readonly (readonly RealmChange[])[]): RealmChange[] {
  const set = new ChangeSet();
  for (const list of lists) set.addAll(list);
  return set.toArray();
}
