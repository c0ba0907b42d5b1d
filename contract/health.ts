import { z } from 'zod';

/** GET /healthz: the process answers (it never asks the database). */
export const Liveness = z.strictObject({ status: z.literal('ok') });

/** Which model's vectors search reads, how many members each model covers, a pending switch. */
const EmbeddingState = z.strictObject({
  searchModel: z.string(),
  targetModel: z.string(),
  switchPending: z.boolean(),
  coverage: z.array(z.strictObject({ model: z.string(), profiles: z.number().int() })),
  indexedProfiles: z.number().int(),
  switchedAt: z.string().nullable(),
});

/** The read replica (DATABASE_REPLICA_URL), when there is one: informs, never decides readiness. */
const ReplicaState = z.strictObject({
  status: z.enum(['starting', 'in-use', 'stale', 'down', 'not-a-replica']),
  lagMs: z.number().nullable(),
  maxLagMs: z.number(),
  reads: z.strictObject({ replica: z.number().int(), primary: z.number().int(), fallbacks: z.number().int() }),
});

/**
 * GET /readyz (200 when ready, else 503): the database answers, the schema is current and pgvector
 * is installed; which release answers, which AI and which embedding model.
 */
export const Readiness = z.strictObject({
  status: z.enum(['ready', 'unavailable']),
  version: z.string(),
  commit: z.string(),
  ready: z.boolean(),
  /** Shutting down: still serving, but a proxy should send new requests elsewhere. */
  stopping: z.literal(true).optional(),
  ai: z.strictObject({
    provider: z.enum(['ollama', 'builtin']),
    models: z.strictObject({ chat: z.string(), embedding: z.string(), dimensions: z.number().int() }),
  }),
  embeddings: EmbeddingState.nullable(),
  database: z.strictObject({
    mode: z.enum(['embedded', 'external']),
    reachable: z.boolean(),
    migrations: z.enum(['current', 'pending', 'unknown']),
    pendingMigrations: z.array(z.string()),
    vectorExtension: z.string().nullable(),
    replica: ReplicaState.optional(),
  }),
});
export type Readiness = z.infer<typeof Readiness>;
