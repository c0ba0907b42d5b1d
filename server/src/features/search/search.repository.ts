import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { DB, Gender, LookingFor, ProfilesTable, RelationshipStatus, SearchAnalysesTable, SearchAnalysisStatus } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

export type SearchProfileRow = Selectable<ProfilesTable>;
export type CandidateRow = SearchProfileRow & { similarity: number | null };
export type SearchAnalysisRow = Selectable<SearchAnalysesTable>;

/** Hard filters beyond the ones every search has (not self, not deleted, complete). */
export interface CandidateFilters {
  excludeNotSingle?: boolean;
  statuses?: RelationshipStatus[];
  genders?: Gender[];
}

/** The embedding the query is compared with: the model's name and length (the cast the HNSW index uses). */
export interface QueryVector {
  model: string;
  dimensions: number;
  vector: number[];
}

/** Spec part 1 §3: complete when name, age, bio, location, birth_date, gender and relationship_status are all present. */
const complete = sql<boolean>`(
  p.name IS NOT NULL AND btrim(p.name) <> '' AND p.age IS NOT NULL AND p.bio IS NOT NULL AND btrim(p.bio) <> ''
  AND p.location IS NOT NULL AND btrim(p.location) <> '' AND p.birth_date IS NOT NULL AND p.gender IS NOT NULL
  AND p.relationship_status IS NOT NULL)`;

/** Matches ranked by the full-text leg at most (about 2 ms of ts_rank at 100k profiles). */
export const FULL_TEXT_RANKED = 500;

/** The keywords' lexemes (Postgres's English stemming, stopwords dropped) minus `skip`, OR-ed. */
function fullTextQuery(keywords: string[], skip: readonly string[], k: number) {
  const list = (items: readonly string[]) => sql`ARRAY[${sql.join(items.map((item) => sql`${item}::text`))}]::text[]`;
  return sql<{ profile_id: string }>`
    WITH lexemes AS (
      SELECT DISTINCT lexeme
      FROM unnest(${list(keywords)}) AS word, unnest(tsvector_to_array(to_tsvector('english', word))) AS lexeme
      WHERE lexeme <> ALL(${skip.length > 0 ? list(skip) : sql`ARRAY[]::text[]`})
    ), query AS (
      SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q FROM lexemes
    )
    SELECT d.profile_id FROM query CROSS JOIN LATERAL (
      SELECT profile_id, document FROM profile_search_documents WHERE document @@ query.q LIMIT ${FULL_TEXT_RANKED}
    ) AS d
    ORDER BY ts_rank(d.document, query.q) DESC, d.profile_id
    LIMIT ${k}`;
}

function vectorCast(dimensions: number) {
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`bad vector length ${dimensions}`);
  return sql.raw(`vector(${dimensions})`);
}

export class SearchRepository {
  constructor(private readonly db: Kysely<DB>) {}

  viewer(userId: string): Promise<SearchProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Distinct locations of profiles, for reading town names in queries. Deleted members' towns
   * are kept: knowing one more town name only helps read a query. Callers keep the answer a while
   * (a scan of every profile).
   */
  async knownLocations(): Promise<string[]> {
    const rows = await this.db.selectFrom('profiles').select('location').distinct().where('location', 'is not', null).limit(5000).execute();
    return rows.flatMap((r) => (r.location ? [r.location] : []));
  }

  /**
   * Lexemes that Postgres's statistics say appear in more than `maxMatches` profile documents
   * (empty before the table was first analyzed). Callers keep the answer a while.
   */
  async commonLexemes(maxMatches: number): Promise<string[]> {
    const { rows } = await sql<{ lexeme: string }>`
      SELECT u.lexeme FROM pg_stats s
      CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(lexeme, freq)
      WHERE s.schemaname = current_schema() AND s.tablename = 'profile_search_documents' AND s.attname = 'document'
        AND u.lexeme IS NOT NULL
        AND u.freq * (SELECT reltuples FROM pg_class WHERE oid = 'profile_search_documents'::regclass) > ${maxMatches}`.execute(this.db);
    return rows.map((r) => r.lexeme);
  }

  /**
   * Nearest profiles by cosine distance. For the planner to use the partial HNSW index the query
   * repeats its cast and its `model = '…'` literal; ef_search is raised for this transaction so the
   * index returns `k` good neighbours.
   */
  async nearest(trx: Transaction<DB>, query: QueryVector, k: number): Promise<string[]> {
    const cast = vectorCast(query.dimensions);
    await sql`SET LOCAL hnsw.ef_search = ${sql.raw(String(Math.max(100, Math.trunc(k))))}`.execute(trx);
    const { rows } = await sql<{ profile_id: string }>`
      SELECT profile_id FROM profile_embeddings
      WHERE model = ${sql.lit(query.model)}
      ORDER BY embedding::${cast} <=> ${JSON.stringify(query.vector)}::${cast}
      LIMIT ${k}`.execute(trx);
    return rows.map((r) => r.profile_id);
  }

