import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';

import type { DB, ProfilesTable, UserMomentsTable } from '../../db/schema.js';

/** A sample member's rows, made by the service: the user's columns, the profile's, the moments'. */
export interface DemoRows {
  email: string;
  passwordHash: string;
  confirmedAt: Date;
  profile: Omit<Insertable<ProfilesTable>, 'user_id'>;
  moments: Array<Omit<Insertable<UserMomentsTable>, 'user_id'>>;
}

export interface SampleBatch {
  userIds: string[];
  /** Every stored-file URL the batch's profiles and moments refer to. */
  urls: string[];
}

export class DemoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The highest n of any account demo+<n>@domain (sample or not), 0 when there is none. */
  async highestDemoIndex(domain: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select(sql<number | null>`max(substring(email from '^demo\\+([0-9]{1,9})@')::int)`.as('highest'))
      .where(sql<boolean>`lower(email) like ${`demo+%@${domain.toLowerCase()}`}`)
      .executeTakeFirst();
    return Number(row?.highest ?? 0);
  }

  async takenUserCodes(codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db.selectFrom('profiles').select('user_code').where('user_code', 'in', codes).execute();
    return new Set(rows.map((r) => r.user_code!));
  }

  /** Of these addresses (lower case), the ones a profile already has. */
  async takenMailboxes(addresses: string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('profiles')
      .select(sql<string>`lower(mailbox_address)`.as('address'))
      .where(sql<string>`lower(mailbox_address)`, 'in', addresses)
      .execute();
    return new Set(rows.map((r) => r.address));
  }

  /** Inserts whole members in three statements; returns the profile ids in the order given. */
  async insertMembers(trx: Transaction<DB>, members: DemoRows[]): Promise<string[]> {
    if (members.length === 0) return [];
    const users = await trx
      .insertInto('users')
      .values(members.map((m) => ({ email: m.email, password_hash: m.passwordHash, email_confirmed_at: m.confirmedAt })))
      .returning(['id', 'email'])
      .execute();
    const idByEmail = new Map(users.map((u) => [u.email, u.id]));
    const userIds = members.map((m) => idByEmail.get(m.email)!);
    const profiles = await trx
      .insertInto('profiles')
      .values(members.map((m, i) => ({ ...m.profile, user_id: userIds[i]!, is_sample: true })))
      .returning(['id', 'user_id'])
      .execute();
    const moments = members.flatMap((m, i) => m.moments.map((moment) => ({ ...moment, user_id: userIds[i]!, is_sample: true })));
    if (moments.length > 0) await trx.insertInto('user_moments').values(moments).execute();
    const profileByUser = new Map(profiles.map((p) => [p.user_id, p.id]));
    return userIds.map((id) => profileByUser.get(id)!);
  }

  /** Up to `limit` sample members and the file URLs they refer to. */
  async sampleBatch(limit: number): Promise<SampleBatch> {
    const profiles = await this.db
      .selectFrom('profiles')
      .select(['user_id', 'card_image_url', 'card_image_urls', 'card_video_url', 'avatar_url'])
      .where('is_sample', '=', true)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    const userIds = profiles.map((p) => p.user_id);
    if (userIds.length === 0) return { userIds, urls: [] };
    const moments = await this.db.selectFrom('user_moments').select(['image_url', 'video_url']).where('user_id', 'in', userIds).execute();
    const urls = [
      ...profiles.flatMap((p) => [p.card_image_url, ...p.card_image_urls, p.card_video_url, p.avatar_url]),
      ...moments.flatMap((m) => [m.image_url, m.video_url]),
    ].filter((url): url is string => Boolean(url));
    return { userIds, urls: [...new Set(urls)] };
  }

  /** Deletes these accounts (their rows cascade) — only those whose profile is a sample. */
  async deleteSampleUsers(userIds: string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await this.db
      .deleteFrom('users')
      .where('id', 'in', userIds)
      .where((eb) => eb.exists(eb.selectFrom('profiles').select('profiles.id').whereRef('profiles.user_id', '=', 'users.id').where('profiles.is_sample', '=', true)))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sample profiles, and complete profiles of real members (spec part 1 §3's fields present). */
  async communityCounts(): Promise<{ samples: number; realComplete: number }> {
    const row = await this.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select([
        sql<string>`count(*) filter (where profiles.is_sample)`.as('samples'),
        sql<string>`count(*) filter (where not profiles.is_sample and users.deleted_at is null
          and nullif(btrim(profiles.name), '') is not null and profiles.age is not null
          and nullif(btrim(profiles.bio), '') is not null and nullif(btrim(profiles.location), '') is not null
          and profiles.birth_date is not null and profiles.gender is not null and profiles.relationship_status is not null)`.as('real_complete'),
      ])
      .executeTakeFirstOrThrow();
    return { samples: Number(row.samples), realComplete: Number(row.real_complete) };
  }
}
