import { type Kysely, sql } from 'kysely';

import type { DB, LookingFor, RelationshipStatus } from '../../db/schema.js';

export interface EnhancementCandidate {
  id: string;
  name: string | null;
  age: number | null;
  profession: string | null;
  location: string | null;
  relationship_status: RelationshipStatus | null;
  interests: string[];
  core_values: string[];
  looking_for: LookingFor[];
  enhanced_background: string | null;
}

export class EnhancementRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Live members with a name, oldest first: all of them (`force`), or only those lacking the AI
   * background or a vector of `model` (the smart run).
   */
  candidates(force: boolean, model: string): Promise<EnhancementCandidate[]> {
    let query = this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('u.deleted_at', 'is', null)
      .where('p.name', 'is not', null)
      .select(['p.id', 'p.name', 'p.age', 'p.profession', 'p.location', 'p.relationship_status', 'p.interests', 'p.core_values', 'p.looking_for', 'p.enhanced_background']);
    if (!force) {
      query = query.where((eb) =>
        eb.or([
          eb('p.enhanced_background', 'is', null),
          sql<boolean>`btrim(p.enhanced_background) = ''`,
          eb.not(eb.exists(eb.selectFrom('profile_embeddings as e').select('e.profile_id').whereRef('e.profile_id', '=', 'p.id').where('e.model', '=', model))),
        ]),
      );
    }
    return query.orderBy('p.created_at').orderBy('p.id').execute();
  }

  /** Writes the background only over the one read (a member's own change in between wins). */
  async setBackground(profileId: string, seen: string | null, background: string): Promise<boolean> {
    let query = this.db.updateTable('profiles').set({ enhanced_background: background }).where('id', '=', profileId);
    query = seen === null ? query.where('enhanced_background', 'is', null) : query.where('enhanced_background', '=', seen);
    return (await query.executeTakeFirst()).numUpdatedRows > 0n;
  }
}
