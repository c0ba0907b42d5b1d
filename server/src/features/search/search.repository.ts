import { createHash } from 'node:crypto';

import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import { withAdvisoryLock } from '../../db/advisory-lock.js';
import { PREPARE } from '../../db/database.js';
import { readsOn, type Reads } from '../../db/read-routing.js';
import type { DB, ProfilesTable, SearchAnalysisStatus } from '../../db/schema.js';
import { notBlocked } from '../moderation/blocked.js';
import { shownTo } from '../moderation/visibility.js';
import { MATCH_COLUMNS } from '../matching/member-facts.js';
import { areaForSql } from '../matching/metro-areas.js';
import type { CandidateFilters, WishesFilter } from '../matching/partner-filters.js';
import { hasRules, type SearchRules } from '../matching/rules.js';
import type { SearchLogEntry } from './search-log.js';

/** The profile columns search reads: matching's facts, the result's fields and the first moment. */
export const SEARCH_COLUMNS = [
  ...MATCH_COLUMNS, 'user_id', 'contact_info', 'avatar_url', 'is_vip', 'vip_expires_at', 'card_type', 'card_image_url', 'card_image_urls',
  'card_video_url', 'card_text',
] as const satisfies ReadonlyArray<keyof ProfilesTable>;

export type SearchProfileRow = Pick<Selectable<ProfilesTable>, (typeof SEARCH_COLUMNS)[number]> & {
  /** The member's "verified campus member" mark (users.campus_verified_at); absent where a list does not read it. */
  campus_verified?: boolean;
};
export type CandidateRow = SearchProfileRow & {
  /** Cosine similarity to the query; null when the profile has no vector of the query's model. */
  similarity: number | null;
  /** Fused retrieval score, 0–1, relative to the best candidate. */
  retrieval: number;
  analysis_status: SearchAnalysisStatus | null;
};

/** The embedding the query is compared with: the model's name and length (the cast the HNSW index uses). */
export interface QueryVector {
  model: string;
  dimensions: number;
  vector: number[];
}

/** Spec part 1 §3: complete when name, age, bio, location, birth_date, gender and relationship_status are all present. */
export const complete = sql<boolean>`(
  p.name IS NOT NULL AND btrim(p.name) <> '' AND p.age IS NOT NULL AND p.bio IS NOT NULL AND btrim(p.bio) <> ''
  AND p.location IS NOT NULL AND btrim(p.location) <> '' AND p.birth_date IS NOT NULL AND p.gender IS NOT NULL
  AND p.relationship_status IS NOT NULL)`;

/**
 * The HNSW search's candidate list (pgvector's `hnsw.ef_search`): it returns at most this many
 * neighbours, and finds 96% of the true 20 nearest at 100,000 profiles (docs/benchmarks.md).
 */
export const HNSW_EF_SEARCH = 100;
/**
 * What every database connection is set to (openDatabase's connectionSettings).
 * `hnsw.iterative_scan`: an HNSW scan whose rows a filter drops goes on past ef_search (in exact
 * distance order, up to `hnsw.max_scan_tuples`), so the rules' leg finds k members who satisfy
 * them; the unfiltered leg returns the same rows as without it.
 */
export const CONNECTION_SETTINGS = { 'hnsw.ef_search': String(HNSW_EF_SEARCH), 'hnsw.iterative_scan': 'strict_order' };

/** Matches ranked by the full-text leg at most (about 2 ms of ts_rank at 100k profiles). */
export const FULL_TEXT_RANKED = 500;
/** Profiles that satisfy a query's rules the rules' leg finds: a page (more cost 1.1 ms of Postgres per search at 10,000 profiles for no gain on the evaluation). */
export const RULED_K = 20;
/** The rules' leg is skipped when the nearest profiles already hold this many that satisfy the rules. */
export const RULED_ENOUGH = 20;
/** Reciprocal rank fusion constant (the usual 60). */
const RRF_K = 60;

/** What one search retrieves with. */
export interface Retrieval {
  viewerUserId: string;
  vector: QueryVector;
  /** The query's keywords; their lexemes in `skipLexemes` are left to the vectors. */
  keywords: string[];
  skipLexemes: readonly string[];
  filters: CandidateFilters;
  /** The query's hash, to read the viewer's analysis of each candidate. */
  queryHash: string;
  /** Candidates per leg (and the HNSW ef_search at least). */
  k: number;
  /**
   * The query's stated rules (age, gender, kind of relationship, place): when there are any, a
   * third leg finds the k nearest profiles that satisfy them all, so members who fit rank first
   * even when the nearest k overall are mostly people who do not.
   */
  rules?: SearchRules;
}

/**
 * The rules as SQL on profiles `p`. A city is the first part of the location, as the ranking
 * reads it (matching/query-parser's cityOf).
 */
