/** A bounded memo: the oldest entry goes when a new one would pass `capacity` (Map keeps insertion order). */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K, make: () => V): V {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const value = make();
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    return value;
  }
}
