import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import { shownTo } from '../moderation/visibility.js';

/** A profile that may be liked: it exists and its member's account is not deleted. */
export interface LikeTarget {
  profileId: string;
  userId: string;
}

export interface LikedProfileRow {
  profile_id: string;
  user_id: string;
  name: string | null;
  age: number | null;
  location: string | null;
  avatar_url: string | null;
  is_vip: boolean;
  vip_expires_at: Date | null;
  liked_at: Date;
}

export class LikesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The profile with its member, only when the member's account is not deleted and the viewer
   * may see it (no block either way; not hidden, unless in conversation: moderation/visibility.ts).
   */
  target(viewerId: string, profileId: string): Promise<LikeTarget | undefined> {
    return this.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['profiles.id as profileId', 'profiles.user_id as userId'])
      .where('profiles.id', '=', profileId)
      .where('users.deleted_at', 'is', null)
      .where(shownTo(viewerId, sql.ref('profiles.user_id'), sql.ref('profiles.hidden_at')))
      .executeTakeFirst();
  }

  /**
   * Idempotent: a second like (or fifty at once) finds the primary key and does nothing. True
   * only for the one call that added it (a connection says "Already Connected" otherwise).
   */
  async like(userId: string, target: LikeTarget): Promise<boolean> {
    const added = await this.db
      .insertInto('liked_profiles')
      .values({ user_id: userId, liked_user_id: target.userId, liked_profile_id: target.profileId })
      .onConflict((oc) => oc.columns(['user_id', 'liked_profile_id']).doNothing())
      .returning('liked_profile_id')
      .executeTakeFirst();
    return added !== undefined;
  }

  async unlike(userId: string, profileId: string): Promise<void> {
    await this.db.deleteFrom('liked_profiles').where('user_id', '=', userId).where('liked_profile_id', '=', profileId).execute();
  }

  async isLiked(userId: string, profileId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('liked_profiles')
      .select('liked_profile_id')
      .where('user_id', '=', userId)
      .where('liked_profile_id', '=', profileId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The member's likes, newest first; profiles of deleted accounts, blocked members (either way)
   * and hidden members the viewer is not in conversation with are left out.
   */
  list(userId: string): Promise<LikedProfileRow[]> {
    return this.db
      .selectFrom('liked_profiles')
      .innerJoin('profiles', 'profiles.id', 'liked_profiles.liked_profile_id')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select([
        'profiles.id as profile_id',
        'profiles.user_id as user_id',
        'profiles.name',
        'profiles.age',
        'profiles.location',
        'profiles.avatar_url',
        'profiles.is_vip',
        'profiles.vip_expires_at',
        'liked_profiles.created_at as liked_at',
      ])
      .where('liked_profiles.user_id', '=', userId)
      .where('users.deleted_at', 'is', null)
      .where(shownTo(userId, sql.ref('profiles.user_id'), sql.ref('profiles.hidden_at')))
      .orderBy('liked_profiles.created_at', 'desc')
      .orderBy('profiles.id')
      .execute();
  }
}
