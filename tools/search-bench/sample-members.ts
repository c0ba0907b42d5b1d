/**
 * The fast bulk loader of complete sample members into a fresh, migrated Postgres database: the
 * demo generator's facts and the interview's composer, embedded with the built-in model, written
 * as 1000-row batches of users and profiles in one transaction each, then their embeddings (each
 * vector's document and content hash from the app's own SQL, so the nightly job finds them current). The search benchmark (bench.ts) and the soak
 * (tools/soak/soak.ts) load their communities with it.
 */
import { randomUUID } from 'node:crypto';

import { Kysely, PostgresDialect } from 'kysely';

import type pg from 'pg';

import { BUILTIN_EMBEDDING_MODEL, embedTexts } from '../../server/src/ai/builtin/embedding/index.js';
import type { DB } from '../../server/src/db/schema.js';
import { type DemoMember, demoProfileColumns, generateDemoMember } from '../../server/src/features/demo/demo.generator.js';
import { EmbeddingsRepository } from '../../server/src/features/embeddings/embeddings.repository.js';

export const SAMPLE_SEED = 'kindred-bench';
export const SAMPLE_TODAY = '2026-11-22';
export const LOAD_BATCH = 1000;
export const HNSW_INDEX = 'profile_embeddings_builtin_hnsw_idx';

/** Natural-language searches as members type them (the benchmark's and the soak's). */
export const SEARCH_QUERIES = [
  'someone to go hiking with on weekends',
  'looking for a girlfriend who loves cooking',
  'friends who play board games near me',
  'study buddy for math and physics',
  'tennis partner in Toronto',
  'a climbing partner in Vancouver between 20 and 25',
  'people into anime and video games',
  'someone to practice languages with over coffee',
  'a boyfriend who is into music and concerts',
  'running buddy for early mornings',
  'I want to find friends who like photography and travel',
  'yoga and mindfulness friends',
  'basketball players in Burnaby',
  'creative people who write or draw',
  'volunteering and environment, looking for like-minded friends',
  'startup founders to talk business with',
  'someone kind and easygoing for a long-term relationship',
  'a chess partner',
  'friends to go to museums and theatre with in Montreal',
  'pre-med students to study biology together',
] as const;

export interface SampleMember {
  userId: string;
  profileId: string;
  email: string;
  passwordHash: string;
  profile: Record<string, unknown>;
  /** What the demo generator made (its moments among it). */
  generated: DemoMember;
}

/** Sample member number `index` of the benchmark's seed, with this e-mail and password hash. */
export function sampleMember(index: number, email: string, passwordHash: string): SampleMember {
  const m = generateDemoMember(SAMPLE_SEED, index, SAMPLE_TODAY);
  const profileId = randomUUID();
  const profile = {
    id: profileId,
    ...demoProfileColumns(m, email),
  };
  return { userId: randomUUID(), profileId, email, profile, passwordHash, generated: m };
}

/** The app's own embeddings repository on the loader's pool: each vector's document and hash are its SQL. */
const repositories = new WeakMap<pg.Pool, EmbeddingsRepository>();
function embeddingsRepository(pool: pg.Pool): EmbeddingsRepository {
  let repository = repositories.get(pool);
  if (!repository) repositories.set(pool, (repository = new EmbeddingsRepository(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }))));
  return repository;
}

/** Writes the members (confirmed accounts and profiles in one transaction, then their built-in embeddings). */
export async function insertMembers(pool: pg.Pool, members: readonly SampleMember[]): Promise<void> {
  const users = members.map((m) => ({ id: m.userId, email: m.email, password_hash: m.passwordHash }));
  const profiles = members.map((m) => ({ ...m.profile, user_id: m.userId }));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at)
       SELECT id, email, password_hash, now() FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, email text, password_hash text)`,
      [JSON.stringify(users)],
    );
    await client.query(
      `INSERT INTO profiles (id, user_id, name, age, birth_date, gender, location, profession, relationship_status, contact_info, bio,
         enhanced_background, interests, personality_type, social_style, relationship_style, core_values, looking_for)
       SELECT id, user_id, name, age, birth_date, gender, location, profession, relationship_status, contact_info, bio,
         enhanced_background, interests, personality_type, social_style, relationship_style, core_values, looking_for
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, user_id uuid, name text, age int, birth_date date, gender text, location text,
         profession text, relationship_status text, contact_info jsonb, bio text, enhanced_background text, interests text[],
         personality_type text, social_style text, relationship_style text, core_values text[], looking_for text[])`,
      [JSON.stringify(profiles)],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  const repository = embeddingsRepository(pool);
  const documents = await repository.documents(
    members.map((m) => m.profileId),
    BUILTIN_EMBEDDING_MODEL,
    '',
  );
  const vectors = embedTexts(documents.map((d) => d.document));
  await repository.saveAll(
    BUILTIN_EMBEDDING_MODEL,
    documents.map((d, i) => ({ profileId: d.profileId, hash: d.hash, vector: vectors[i]! })),
  );
}

/**
 * Sample members `from` … `from + count - 1` in LOAD_BATCH-row batches, generating the next batch
 * while Postgres writes the previous one. `onBatch` sees each batch once it is written.
 */
export async function loadSampleMembers(
  pool: pg.Pool,
  options: { from: number; count: number; email: (index: number) => string; passwordHash: string; onBatch?: (batch: readonly SampleMember[], loaded: number) => void },
): Promise<void> {
  const { from: first, count: total } = options;
  let pending: Promise<void> = Promise.resolve();
  for (let from = first; from < first + total; from += LOAD_BATCH) {
    const count = Math.min(LOAD_BATCH, first + total - from);
    const batch = Array.from({ length: count }, (_, i) => sampleMember(from + i, options.email(from + i), options.passwordHash));
    await pending; // generate the next batch while Postgres writes the previous one
    const loaded = from - first + count;
    pending = insertMembers(pool, batch).then(() => options.onBatch?.(batch, loaded));
  }
  await pending;
}

/** The HNSW index's definition as the migrations made it; dropped before a bulk load. */
export async function dropHnswIndex(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ ddl: string }>(`SELECT pg_get_indexdef('${HNSW_INDEX}'::regclass) AS ddl`);
  await pool.query(`DROP INDEX ${HNSW_INDEX}`);
  return rows[0]!.ddl;
}

/** Builds the index again after the load (faster than keeping it up to date row by row); returns ms. */
export async function buildHnswIndex(pool: pg.Pool, ddl: string): Promise<number> {
  const client = await pool.connect();
  try {
    // Session settings for the build only; the index definition is the migration's.
    await client.query(`SET maintenance_work_mem = '1GB'`);
    const t0 = performance.now();
    await client.query(ddl);
    return performance.now() - t0;
  } finally {
    client.release();
  }
}
