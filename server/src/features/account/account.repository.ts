import { type Kysely, sql, type Transaction } from 'kysely';

import type { DB } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';

export interface DeletedProfileRow {
  id: string;
  user_id: string;
  deleted_email: string;
  name: string | null;
  deleted_at: Date;
}

export interface MemberAccountRow {
  id: string;
  email: string;
  created_at: Date;
  name: string | null;
  user_code: string | null;
  is_vip: boolean | null;
  vip_expires_at: Date | null;
  registration_order: number | null;
  is_sample: boolean | null;
  role: string | null;
}

export class AccountRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The live account, locked until the transaction ends (two deletions at once: one wins). */
  liveAccount(trx: Transaction<DB>, userId: string): Promise<{ id: string; email: string; name: string | null; language: Language } | undefined> {
    return trx
      .selectFrom('users as u')
      .leftJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.email', 'p.name', 'u.language'])
      .where('u.id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .forUpdate('u')
      .executeTakeFirst();
  }

  /** The member's language (content/i18n/languages.json); false when no live account has this id. */
  async setLanguage(userId: string, language: Language): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ language }).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async softDelete(trx: Transaction<DB>, account: { id: string; email: string; name: string | null }, at: Date): Promise<void> {
    await trx.updateTable('users').set({ deleted_at: at }).where('id', '=', account.id).execute();
    await trx.insertInto('deleted_profiles').values({ user_id: account.id, deleted_email: account.email, name: account.name, deleted_at: at }).execute();
  }

  /** Live accounts, newest first; `search` matches inside the e-mail or the user code. */
  list(options: { search?: string; limit: number }): Promise<MemberAccountRow[]> {
    let query = this.db
      .selectFrom('users as u')
      .leftJoin('profiles as p', 'p.user_id', 'u.id')
      .leftJoin('user_roles as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.role', '=', 'admin'))
      .select(['u.id', 'u.email', 'u.created_at', 'p.name', 'p.user_code', 'p.is_vip', 'p.vip_expires_at', 'p.registration_order', 'p.is_sample', 'r.role'])
      .where('u.deleted_at', 'is', null);
    if (options.search) {
      const like = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb(eb.fn('lower', ['u.email']), 'like', like), eb('p.user_code', 'like', like)]));
    }
    return query.orderBy('u.created_at', 'desc').orderBy('u.id').limit(options.limit).execute();
  }

  liveAccountByEmail(email: string): Promise<{ id: string } | undefined> {
    return this.db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
  }

  deletedProfiles(limit: number): Promise<DeletedProfileRow[]> {
    return this.db.selectFrom('deleted_profiles').select(['id', 'user_id', 'deleted_email', 'name', 'deleted_at']).orderBy('deleted_at', 'desc').limit(limit).execute();
  }

  /** Accounts deleted at or before `cutoff`, oldest first: what the purge removes. */
  purgeable(cutoff: Date, limit: number, after?: { deletedAt: Date; id: string }): Promise<{ id: string; deleted_at: Date }[]> {
    let query = this.db
      .selectFrom('users')
      .select(['id', sql<Date>`deleted_at`.as('deleted_at')])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', cutoff);
    if (after) query = query.where((eb) => eb(eb.tuple(eb.ref('deleted_at'), eb.ref('id')), '>', eb.tuple(eb.val(after.deletedAt), eb.val(after.id))));
    return query.orderBy('deleted_at').orderBy('id').limit(limit).execute();
  }

  async isDueForPurge(userId: string, cutoff: Date): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', '<=', cutoff).executeTakeFirst();
    return row !== undefined;
  }

  /** Every URL of a stored file the account refers to: avatar, background, first moment, moments. */
  async fileUrls(userId: string): Promise<string[]> {
    const profile = await this.db
      .selectFrom('profiles')
      .select(['avatar_url', 'search_background_url', 'card_image_url', 'card_image_urls', 'card_video_url'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const moments = await this.db.selectFrom('user_moments').select(['image_url', 'video_url']).where('user_id', '=', userId).execute();
    return [
      profile?.avatar_url,
      profile?.search_background_url,
      profile?.card_image_url,
      ...(profile?.card_image_urls ?? []),
      profile?.card_video_url,
      ...moments.flatMap((m) => [m.image_url, m.video_url]),
    ].filter((url): url is string => typeof url === 'string');
  }

  /**
   * Removes the account and every row of it. Most tables go with the users row (ON DELETE
   * CASCADE); mail keeps its other party's copy by design of the foreign keys (SET NULL), so the
   * account's mail, sent and received, is deleted here first, by id and by its mailbox address.
   */
  async purge(trx: Transaction<DB>, userId: string): Promise<void> {
    const profile = await trx.selectFrom('profiles').select('mailbox_address').where('user_id', '=', userId).executeTakeFirst();
    await trx
      .deleteFrom('messages')
      .where((eb) => {
        const mine = [eb('sender_id', '=', userId), eb('recipient_id', '=', userId)];
        if (profile?.mailbox_address) mine.push(eb(sql`lower(recipient_email)`, '=', profile.mailbox_address.toLowerCase()));
        return eb.or(mine);
      })
      .execute();
    await trx.deleteFrom('sessions').where(sql`sess -> 'passport' ->> 'user'`, '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).where('deleted_at', 'is not', null).execute();
  }
}
