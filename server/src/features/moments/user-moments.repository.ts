import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import { readsOn, type Reads } from '../../db/read-routing.js';
import type { CardType, DB, UserMomentsTable } from '../../db/schema.js';
import { notBlocked } from '../moderation/blocked.js';

export type UserMomentRow = Selectable<UserMomentsTable>;

export interface NewUserMoment {
  user_id: string;
  moment_type: CardType;
  image_url: string | null;
  video_url: string | null;
  text_content: string | null;
  caption: string | null;
}

/** The author of a moment in the feed, with what ranking needs. */
export interface FeedAuthor {
  profile_id: string;
  user_id: string;
  name: string | null;
  avatar_url: string | null;
  bio: string | null;
  enhanced_background: string | null;
  interests: string[];
  /** How many members (with live accounts) like the author's profile. */
  likes: number;
}

export interface FeedCandidate extends FeedAuthor {
  /** A user_moments id, or null for a profile's first moment. */
  moment_id: string | null;
  moment_type: CardType;
  image_url: string | null;
  video_url: string | null;
  text_content: string | null;
  caption: string | null;
  created_at: Date;
}

export interface AuthorFacts {
  name: string | null;
  birth_date: string | null;
  location: string | null;
  bio: string | null;
  interests: string[];
}

/** Real members' moments, or only sample ones (seeded demo content). */
export type FeedSource = 'real' | 'sample';

/** The feed's two lists may come from a read replica (`reads`); the member's own moments never do. */
export class UserMomentsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly reads: Reads = readsOn(db),
  ) {}

  /** The member's own profile facts (for the basic-information check and for ranking). */
  authorFacts(userId: string): Promise<AuthorFacts | undefined> {
    return this.db.selectFrom('profiles').select(['name', 'birth_date', 'location', 'bio', 'interests']).where('user_id', '=', userId).executeTakeFirst();
  }

  insert(trx: Transaction<DB>, moment: NewUserMoment): Promise<UserMomentRow> {
    return trx.insertInto('user_moments').values(moment).returningAll().executeTakeFirstOrThrow();
  }

  /** The member's own posted moments (not the first one, not deleted), newest first. */
  listOwn(userId: string): Promise<UserMomentRow[]> {
    return this.db
      .selectFrom('user_moments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_first_moment', '=', false)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Soft delete, only of the member's own live moment; false when there is none such. */
  async softDelete(userId: string, momentId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('user_moments')
      .set({ deleted_at: now })
      .where('id', '=', momentId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Recent posted moments of other members whose accounts are live and whose profiles are not hidden. */
  async postedForFeed(viewerId: string, source: FeedSource, limit: number): Promise<FeedCandidate[]> {
    const sample = source === 'sample';
    return this.reads
      .reader()
      .selectFrom('user_moments as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('profiles as p', 'p.user_id', 'm.user_id')
      .select([
        'm.id as moment_id',
        'm.moment_type',
        'm.image_url',
        'm.video_url',
        'm.text_content',
        'm.caption',
        'm.created_at',
        ...this.authorColumns(),
      ])
      .where('m.user_id', '!=', viewerId)
      .where('m.deleted_at', 'is', null)
      .where('m.is_first_moment', '=', false)
      .where('u.deleted_at', 'is', null)
      // A feed is discovery: a hidden profile's moments are shown to nobody (moderation/visibility.ts).
      .where('p.hidden_at', 'is', null)
      .where(notBlocked(viewerId, sql.ref('m.user_id')))
      .where((eb) => (sample ? eb.or([eb('m.is_sample', '=', true), eb('p.is_sample', '=', true)]) : eb.and([eb('m.is_sample', '=', false), eb('p.is_sample', '=', false)])))
      .orderBy('m.created_at', 'desc')
      .limit(limit)
      .execute()
      .then((rows) => this.withLikes(rows));
  }

  /** First moments (the profile's card) of other members whose accounts are live and whose profiles are not hidden. */
  async firstMomentsForFeed(viewerId: string, source: FeedSource, limit: number): Promise<FeedCandidate[]> {
    return this.reads
      .reader()
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        sql<string | null>`null`.as('moment_id'),
        sql<CardType>`p.card_type`.as('moment_type'),
        'p.card_image_url as image_url',
        'p.card_video_url as video_url',
        'p.card_text as text_content',
        sql<string | null>`null`.as('caption'),
        'p.created_at as created_at',
        ...this.authorColumns(),
      ])
      .where('p.user_id', '!=', viewerId)
      .where('p.card_type', 'is not', null)
      .where('u.deleted_at', 'is', null)
      .where('p.hidden_at', 'is', null)
      .where(notBlocked(viewerId, sql.ref('p.user_id')))
      .where('p.is_sample', '=', source === 'sample')
      .orderBy('p.created_at', 'desc')
      .limit(limit)
      .execute()
      .then((rows) => this.withLikes(rows));
  }

  private authorColumns() {
    return [
      'p.id as profile_id',
      'p.user_id as user_id',
      'p.name',
      'p.avatar_url',
      'p.bio',
      'p.enhanced_background',
      'p.interests',
    ] as const;
  }

  /**
   * Each candidate's likes (from members with live accounts), in one grouped query for the page.
   * As a subquery per candidate it was planned, once the likes had grown, as a scan of every user
   * for each of a feed's 200 candidates (the soak: Postgres's CPU per request tripled in minutes).
   */
  private async withLikes<Row extends { profile_id: string }>(rows: Row[]): Promise<(Row & { likes: number })[]> {
    const ids = [...new Set(rows.map((row) => row.profile_id))];
    const counts =
      ids.length === 0
        ? []
        : await this.reads
            .reader()
            .selectFrom('liked_profiles as l')
            .innerJoin('users as lu', 'lu.id', 'l.user_id')
            .where('l.liked_profile_id', 'in', ids)
            .where('lu.deleted_at', 'is', null)
            .groupBy('l.liked_profile_id')
            .select(['l.liked_profile_id', sql<number>`count(*)::int`.as('likes')])
            .execute();
    const likes = new Map(counts.map((c) => [c.liked_profile_id, Number(c.likes)]));
    return rows.map((row) => ({ ...row, likes: likes.get(row.profile_id) ?? 0 }));
  }
}