function rulesCondition(rules: SearchRules) {
  const conditions = [sql`p.hidden_at IS NULL`];
  if (rules.age) conditions.push(sql`p.age BETWEEN ${rules.age.min} AND ${rules.age.max}`);
  if (rules.gender) conditions.push(sql`p.gender = ${rules.gender}`);
  if (rules.intent === 'partner') conditions.push(sql`'partner' = ANY(p.looking_for)`);
  if (rules.intent === 'platonic') conditions.push(sql`p.looking_for && ARRAY['friend', 'activity_partner']::text[]`);
  const area = rules.area ? areaForSql(rules.area) : null;
  const city = sql`lower(btrim(split_part(p.location, ',', 1)))`;
  if (rules.city && area) {
    // The city itself, or any city of its area in the area's region (metro-areas.ts).
    conditions.push(sql`(${city} = lower(${rules.city}) OR (${city} = ANY(${area.cities}::text[]) AND lower(btrim(split_part(p.location, ',', 2))) = ANY(${area.regions}::text[])))`);
  } else if (rules.city) conditions.push(sql`${city} = lower(${rules.city})`);
  return sql.join(conditions, sql` AND `);
}

/** Two-way wishes (matching/partner-filters' wishesFilter) as SQL on profiles `p`: one array each, as the rules' lists travel. */
function wishesCondition(wishes: WishesFilter) {
  const kind = sql`AND (cardinality(p.looking_for) = 0 OR p.looking_for && ${wishes.welcome}::text[])`;
  if (!wishes.acceptingPairs) return kind;
  return sql`${kind} AND (COALESCE(p.relationship_status, '') || '/' || COALESCE(p.gender, '')) = ANY(${wishes.acceptingPairs}::text[])`;
}

/**
 * One statement for the whole retrieval, so a search costs one round trip to Postgres:
 * - nearest: the k closest vectors of the query's model, by the partial HNSW index of their
 *   halfvec copies (the query repeats the index's cast and `model = '…'` literal so the planner
 *   can use it);
 * - text: profiles whose stored document holds any of the keywords' lexemes (Postgres's English
 *   stemming, stopwords dropped) except the skipped common ones, best first by ts_rank; at most
 *   FULL_TEXT_RANKED matches are ranked, so a common word cannot make a search rank half the members;
 * - fused: reciprocal rank fusion of the two lists, relative to the best;
 * then the hard filters (never the viewer, deleted, suspended, hidden or incomplete profiles; the partner rules;
 * two-way wishes unless the viewer asked to see everyone),
 * each profile's cosine similarity to the query (from the full-precision vector: read with the
 * nearest ones' index rows, looked up only for profiles found by text alone), and the viewer's
 * analysis status for it.
 * Word lists travel as one JSON parameter each and the vector as one parameter: hundreds of
 * parameters cost more to bind and plan than the search itself.
 */
