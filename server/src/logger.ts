import pino, { type Logger } from 'pino';

import type { Config } from './config.js';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: undefined,
    // Secrets never reach the log, whichever object carries them.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
  });
}
