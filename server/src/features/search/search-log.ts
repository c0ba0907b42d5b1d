import type { Logger } from 'pino';

import type { LookingFor } from '../../db/schema.js';

/** One line of `user_searches`. */
export interface SearchLogEntry {
  userId: string;
  query: string;
  intent: LookingFor;
  resultCount: number;
}

/** How long a logged search may wait before it is written, and how many are written at most at once. */
const FLUSH_AFTER_MS = 1000;
const FLUSH_AT_ENTRIES = 200;

/**
 * Writes the search log in batches: one INSERT of many rows at most once a second, instead of an
 * INSERT and a commit inside every search (four round trips to Postgres per search). A crash can
 * lose the last second of the log, never member data. `flush` writes what is waiting (tests,
 * shutdown).
 */
export class SearchLog {
  private waiting: SearchLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly write: (entries: SearchLogEntry[]) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  add(entry: SearchLogEntry): void {
    this.waiting.push(entry);
    if (this.waiting.length >= FLUSH_AT_ENTRIES) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes every entry added so far and waits for writes already under way. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.waiting;
    this.waiting = [];
    if (entries.length > 0) {
      const task = this.write(entries)
        .catch((error: unknown) => this.logger.error({ err: error, lost: entries.length }, 'search log: writing failed'))
        .finally(() => this.writing.delete(task));
      this.writing.add(task);
    }
    await Promise.all([...this.writing]);
  }
}