function retrievalQuery(r: Retrieval) {
  const cast = vectorCast(r.vector.dimensions);
  const half = halfvecCast(r.vector.dimensions);
  const { filters } = r;
  // The kind of relationship alone leaves most members: the nearest k already hold enough of them.
  const ruled = r.rules !== undefined && hasRules({ ...r.rules, intent: null });
  // Prepared once per connection (PREPARE): planning this statement costs about as much as the
  // HNSW search in it. Its constants are literals so the reused plan knows them.
  return sql<CandidateRow>`${sql.raw(PREPARE)}
    WITH query_vector AS (
      SELECT ${JSON.stringify(r.vector.vector)}::${cast} AS v
    ), nearest AS (
      SELECT profile_id, row_number() OVER (ORDER BY distance) AS rank, similarity FROM (
        SELECT profile_id, embedding::${half} <=> (SELECT v::${half} FROM query_vector) AS distance,
          1 - (embedding::${cast} <=> (SELECT v FROM query_vector)) AS similarity
        FROM profile_embeddings
        WHERE model = ${sql.lit(r.vector.model)}
        ORDER BY embedding::${half} <=> (SELECT v::${half} FROM query_vector)
        LIMIT ${sql.lit(r.k)}
      ) AS n
    ), lexemes AS (
      SELECT DISTINCT lexeme
      FROM jsonb_array_elements_text(${JSON.stringify(r.keywords)}::jsonb) AS word,
        unnest(tsvector_to_array(to_tsvector('english', word))) AS lexeme
      WHERE NOT (${JSON.stringify(r.skipLexemes)}::jsonb ? lexeme)
    ), text_query AS (
      SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q FROM lexemes
    ), text AS (
      SELECT d.profile_id, row_number() OVER (ORDER BY ts_rank(d.document, t.q) DESC, d.profile_id) AS rank
      FROM text_query AS t CROSS JOIN LATERAL (
        SELECT profile_id, document FROM profile_search_documents WHERE document @@ t.q LIMIT ${sql.lit(FULL_TEXT_RANKED)}
      ) AS d
    ), ${ruled ? sql`ruled AS (
      -- The same HNSW index, filtered by the rules: with hnsw.iterative_scan (CONNECTION_SETTINGS)
      -- the index scan goes on past ef_search until RULED_K profiles that satisfy them are found.
      -- Skipped (a one-time filter, evaluated before the scan) when the nearest already hold enough.
      SELECT profile_id, row_number() OVER (ORDER BY distance) AS rank,
        1 - (embedding::${cast} <=> (SELECT v FROM query_vector)) AS similarity FROM (
        SELECT e.profile_id, e.embedding, e.embedding::${half} <=> (SELECT v::${half} FROM query_vector) AS distance
        FROM profile_embeddings AS e JOIN profiles AS p ON p.id = e.profile_id
        WHERE e.model = ${sql.lit(r.vector.model)} AND ${rulesCondition(r.rules!)}
        ORDER BY e.embedding::${half} <=> (SELECT v::${half} FROM query_vector)
        LIMIT ${sql.lit(RULED_K)}
      ) AS n
      WHERE (SELECT count(*) FROM nearest AS nn JOIN profiles AS p ON p.id = nn.profile_id WHERE ${rulesCondition(r.rules!)}) < ${sql.lit(RULED_ENOUGH)}
    ), ` : sql``}fused AS (
      SELECT profile_id, sum(1.0 / (${sql.lit(RRF_K)} + rank)) AS score, max(similarity) AS similarity
      FROM (
        SELECT profile_id, rank, similarity FROM nearest
        UNION ALL SELECT profile_id, rank, NULL FROM text WHERE rank <= ${sql.lit(r.k)}
        ${ruled ? sql`UNION ALL SELECT profile_id, rank, similarity FROM ruled` : sql``}
      ) AS legs
      GROUP BY profile_id
    ), scored AS (
      SELECT profile_id, (score / max(score) OVER ())::float8 AS retrieval, similarity FROM fused
    )
    SELECT ${sql.join(SEARCH_COLUMNS.map((column) => sql.ref(`p.${column}`)))}, s.retrieval, a.status AS analysis_status,
      u.campus_verified_at IS NOT NULL AS campus_verified,
      COALESCE(s.similarity, (
        SELECT 1 - (e.embedding::${cast} <=> (SELECT v FROM query_vector)) FROM profile_embeddings AS e
        WHERE e.profile_id = p.id AND e.model = ${r.vector.model}
      )) AS similarity
    FROM scored AS s
    JOIN profiles AS p ON p.id = s.profile_id
    JOIN users AS u ON u.id = p.user_id
    LEFT JOIN search_analyses AS a ON a.viewer_id = ${r.viewerUserId} AND a.profile_id = p.id AND a.query_hash = ${r.queryHash}
    WHERE p.user_id <> ${r.viewerUserId} AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND p.hidden_at IS NULL AND ${complete}
      AND ${notBlocked(r.viewerUserId, sql.ref('p.user_id'))}
      ${filters.verifiedOnly ? sql`AND u.campus_verified_at IS NOT NULL` : sql``}
      ${filters.excludeNotSingle ? sql`AND p.relationship_status <> 'not_single'` : sql``}
      ${filters.statuses ? sql`AND p.relationship_status IN (${sql.join(filters.statuses)})` : sql``}
      ${filters.genders ? sql`AND p.gender IN (${sql.join(filters.genders)})` : sql``}
      ${filters.wishes ? wishesCondition(filters.wishes) : sql``}`;
}

/** The advisory lock key (hashtext of it) held while a vector index is checked and built: one for every model, as builds are rare and each takes the machine's memory. */
export const VECTOR_INDEX_LOCK = 'kindred:vector-index';

/** pgvector's HNSW indexes take halfvecs of at most this many dimensions. */
const HNSW_MAX_DIMENSIONS = 4000;

/**
 * The HNSW index of one model's vectors (the built-in model's is made by the migrations under its
 * own name). Every HNSW index holds halfvec copies of the vectors: half the size of vector's, so
 * much more of it stays in Postgres's shared buffers, for the same neighbours found
 * (migration 20261125000000_halfvec_hnsw).
 */
export function vectorIndexName(model: string): string {
  return `profile_embeddings_halfvec_hnsw_${createHash('sha256').update(model).digest('hex').slice(0, 16)}`;
}

function checkedDimensions(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`bad vector length ${dimensions}`);
  return String(dimensions);
}

