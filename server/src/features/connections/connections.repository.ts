import type { Kysely } from 'kysely';

import type { DB } from '../../db/schema.js';

/** The public card fields an exchanged payload carries (never contact details). */
export interface OwnCardRow {
  id: string;
  name: string | null;
  age: number | null;
  location: string | null;
  profession: string | null;
  bio: string | null;
  interests: string[];
  avatar_url: string | null;
  user_code: string | null;
  is_vip: boolean;
  vip_expires_at: Date | null;
  created_at: Date;
}

export class ConnectionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  ownCard(userId: string): Promise<OwnCardRow | undefined> {
    return this.db
      .selectFrom('profiles')
      .select(['id', 'name', 'age', 'location', 'profession', 'bio', 'interests', 'avatar_url', 'user_code', 'is_vip', 'vip_expires_at', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The profile with this code, unless the administrator hid it pending review. */
  byCode(code: string): Promise<{ id: string; user_id: string } | undefined> {
    return this.db.selectFrom('profiles').select(['id', 'user_id']).where('user_code', '=', code).where('hidden_at', 'is', null).executeTakeFirst();
  }

  byId(profileId: string): Promise<{ id: string; user_id: string } | undefined> {
    return this.db.selectFrom('profiles').select(['id', 'user_id']).where('id', '=', profileId).where('hidden_at', 'is', null).executeTakeFirst();
  }
}
