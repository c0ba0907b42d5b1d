import type { Kysely, Transaction } from 'kysely';

import type { ContactInfo, DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

export class ProfilesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async createInitial(db: Executor, userId: string, name: string, contactInfo: ContactInfo): Promise<void> {
    await db.insertInto('profiles').values({ user_id: userId, name, contact_info: contactInfo }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  }

  /** Spec part 1 §3: complete when name, age, bio, location, birth_date, gender and relationship_status are all present. */
  async isComplete(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('profiles')
      .select(['name', 'age', 'bio', 'location', 'birth_date', 'gender', 'relationship_status'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    return Object.values(row).every((value) => value !== null && (typeof value !== 'string' || value.trim() !== ''));
  }
}
