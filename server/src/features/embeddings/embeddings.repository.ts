import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';

export interface ProfileText {
  profileId: string;
  profession: string | null;
  location: string | null;
  bio: string | null;
  interests: string[];
  enhancedBackground: string | null;
}

export class EmbeddingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async profileText(profileId: string): Promise<ProfileText | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .select(['id', 'profession', 'location', 'bio', 'interests', 'enhanced_background'])
      .where('id', '=', profileId)
      .executeTakeFirst();
    return (
      row && {
        profileId: row.id,
        profession: row.profession,
        location: row.location,
        bio: row.bio,
        interests: row.interests,
        enhancedBackground: row.enhanced_background,
      }
    );
  }

  async contentHash(profileId: string, model: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('profile_embeddings')
      .select('content_hash')
      .where('profile_id', '=', profileId)
      .where('model', '=', model)
      .executeTakeFirst();
    return row?.content_hash;
  }

  async save(profileId: string, model: string, contentHash: string, vector: number[]): Promise<void> {
    // pgvector reads the JSON array form '[0.1,0.2,…]'.
    const embedding = JSON.stringify(vector);
    await this.db
      .insertInto('profile_embeddings')
      .values({ profile_id: profileId, model, dimensions: vector.length, content_hash: contentHash, embedding })
      .onConflict((oc) => oc.columns(['profile_id', 'model']).doUpdateSet({ dimensions: vector.length, content_hash: contentHash, embedding }))
      .execute();
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

  /** Live profiles with something to embed, oldest first (the regeneration job's plan). */
  embeddable(): Promise<{ id: string; name: string | null }[]> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('u.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('p.bio', 'is not', null),
          eb('p.profession', 'is not', null),
          eb('p.location', 'is not', null),
          eb('p.enhanced_background', 'is not', null),
          sql<boolean>`cardinality(p.interests) > 0`,
        ]),
      )
      .select(['p.id', 'p.name'])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
  }
}
