/**
 * A value loaded from the database that may be up to `maxAgeMs` old (the towns members live in,
 * the words most profiles use). The first caller waits for the load; later callers get the kept
 * value at once, and an old one is reloaded in the background, one load at a time. A failed
 * background reload keeps the old value and is reported to `onError`.
 */
export class Refreshing<T> {
  private kept: { at: number; value: T } | undefined;
  private loading: Promise<T> | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    if (!this.kept) return this.reload();
    if (this.now() - this.kept.at > this.maxAgeMs) this.reload().catch(this.onError);
    return this.kept.value;
  }

  private reload(): Promise<T> {
    this.loading ??= this.load()
      .then((value) => {
        this.kept = { at: this.now(), value };
        return value;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
