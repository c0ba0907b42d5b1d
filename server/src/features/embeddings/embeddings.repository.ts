import type { Kysely } from 'kysely';

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
}
