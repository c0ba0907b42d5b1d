import path from 'node:path';

import { z } from 'zod';

/**
 * Every setting Kindred reads, parsed once from the environment into one typed object.
 * `.env.example` documents each of them; keep the two in step.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  PORT: z.preprocess(emptyAsUndefined, port.default(3000)),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DB_POOL_MAX: z.preprocess(emptyAsUndefined, positiveInt.max(100).default(10)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  PRODUCT_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(60).default('Kindred')),
  MAIL_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'must be a domain name such as kindred.local')
      .default('kindred.local'),
  ),
  JSON_BODY_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 100kb or 1mb').default('100kb'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, positiveInt.default(4000)),
});

/** The environment variables Kindred reads. */
export const settingNames = Object.keys(schema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Set: an external Postgres. Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolMax: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  productName: string;
  mailDomain: string;
  jsonBodyLimit: string;
  /** Number of reverse proxies in front of the app (Express `trust proxy` hop count). */
  trustProxy: number;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const s = parsed.data;
  return {
    env: s.NODE_ENV,
    host: s.HOST,
    port: s.PORT,
    databaseUrl: s.DATABASE_URL,
    dataDir: path.resolve(s.DATA_DIR),
    dbPoolMax: s.DB_POOL_MAX,
    logLevel: s.LOG_LEVEL,
    productName: s.PRODUCT_NAME,
    mailDomain: s.MAIL_DOMAIN.toLowerCase(),
    jsonBodyLimit: s.JSON_BODY_LIMIT.toLowerCase(),
    trustProxy: s.TRUST_PROXY,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
  };
}
