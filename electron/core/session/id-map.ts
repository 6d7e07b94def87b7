// An immutable map from integer IDs (users, channels, groups) to objects, cheap to change one entry of.
// The reducer must not mutate the state it was given, but copying a 20,000-user Map for every event
// would make a busy realm slow: here the entries are spread over a fixed number of buckets by ID, and a
// change copies the bucket array and the one bucket it touches (a few hundred references, not 20,000).
// Iteration is in ascending ID order, so lists read from the state are stable.

const BUCKETS = 256;

type Bucket<V> = ReadonlyMap<number, V>;
const bucketOf = (id: number) => id % BUCKETS;

export class IdMap<V> implements Iterable<[number, V]> {
  private sortedIds: readonly number[] | null = null;

  private constructor(
    private readonly buckets: readonly (Bucket<V> | undefined)[],
    readonly size: number,
  ) {}

  static empty<V>(): IdMap<V> {
    return new IdMap<V>(new Array<Bucket<V> | undefined>(BUCKETS).fill(undefined), 0);
  }

  /** A map of the given objects, keyed by `idOf`; a later object with the same ID wins. */
  static of<V>(values: Iterable<V>, idOf: (value: V) => number): IdMap<V> {
    // Filled directly, not through a draft: a register reply's 100,000 users go in here at sign-in.
    const buckets = new Array<Map<number, V> | undefined>(BUCKETS).fill(undefined);
    let size = 0;
    for (const value of values) {
      const id = idOf(value);
      const bucket = (buckets[bucketOf(id)] ??= new Map<number, V>());
      if (!bucket.has(id)) size += 1;
      bucket.set(id, value);
    }
    return new IdMap<V>(buckets, size);
  }

  get(id: number): V | undefined {
    return this.buckets[bucketOf(id)]?.get(id);
  }

  has(id: number): boolean {
    return this.buckets[bucketOf(id)]?.has(id) ?? false;
  }

  set(id: number, value: V): IdMap<V> {
    return this.withMutations((draft) => draft.set(id, value));
  }

  delete(id: number): IdMap<V> {
    if (!this.has(id)) return this;
    return this.withMutations((draft) => draft.delete(id));
  }

  /** The entry replaced by `change(entry)`; the same map when there is no such ID. */
  update(id: number, change: (value: V) => V): IdMap<V> {
    const value = this.get(id);
    return value === undefined ? this : this.set(id, change(value));
  }

  /**
   * Several changes at once: each touched bucket is copied once, however many of its entries change.
   * The draft must not be used after `apply` returns.
   */
  withMutations(apply: (draft: IdMapDraft<V>) => void): IdMap<V> {
    const buckets = [...this.buckets];
    const copied = new Uint8Array(BUCKETS);
    let changed = false;
    let size = this.size;
    const writable = (id: number): Map<number, V> => {
      const index = bucketOf(id);
      if (copied[index] === 0) {
        buckets[index] = new Map(buckets[index]);
        copied[index] = 1;
        changed = true;
      }
      return buckets[index] as Map<number, V>;
    };
    const draft: IdMapDraft<V> = {
      get: (id) => buckets[bucketOf(id)]?.get(id),
      set(id, value) {
        const bucket = writable(id);
        if (!bucket.has(id)) size += 1;
        bucket.set(id, value);
      },
      delete(id) {
        if (!buckets[bucketOf(id)]?.has(id)) return;
        writable(id).delete(id);
        size -= 1;
      },
    };
    apply(draft);
    return changed ? new IdMap(buckets, size) : this;
  }

  /** IDs in ascending order (computed once per map: the map never changes). */
  ids(): readonly number[] {
    if (this.sortedIds === null) {
      const ids: number[] = [];
      for (const bucket of this.buckets) if (bucket) ids.push(...bucket.keys());
      this.sortedIds = ids.sort((a, b) => a - b);
    }
    return this.sortedIds;
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this) yield value;
  }

  *[Symbol.iterator](): IterableIterator<[number, V]> {
    for (const id of this.ids()) yield [id, this.get(id) as V];
  }
}

export interface IdMapDraft<V> {
  get(id: number): V | undefined;
  set(id: number, value: V): void;
  delete(id: number): void;
}
