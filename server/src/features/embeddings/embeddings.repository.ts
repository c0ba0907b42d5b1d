import { type ExpressionBuilder, type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';

/**
 * What a profile's vector is made of: what the member said about themself, not who they are —
 * one line per field they filled in. Written in SQL, the one definition, so that which vectors
 * are stale is a single query (the hash compared where the rows are) rather than a read of every
 * profile; `documents` returns the same text for the embedder.
 */
const PROFILE_DOCUMENT = sql<string>`concat_ws(E'\n',
  'Profession: ' || nullif(p.profession, ''),
  'Location: ' || nullif(p.location, ''),
  CASE WHEN cardinality(p.interests) > 0 THEN 'Interests: ' || array_to_string(p.interests, ', ') END,
  'About: ' || nullif(p.bio, ''),
  'Background: ' || nullif(p.enhanced_background, ''))`;

/**
 * The content hash of a profile's vector: the model, its task prefix and the text, so a profile
 * whose text did not change is not embedded again, and a new model or prefix embeds everyone.
 */
function contentHash(model: string, prefix: string) {
  return sql<string>`encode(sha256(convert_to(${`${model}\n${prefix}`} || ${PROFILE_DOCUMENT}, 'UTF8')), 'hex')`;
}

/** One profile's text for a model, with the hash it would have and the hash its vector has. */
export interface ProfileDocument {
  profileId: string;
  name: string | null;
  document: string;
  hash: string;
  storedHash: string | null;
}

export interface EmbeddingRow {
  profileId: string;
  hash: string;
  vector: number[];
}

/** Live members with something to embed (deleted accounts and empty profiles have no vector). */
export function embeddable(eb: ExpressionBuilder<DB & { p: DB['profiles'] }, 'p'>) {
  return eb.or([
    eb('p.bio', 'is not', null),
    eb('p.profession', 'is not', null),
    eb('p.location', 'is not', null),
    eb('p.enhanced_background', 'is not', null),
    sql<boolean>`cardinality(p.interests) > 0`,
  ]);
}

export class EmbeddingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The profiles' documents and hashes for `model` (prefix included), in one query; absent ids are missing. */
  async documents(profileIds: readonly string[], model: string, prefix: string): Promise<ProfileDocument[]> {
    if (profileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('profiles as p')
      .leftJoin('profile_embeddings as e', (join) => join.onRef('e.profile_id', '=', 'p.id').on('e.model', '=', model))
      .where('p.id', 'in', profileIds)
      .select(['p.id', 'p.name', PROFILE_DOCUMENT.as('document'), contentHash(model, prefix).as('hash'), 'e.content_hash'])
      .execute();
    return rows.map((row) => ({ profileId: row.id, name: row.name, document: row.document, hash: row.hash, storedHash: row.content_hash }));
  }

  /**
   * Writes a batch of vectors for one model in one statement. A row whose hash and vector are
   * already the stored ones is left alone (a forced run of the same model): an update would add a
   * new entry to the HNSW index for nothing, the bulk of a write's cost.
   */
  async saveAll(model: string, rows: readonly EmbeddingRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('profile_embeddings')
      // pgvector reads the JSON array form '[0.1,0.2,…]'.
      .values(rows.map((row) => ({ profile_id: row.profileId, model, dimensions: row.vector.length, content_hash: row.hash, embedding: JSON.stringify(row.vector) })))
      .onConflict((oc) =>
        oc.columns(['profile_id', 'model']).doUpdateSet((eb) => ({
          dimensions: eb.ref('excluded.dimensions'),
          content_hash: eb.ref('excluded.content_hash'),
          embedding: eb.ref('excluded.embedding'),
        }))
        .where(sql<boolean>`(profile_embeddings.content_hash, profile_embeddings.embedding) IS DISTINCT FROM (excluded.content_hash, excluded.embedding)`),
      )
      .execute();
  }

  /**
   * Live profiles whose `model` vector is missing or stale (every one when `all`), oldest first:
   * the regeneration's plan, one query however many members are current.
   */
  stale(model: string, prefix: string, options: { all?: boolean } = {}): Promise<{ id: string; name: string | null }[]> {
    let query = this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('profile_embeddings as e', (join) => join.onRef('e.profile_id', '=', 'p.id').on('e.model', '=', model))
      .where('u.deleted_at', 'is', null)
      .where(embeddable);
    if (!options.all) query = query.where(sql<boolean>`e.content_hash IS DISTINCT FROM ${contentHash(model, prefix)}`);
    return query.select(['p.id', 'p.name']).orderBy('p.created_at').orderBy('p.id').execute();
  }

  /** Live members' profiles per model that has vectors for them (deleted accounts do not count). */
  async coverage(): Promise<{ model: string; dimensions: number; profiles: number }[]> {
    const rows = await this.db
      .selectFrom('profile_embeddings as e')
      .innerJoin('profiles as p', 'p.id', 'e.profile_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('u.deleted_at', 'is', null)
      .select(['e.model', sql<number>`max(e.dimensions)::int`.as('dimensions'), sql<number>`count(*)::int`.as('profiles')])
      .groupBy('e.model')
      .orderBy('profiles', 'desc')
      .execute();
    return rows;
  }

  /** Live profiles with a vector of any model: what a fully covering model covers. */
  async indexedProfiles(): Promise<number> {
    const row = await this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('u.deleted_at', 'is', null)
      .where((eb) => eb.exists(eb.selectFrom('profile_embeddings as e').select('e.profile_id').whereRef('e.profile_id', '=', 'p.id')))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  searchModel(): Promise<{ model: string; dimensions: number; switched_at: Date } | undefined> {
    return this.db.selectFrom('search_model').select(['model', 'dimensions', 'switched_at']).executeTakeFirst();
  }

  async setSearchModel(model: string, dimensions: number, now: Date): Promise<void> {
    await this.db
      .insertInto('search_model')
      .values({ id: true, model, dimensions, switched_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ model, dimensions, switched_at: now }))
      .execute();
  }
}
