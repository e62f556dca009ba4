/**
 * An in-process cache whose entries are only as good as a table's revision (the `table_revision`
 * counters, bumped in the writing transaction by a trigger on every write). A caller passes the revision
 * it read from the database for this request; an entry loaded under that revision or a later one is
 * served, anything older is loaded again. So a change committed by any API instance is seen from the
 * next request that reads the new revision, without any instance telling another.
 *
 * An entry may hold data newer than its revision (it is loaded after the revision was read): serving it
 * to a request that read that revision only ever shows that request a fresher state, never an older one.
 */
export class RevisionCache<V> {
  private readonly entries = new Map<string, { revision: number; value: Promise<V> }>();

  /** At most `maxEntries` keys are kept; the least recently used go first. */
  constructor(private readonly maxEntries: number) {}

  /** The value of `key` as of `revision` or later, loaded once however many requests ask at the same time. */
  get(key: string, revision: number, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.revision >= revision) {
      // most recently used: to the end of the map's order
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = load();
    const loaded = { revision, value };
    this.entries.delete(key);
    this.entries.set(key, loaded);
    // a failed load is not kept: the next request tries again
    value.catch(() => {
      if (this.entries.get(key) === loaded) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
