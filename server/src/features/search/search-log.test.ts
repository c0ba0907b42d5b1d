import { jest } from '@jest/globals';
import pino from 'pino';

import { SearchLog, type SearchLogEntry } from './search-log.js';

const entry = (n: number): SearchLogEntry => ({ userId: 'u', query: `query ${n}`, intent: 'friend', resultCount: n });

describe('SearchLog', () => {
  it('writes what was logged in one batch, after a second or on flush', async () => {
    jest.useFakeTimers();
    try {
      const batches: SearchLogEntry[][] = [];
      const log = new SearchLog(async (entries) => void batches.push(entries), pino({ level: 'silent' }));
      log.add(entry(1));
      log.add(entry(2));
      expect(batches).toHaveLength(0);
      jest.advanceTimersByTime(1000);
      await log.flush();
      expect(batches).toEqual([[entry(1), entry(2)]]);

      log.add(entry(3));
      await log.flush();
      expect(batches).toEqual([[entry(1), entry(2)], [entry(3)]]);
      await log.flush(); // nothing waiting: nothing written
      expect(batches).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes at once when 200 are waiting', async () => {
    const batches: SearchLogEntry[][] = [];
    const log = new SearchLog(async (entries) => void batches.push(entries), pino({ level: 'silent' }));
    for (let n = 0; n < 200; n += 1) log.add(entry(n));
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(200);
    await log.flush();
  });

  it('reports a failed write and goes on', async () => {
    const logger = pino({ level: 'silent' });
    const error = jest.spyOn(logger, 'error');
    let fail = true;
    const written: SearchLogEntry[] = [];
    const log = new SearchLog(async (entries) => {
      if (fail) throw new Error('database down');
      written.push(...entries);
    }, logger);
    log.add(entry(1));
    await expect(log.flush()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    fail = false;
    log.add(entry(2));
    await log.flush();
    expect(written).toEqual([entry(2)]);
  });
});
