import { type Kysely, sql, type Transaction } from 'kysely';

import type { DB } from '../../db/schema.js';
import { notBlocked } from '../moderation/blocked.js';
import { type CandidateRow, complete, SEARCH_COLUMNS } from '../search/search.repository.js';

export interface TouchpointRow {
  id: string;
  location_id: string;
  name: string;
  address: string | null;
  visitor_count: number;
}

export interface VisitRow {
  ordinal: number;
  user_id: string | null;
}

/** Who reads a touchpoint's list: a member (match information against their vector) or a visitor. */
export interface ListViewer {
  userId: string;
  /** The search model whose vectors are compared (the one search reads). */
  model: string;
  queryHash: string;
}

/** Which taps list their member: made in [since, until]. */
export interface TapWindow {
  since: Date;
  /** Taps after this are not listed yet (the listing delay). */
  until: Date;
}

export interface PresenceQuery {
  locationId: string;
  taps: TapWindow;
  /** Sample members are listed only at the demo touchpoint. */
  withSamples: boolean;
  limit: number;
  viewer: ListViewer | null;
}

/**
 * Touchpoints as members and visitors see them: the active location, the day's visits, and the
 * members present. Only this file reads `location_visits`.
 */
export class TouchpointsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** An active touchpoint by the ID on its tag (any case); inactive ones are not found. */
  activeLocation(locationId: string): Promise<TouchpointRow | undefined> {
    return this.db
      .selectFrom('nfc_locations')
      .select(['id', 'location_id', 'name', 'address', 'visitor_count'])
      .where(sql<string>`lower(location_id)`, '=', locationId.toLowerCase())
      .where('is_active', '=', true)
      .executeTakeFirst();
  }

  findVisit(trx: Transaction<DB>, locationId: string, day: string, visitorKey: string): Promise<VisitRow | undefined> {
    return trx
      .selectFrom('location_visits')
      .select(['ordinal', 'user_id'])
      .where('location_id', '=', locationId)
      .where('day', '=', day)
      .where('visitor_key', '=', visitorKey)
      .executeTakeFirst();
  }

  /** Marks a visit seen again (and who may be listed for it); no count changes. */
  async touchVisit(trx: Transaction<DB>, locationId: string, day: string, visitorKey: string, values: { userId: string | null; at: Date }): Promise<void> {
    await trx
      .updateTable('location_visits')
      .set({ user_id: values.userId, last_seen_at: values.at })
      .where('location_id', '=', locationId)
      .where('day', '=', day)
      .where('visitor_key', '=', visitorKey)
      .execute();
  }

  /** The same visit seen again under the member's key: the visitor signed in (counted once). */
  async rekeyVisit(trx: Transaction<DB>, locationId: string, day: string, from: string, to: string, values: { userId: string | null; at: Date }): Promise<void> {
    await trx
      .updateTable('location_visits')
      .set({ visitor_key: to, user_id: values.userId, last_seen_at: values.at })
      .where('location_id', '=', locationId)
      .where('day', '=', day)
      .where('visitor_key', '=', from)
      .execute();
  }

  /**
   * Counts a new visit: the touchpoint's counter goes up and the visit keeps its ordinal. Runs
   * with the touchpoint row locked (lockLocation), so two first visits at once take turns and
   * get ordinals n and n+1; the primary key makes a duplicate visitor fail instead of count.
   */
  async countVisit(trx: Transaction<DB>, locationId: string, day: string, visitorKey: string, values: { userId: string | null; at: Date }): Promise<number> {
    const { visitor_count } = await trx
      .updateTable('nfc_locations')
      .set((eb) => ({ visitor_count: eb('visitor_count', '+', 1) }))
      .where('id', '=', locationId)
      .returning('visitor_count')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('location_visits')
      .values({ location_id: locationId, day, visitor_key: visitorKey, user_id: values.userId, ordinal: visitor_count, created_at: values.at, last_seen_at: values.at })
      .execute();
    return visitor_count;
  }

  async lockLocation(trx: Transaction<DB>, locationId: string): Promise<number | undefined> {
    const row = await trx.selectFrom('nfc_locations').select('visitor_count').where('id', '=', locationId).forUpdate().executeTakeFirst();
    return row?.visitor_count;
  }

  async showsAtTouchpoints(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('show_at_touchpoints').where('user_id', '=', userId).executeTakeFirst();
    return row?.show_at_touchpoints ?? false;
  }

  /** "Show me at places I tap": switching it off also forgets the places tapped so far. */
  async setShowAtTouchpoints(trx: Transaction<DB>, userId: string, show: boolean): Promise<void> {
    await trx.updateTable('profiles').set({ show_at_touchpoints: show }).where('user_id', '=', userId).execute();
    if (!show) await trx.updateTable('location_visits').set({ user_id: null }).where('user_id', '=', userId).execute();
  }

  /**
   * The members listed at a touchpoint: members who tapped it while signed in since `since` and
   * let themselves be shown, and (only at the demo touchpoint) sample members. Never the viewer,
   * deleted, hidden, incomplete or blocked (either way) profiles. With a viewer, each row has its
   * cosine similarity to the viewer's own vector of the search model. Real members come first;
   * the order within is not returned to anyone (the service sorts by match or by name).
   */
  async present(q: PresenceQuery): Promise<CandidateRow[]> {
    const viewer = q.viewer;
    const { rows } = await sql<CandidateRow>`
      WITH present AS (
        SELECT user_id, max(created_at) AS last_seen FROM location_visits
        WHERE location_id = ${q.locationId} AND user_id IS NOT NULL AND created_at BETWEEN ${q.taps.since} AND ${q.taps.until}
        GROUP BY user_id
      )
      SELECT ${sql.join(SEARCH_COLUMNS.map((column) => sql.ref(`p.${column}`)))}, 1::float8 AS retrieval,
        ${viewer ? sql`a.status` : sql`NULL`} AS analysis_status,
        ${
          viewer
            ? sql`(SELECT 1 - (e.embedding <=> ve.embedding) FROM profile_embeddings AS e
                JOIN profiles AS vp ON vp.user_id = ${viewer.userId}
                JOIN profile_embeddings AS ve ON ve.profile_id = vp.id AND ve.model = ${viewer.model}
                WHERE e.profile_id = p.id AND e.model = ${viewer.model} AND e.dimensions = ve.dimensions)::float8`
            : sql`NULL::float8`
        } AS similarity
      FROM profiles AS p
      JOIN users AS u ON u.id = p.user_id
      LEFT JOIN present AS pr ON pr.user_id = p.user_id
      ${viewer ? sql`LEFT JOIN search_analyses AS a ON a.viewer_id = ${viewer.userId} AND a.profile_id = p.id AND a.query_hash = ${viewer.queryHash}` : sql``}
      WHERE ((pr.user_id IS NOT NULL AND p.show_at_touchpoints AND NOT p.is_sample) ${q.withSamples ? sql`OR p.is_sample` : sql``})
        AND u.deleted_at IS NULL AND p.hidden_at IS NULL AND ${complete}
        ${viewer ? sql`AND p.user_id <> ${viewer.userId} AND ${notBlocked(viewer.userId, sql.ref('p.user_id'))}` : sql``}
      ORDER BY pr.last_seen DESC NULLS LAST, p.id
      LIMIT ${q.limit}`.execute(this.db);
    return rows;
  }

  /** The admin panel's figures: members listed (as for a visitor), visits counted, comments. */
  async figures(locationId: string, taps: TapWindow, withSamples: boolean): Promise<{ profiles: number; comments: number }> {
    const { rows } = await sql<{ profiles: number; comments: number }>`
      SELECT
        (SELECT count(*) FROM profiles AS p JOIN users AS u ON u.id = p.user_id
          WHERE ((p.show_at_touchpoints AND NOT p.is_sample AND EXISTS (
              SELECT 1 FROM location_visits AS v WHERE v.location_id = ${locationId} AND v.user_id = p.user_id
                AND v.created_at BETWEEN ${taps.since} AND ${taps.until}))
            ${withSamples ? sql`OR p.is_sample` : sql``})
            AND u.deleted_at IS NULL AND p.hidden_at IS NULL AND ${complete})::int AS profiles,
        (SELECT count(*) FROM location_comments WHERE location_id = ${locationId})::int AS comments`.execute(this.db);
    return rows[0]!;
  }

  /** Visits older than the listing window are not needed by anyone: deleted (housekeeping). */
  async pruneVisits(beforeDay: string): Promise<number> {
    const result = await this.db.deleteFrom('location_visits').where('day', '<', beforeDay).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
