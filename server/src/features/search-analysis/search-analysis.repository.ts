import type { Kysely, Selectable } from 'kysely';

import type { DB, SearchAnalysesTable, SearchAnalysisStatus } from '../../db/schema.js';

export type SearchAnalysisRow = Selectable<SearchAnalysesTable>;

/** Which analysis: one per viewer, result and query (with the viewer's language: analysisHash). */
export interface AnalysisKey {
  viewerId: string;
  profileId: string;
  queryHash: string;
}

/** The cached detailed analyses of search results (search_analyses). */
export class SearchAnalysisRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
    key: AnalysisKey,
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
