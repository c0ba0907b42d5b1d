import type { Kysely, Transaction } from 'kysely';

import type { CardType, DB } from '../../db/schema.js';
import type { ProfileRow } from '../profiles/profiles.repository.js';
import type { Executor } from '../../db/transaction.js';

/** The profile's first moment (the spec's card_* columns): exactly one type's fields are set. */
export interface FirstMomentFields {
  card_type: CardType;
  card_image_url: string | null;
  card_image_urls: string[];
  card_video_url: string | null;
  card_text: string | null;
}

/** What saving a first moment needs to know about the profile beforehand. */
export interface FirstMomentState {
  name: string | null;
  birth_date: string | null;
  location: string | null;
  card_image_url: string | null;
  card_image_urls: string[];
  card_video_url: string | null;
}

export class MomentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** What a first-moment save checks the profile for: its basics and the moment it has now. */
  firstMomentState(userId: string): Promise<FirstMomentState | undefined> {
    return this.firstMomentQuery(this.db, userId).executeTakeFirst();
  }

  /** The same, with the row locked until the transaction ends, so concurrent saves take turns. */
  lockFirstMomentState(trx: Transaction<DB>, userId: string): Promise<FirstMomentState | undefined> {
    return this.firstMomentQuery(trx, userId).forUpdate().executeTakeFirst();
  }

  private firstMomentQuery(db: Executor, userId: string) {
    return db.selectFrom('profiles').select(['name', 'birth_date', 'location', 'card_image_url', 'card_image_urls', 'card_video_url']).where('user_id', '=', userId);
  }

  /** Replaces the whole first moment in one UPDATE and returns the profile as GET /api/profile shows it. */
  profile(userId: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  saveFirstMoment(trx: Transaction<DB>, userId: string, fields: FirstMomentFields): Promise<ProfileRow | undefined> {
    return trx.updateTable('profiles').set(fields).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }
}