  /** The EXPLAIN of `nearest`, for the test that the index is used. */
  async explainNearest(trx: Transaction<DB>, query: QueryVector, k: number): Promise<string> {
    const cast = vectorCast(query.dimensions);
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT profile_id FROM profile_embeddings
      WHERE model = ${sql.lit(query.model)}
      ORDER BY embedding::${cast} <=> ${JSON.stringify(query.vector)}::${cast}
      LIMIT ${k}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /** The EXPLAIN of `fullText`, for the test that the GIN index is used. */
  async explainFullText(trx: Transaction<DB>, keywords: string[]): Promise<string> {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${fullTextQuery(keywords, [], 100)}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /**
   * Profiles whose document holds any of the keywords' lexemes except `skip`, best first by
   * ts_rank. At most FULL_TEXT_RANKED matches are ranked, so one common word cannot make a
   * search rank half the members; callers skip the common lexemes (they are left to the vectors).
   */
  async fullText(trx: Transaction<DB>, keywords: string[], skip: readonly string[], k: number): Promise<string[]> {
    if (keywords.length === 0) return [];
    const { rows } = await fullTextQuery(keywords, skip, k).execute(trx);
    return rows.map((r) => r.profile_id);
  }

  /** The given profiles that pass every hard filter, with their cosine similarity to the query (null without a vector). */
  async candidates(db: Executor, viewerUserId: string, ids: string[], query: QueryVector, filters: CandidateFilters): Promise<CandidateRow[]> {
    if (ids.length === 0) return [];
    const cast = vectorCast(query.dimensions);
    let select = db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('profile_embeddings as e', (join) => join.onRef('e.profile_id', '=', 'p.id').on('e.model', '=', query.model))
      .selectAll('p')
      .select(sql<number | null>`1 - (e.embedding::${cast} <=> ${JSON.stringify(query.vector)}::${cast})`.as('similarity'))
      .where('p.id', 'in', ids)
      .where('p.user_id', '<>', viewerUserId)
      .where('u.deleted_at', 'is', null)
      .where(complete);
    if (filters.excludeNotSingle) select = select.where('p.relationship_status', '<>', 'not_single');
    if (filters.statuses) select = select.where('p.relationship_status', 'in', filters.statuses);
    if (filters.genders) select = select.where('p.gender', 'in', filters.genders);
    return select.execute();
  }

  /** A profile the viewer may see (not their own, not deleted, complete), or undefined. */
  visibleProfile(viewerUserId: string, profileId: string): Promise<SearchProfileRow | undefined> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .where('p.id', '=', profileId)
      .where('p.user_id', '<>', viewerUserId)
      .where('u.deleted_at', 'is', null)
      .where(complete)
      .executeTakeFirst();
  }

  async logSearch(userId: string, query: string, intent: LookingFor, resultCount: number): Promise<void> {
    await this.db.insertInto('user_searches').values({ user_id: userId, query, intent, result_count: resultCount }).execute();
  }

  async analysisStatuses(viewerId: string, queryHash: string, profileIds: string[]): Promise<Map<string, SearchAnalysisStatus>> {
    if (profileIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('search_analyses')
      .select(['profile_id', 'status'])
      .where('viewer_id', '=', viewerId)
      .where('query_hash', '=', queryHash)
      .where('profile_id', 'in', profileIds)
      .execute();
    return new Map(rows.map((r) => [r.profile_id, r.status]));
  }

  findAnalysis(viewerId: string, profileId: string, queryHash: string): Promise<SearchAnalysisRow | undefined> {
    return this.db
      .selectFrom('search_analyses')
      .selectAll()
      .where('viewer_id', '=', viewerId)
      .where('profile_id', '=', profileId)
      .where('query_hash', '=', queryHash)
      .executeTakeFirst();
  }

  /** Inserts a pending analysis; false when one exists already (another request got there first). */
  async insertPending(viewerId: string, profileId: string, queryHash: string, query: string): Promise<boolean> {
    const row = await this.db
      .insertInto('search_analyses')
      .values({ viewer_id: viewerId, profile_id: profileId, query_hash: queryHash, query, status: 'pending' })
      .onConflict((oc) => oc.columns(['viewer_id', 'profile_id', 'query_hash']).doNothing())
      .returning('status')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Moves an analysis from `from` to `to` (and stores data or error); false when it was no longer
   * in one of `from`, so two workers never both own one analysis.
   */
  async transition(
    key: { viewerId: string; profileId: string; queryHash: string },
    from: SearchAnalysisStatus[],
    to: SearchAnalysisStatus,
    values: { data?: unknown; error?: string | null } = {},
    olderThan?: Date,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('search_analyses')
      .set({
        status: to,
        ...(values.data !== undefined ? { data: JSON.stringify(values.data) } : {}),
        ...(values.error !== undefined ? { error: values.error } : {}),
      })
      .where('viewer_id', '=', key.viewerId)
      .where('profile_id', '=', key.profileId)
      .where('query_hash', '=', key.queryHash)
      .where('status', 'in', from);
    if (olderThan) update = update.where('updated_at', '<', olderThan);
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
