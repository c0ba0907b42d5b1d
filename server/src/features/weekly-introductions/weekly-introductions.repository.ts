import { type Kysely, sql, type Transaction } from 'kysely';

import type { DB, WeeklyAnswer } from '../../db/schema.js';
import { complete, SEARCH_COLUMNS, type SearchProfileRow } from '../search/search.repository.js';
import { notBlocked } from '../moderation/blocked.js';

/** Why an opted-in member is not in this week's round. */
export interface OptedInRow extends SearchProfileRow {
  is_complete: boolean;
  suspended: boolean;
}

export interface ProposalRow {
  id: string;
  week: string;
  user_a: string;
  user_b: string;
  a_answer: WeeklyAnswer | null;
  b_answer: WeeklyAnswer | null;
  mutual_at: Date | null;
}

export interface NewPair {
  user_a: string;
  user_b: string;
  mutual_fit: number;
}

export interface RoundRow {
  week: string;
  members_in: number;
  pairs_made: number;
  skipped: Record<string, number>;
  created_at: Date;
}

const profileColumns = SEARCH_COLUMNS.map((column) => `p.${column}` as const);

/** The weekly introductions' rows: the opt-in, the rounds, the proposed pairs and their answers. */
export class WeeklyIntroductionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The member's own profile: what their cards' reasons are read from. */
  profile(userId: string): Promise<SearchProfileRow | undefined> {
    return this.db.selectFrom('profiles as p').select(profileColumns).where('p.user_id', '=', userId).executeTakeFirst();
  }

  async optedIn(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('weekly_introductions').where('user_id', '=', userId).executeTakeFirst();
    return row?.weekly_introductions ?? false;
  }

  async setOptedIn(userId: string, on: boolean): Promise<void> {
    await this.db.updateTable('profiles').set({ weekly_introductions: on }).where('user_id', '=', userId).execute();
  }

  /**
   * Every live, real member who opted in, with what decides whether they are in this week:
   * complete profile, not suspended (hidden ones are left out here already). Sample members never
   * sign in to answer, so they are never proposed.
   */
  candidates(): Promise<OptedInRow[]> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([...profileColumns, sql<boolean>`${complete}`.as('is_complete'), sql<boolean>`u.suspended_at IS NOT NULL`.as('suspended')])
      .where('p.weekly_introductions', '=', true)
      .where('p.is_sample', '=', false)
      .where('p.hidden_at', 'is', null)
      .where('u.deleted_at', 'is', null)
      .orderBy('p.user_id')
      .execute() as Promise<OptedInRow[]>;
  }

  /**
   * Cosine similarity of the members' profile vectors of `model`, pair by pair (a < b), each
   * member's `k` nearest among the others: Postgres compares the vectors, only the numbers travel.
   */
  async similarities(profileIds: readonly string[], model: string, k: number): Promise<{ a: string; b: string; similarity: number }[]> {
    if (profileIds.length < 2) return [];
    const { rows } = await sql<{ a: string; b: string; similarity: number }>`
      WITH e AS (
        SELECT pe.profile_id, p.user_id, pe.embedding FROM profile_embeddings AS pe JOIN profiles AS p ON p.id = pe.profile_id
        WHERE pe.model = ${model} AND pe.profile_id = ANY(${[...profileIds]}::uuid[])
      ), ranked AS (
        SELECT x.user_id AS a, y.user_id AS b, (1 - (x.embedding <=> y.embedding))::float8 AS similarity,
          row_number() OVER (PARTITION BY x.user_id ORDER BY x.embedding <=> y.embedding, y.user_id) AS rank
        FROM e AS x JOIN e AS y ON x.user_id <> y.user_id
      )
      SELECT DISTINCT LEAST(a, b)::text AS a, GREATEST(a, b)::text AS b, similarity FROM ranked WHERE rank <= ${k}`.execute(this.db);
    return rows;
  }

  /** Pairs among `userIds` with a block either way. */
  async blockedPairs(userIds: readonly string[]): Promise<{ a: string; b: string }[]> {
    return this.db
      .selectFrom('blocks')
      .select(['blocker_id as a', 'blocked_id as b'])
      .where(sql<boolean>`blocker_id = ANY(${[...userIds]}::uuid[]) AND blocked_id = ANY(${[...userIds]}::uuid[])`)
      .execute();
  }

  /** Pairs among `userIds` with any message between them, either way (withheld ones too: those are blocks). */
  async conversationPairs(userIds: readonly string[]): Promise<{ a: string; b: string }[]> {
    const rows = await this.db
      .selectFrom('messages')
      .select(['sender_id as a', 'recipient_id as b'])
      .distinct()
      .where(sql<boolean>`sender_id = ANY(${[...userIds]}::uuid[]) AND recipient_id = ANY(${[...userIds]}::uuid[])`)
      .execute();
    return rows.filter((row): row is { a: string; b: string } => row.a !== null && row.b !== null);
  }

  /** Pairs among `userIds` proposed in any earlier week. */
  proposedPairs(userIds: readonly string[]): Promise<{ a: string; b: string }[]> {
    return this.db
      .selectFrom('weekly_introductions')
      .select(['user_a as a', 'user_b as b'])
      .where(sql<boolean>`user_a = ANY(${[...userIds]}::uuid[]) AND user_b = ANY(${[...userIds]}::uuid[])`)
      .execute();
  }

  /**
   * Claims the week: true when this transaction wrote its round row. A concurrent run of the same
   * week waits on the primary key until this one ends, then finds it taken.
   */
  async claimWeek(trx: Transaction<DB>, week: string, membersIn: number, pairsMade: number, skipped: Record<string, number>): Promise<boolean> {
    const row = await trx
      .insertInto('weekly_introduction_rounds')
      .values({ week, members_in: membersIn, pairs_made: pairsMade, skipped: JSON.stringify(skipped) })
      .onConflict((oc) => oc.column('week').doNothing())
      .returning('week')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The week has a round whose mails were never sent. */
  async mailsOwed(week: string): Promise<boolean> {
    const row = await this.db.selectFrom('weekly_introduction_rounds').select('week').where('week', '=', week).where('mailed_at', 'is', null).executeTakeFirst();
    return row !== undefined;
  }

  async markMailed(week: string): Promise<void> {
    await this.db.updateTable('weekly_introduction_rounds').set({ mailed_at: new Date() }).where('week', '=', week).execute();
  }

  /** The week's pairs, for mailing them again. */
  weekPairs(week: string): Promise<{ user_a: string; user_b: string }[]> {
    return this.db.selectFrom('weekly_introductions').select(['user_a', 'user_b']).where('week', '=', week).execute();
  }

  async roundExists(week: string): Promise<boolean> {
    return (await this.db.selectFrom('weekly_introduction_rounds').select('week').where('week', '=', week).executeTakeFirst()) !== undefined;
  }

  async insertPairs(trx: Transaction<DB>, week: string, pairs: readonly NewPair[]): Promise<void> {
    if (pairs.length === 0) return;
    await trx.insertInto('weekly_introductions').values(pairs.map((pair) => ({ week, ...pair }))).execute();
  }

  /** The member's proposals of `week` whose other member is still live, not blocked either way, and shown. */
  forMember(userId: string, week: string) {
    return this.db
      .selectFrom('weekly_introductions as w')
      .innerJoin('profiles as p', (join) => join.on(sql<boolean>`p.user_id = CASE WHEN w.user_a = ${userId}::uuid THEN w.user_b ELSE w.user_a END`))
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['w.id as proposal_id', 'w.week', 'w.user_a', 'w.user_b', 'w.a_answer', 'w.b_answer', 'w.mutual_at', 'w.mutual_fit', ...profileColumns])
      .where('w.week', '=', week)
      .where((eb) => eb.or([eb('w.user_a', '=', userId), eb('w.user_b', '=', userId)]))
      .where('u.deleted_at', 'is', null)
      .where('u.suspended_at', 'is', null)
      .where('p.hidden_at', 'is', null)
      .where(notBlocked(userId, sql.ref('p.user_id')))
      .orderBy('w.mutual_fit', 'desc')
      .orderBy('w.id')
      .execute();
  }

  /**
   * Whether two members may be introduced now: both live and not suspended, neither profile
   * hidden, no block either way. Asked before two hellos become mutual.
   */
  async mayMeet(trx: Transaction<DB>, a: string, b: string): Promise<boolean> {
    const rows = await trx
      .selectFrom('users as u')
      .innerJoin('profiles as p', 'p.user_id', 'u.id')
      .select('u.id')
      .where('u.id', 'in', [a, b])
      .where('u.deleted_at', 'is', null)
      .where('u.suspended_at', 'is', null)
      .where('p.hidden_at', 'is', null)
      .where(notBlocked(a, sql`${b}::uuid`))
      .execute();
    return rows.length === 2;
  }

  /** Locks the proposal until the transaction ends: two answers to it are taken one after the other. */
  lock(trx: Transaction<DB>, id: string): Promise<ProposalRow | undefined> {
    return trx
      .selectFrom('weekly_introductions')
      .select(['id', 'week', 'user_a', 'user_b', 'a_answer', 'b_answer', 'mutual_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async answer(trx: Transaction<DB>, id: string, side: 'a' | 'b', answer: WeeklyAnswer): Promise<void> {
    await trx.updateTable('weekly_introductions').set(side === 'a' ? { a_answer: answer } : { b_answer: answer }).where('id', '=', id).execute();
  }

  async markMutual(trx: Transaction<DB>, id: string, at: Date): Promise<void> {
    await trx.updateTable('weekly_introductions').set({ mutual_at: at }).where('id', '=', id).execute();
  }

  /** For the round's mail: each member of the week's pairs with their address and notification setting. */
  mailTargets(userIds: readonly string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .innerJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.email', 'u.language', 'p.name', 'p.notify_new_messages'])
      .where('u.id', 'in', userIds)
      .where('u.deleted_at', 'is', null)
      .execute();
  }

  /** The newest round with its answers counted: the admin's Overview. */
  async latestRound(): Promise<(RoundRow & { hellos: number; mutual: number }) | undefined> {
    const round = await this.db.selectFrom('weekly_introduction_rounds').selectAll().orderBy('week', 'desc').limit(1).executeTakeFirst();
    if (!round) return undefined;
    const counts = await this.db
      .selectFrom('weekly_introductions')
      .select([
        sql<number>`(count(*) FILTER (WHERE a_answer = 'hello') + count(*) FILTER (WHERE b_answer = 'hello'))::int`.as('hellos'),
        sql<number>`count(*) FILTER (WHERE mutual_at IS NOT NULL)::int`.as('mutual'),
      ])
      .where('week', '=', round.week)
      .executeTakeFirstOrThrow();
    return { ...round, ...counts };
  }
}