const vectorCast = (dimensions: number) => sql.raw(`vector(${checkedDimensions(dimensions)})`);
const halfvecCast = (dimensions: number) => sql.raw(`halfvec(${checkedDimensions(dimensions)})`);

/**
 * Retrieval and the lists it reads words with may come from a read replica (`reads`): a result a
 * second old is still a good result. The viewer's own profile, analyses and the log stay on the
 * primary.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly reads: Reads = readsOn(db),
  ) {}

  viewer(userId: string): Promise<SearchProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Distinct locations of profiles, for reading town names in queries. Deleted members' towns
   * are kept: knowing one more town name only helps read a query. Callers keep the answer a while
   * (a scan of every profile).
   */
  async knownLocations(): Promise<string[]> {
    const rows = await this.reads.reader().selectFrom('profiles').select('location').distinct().where('location', 'is not', null).limit(5000).execute();
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
        AND u.freq * (SELECT reltuples FROM pg_class WHERE oid = 'profile_search_documents'::regclass) > ${maxMatches}`.execute(this.reads.reader());
    return rows.map((r) => r.lexeme);
  }

  /**
   * Makes the HNSW index of a model's vectors unless a valid one exists (a failed concurrent
   * build leaves an invalid one, which is dropped and built again). Same shape and settings as
   * the built-in model's index from the migrations. Returns whether it built one.
   *
   * Under one advisory lock (VECTOR_INDEX_LOCK) from the check to the end of the build: two
   * replicas starting at once would otherwise both build it, or the second would find the first's
   * concurrent build still invalid and drop it mid-way. The second waits, then finds it valid.
   */
  async ensureVectorIndex(model: string, dimensions: number, concurrently: boolean): Promise<boolean> {
    const half = halfvecCast(dimensions);
    if (dimensions > HNSW_MAX_DIMENSIONS) return false;
    const name = vectorIndexName(model);
    return withAdvisoryLock(this.db, VECTOR_INDEX_LOCK, async (db) => {
      const { rows } = await sql<{ valid: boolean }>`
        SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
        WHERE c.relname = ${name} AND c.relnamespace = current_schema()::regnamespace`.execute(db);
      if (rows[0]?.valid) return false;
      const how = concurrently ? sql`CONCURRENTLY` : sql``;
      if (rows[0]) await sql`DROP INDEX ${how} ${sql.id(name)}`.execute(db);
      await sql`
        CREATE INDEX ${how} ${sql.id(name)} ON profile_embeddings
        USING hnsw ((embedding::${half}) halfvec_cosine_ops) WITH (m = 24, ef_construction = 128)
        WHERE model = ${sql.lit(model)}`.execute(db);
      return true;
    });
  }

  /**
   * The candidates of one search, with their similarity, fused retrieval score and analysis
   * status: one read-only statement. Every connection runs with `hnsw.ef_search` at
   * HNSW_EF_SEARCH (CONNECTION_SETTINGS), so no transaction is needed to raise it.
   */
  async retrieve(retrieval: Retrieval): Promise<CandidateRow[]> {
    if (retrieval.k > HNSW_EF_SEARCH) throw new Error(`the HNSW search returns at most ${HNSW_EF_SEARCH} neighbours`);
    const { rows } = await retrievalQuery(retrieval).execute(this.reads.reader());
    return rows;
  }

  /**
   * The plan of `retrieve`'s statement: for the test that both indexes are used (sequential scans
   * off, as the test's tables are tiny), or with `analyze` as run, for working on search speed.
   */
  async explainRetrieve(trx: Transaction<DB>, retrieval: Retrieval, analyze = false): Promise<string> {
    if (!analyze) await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const options = analyze ? sql`(ANALYZE, BUFFERS)` : sql``;
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${options} ${retrievalQuery(retrieval)}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /**
   * A profile the viewer may see (not their own, not deleted, complete, neither blocked the
   * other, and not hidden unless they are already in conversation: moderation/visibility.ts), or
   * undefined.
   */
  visibleProfile(viewerUserId: string, profileId: string): Promise<SearchProfileRow | undefined> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select(sql<boolean>`u.campus_verified_at IS NOT NULL`.as('campus_verified'))
      .where('p.id', '=', profileId)
      .where('p.user_id', '<>', viewerUserId)
      .where('u.deleted_at', 'is', null)
      .where(complete)
      .where(shownTo(viewerUserId, sql.ref('p.user_id'), sql.ref('p.hidden_at')))
      .executeTakeFirst();
  }

  async logSearches(entries: SearchLogEntry[]): Promise<void> {
    await this.db
      .insertInto('user_searches')
      .values(entries.map((e) => ({ user_id: e.userId, query: e.query, intent: e.intent, result_count: e.resultCount })))
      .execute();
  }
}
