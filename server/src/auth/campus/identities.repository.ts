import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export interface IdentityOwner {
  userId: string;
  email: string;
  deleted: boolean;
}

export interface AccountForCampus {
  id: string;
  email: string;
  hasPassword: boolean;
  /** Campus identities already linked to this account, by issuer. */
  identities: { issuer: string; subject: string }[];
}

/** Campus identities (issuer + subject) and the account questions campus sign-in asks. */
export class IdentitiesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ownerOf(db: Executor, issuer: string, subject: string): Promise<IdentityOwner | undefined> {
    const row = await db
      .selectFrom('user_identities as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['u.id', 'u.email', 'u.deleted_at'])
      .where('i.issuer', '=', issuer)
      .where('i.subject', '=', subject)
      .executeTakeFirst();
    return row && { userId: row.id, email: row.email, deleted: row.deleted_at !== null };
  }

  async activeAccountByEmail(db: Executor, email: string): Promise<AccountForCampus | undefined> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', sql<{ issuer: string; subject: string }[]>`coalesce((select json_agg(json_build_object('issuer', i.issuer, 'subject', i.subject)) from user_identities i where i.user_id = users.id), '[]'::json)`.as('identities')])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { id: row.id, email: row.email, hasPassword: row.password_hash !== null, identities: row.identities };
  }

  async activeAccountById(db: Executor, id: string): Promise<{ id: string; email: string; passwordHash: string | null } | undefined> {
    const row = await db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
  }

  /** Links the identity to the account; an identity left on a deleted account moves to the new one. */
  async link(db: Executor, identity: { issuer: string; subject: string; userId: string; email: string }, at: Date): Promise<void> {
    await db
      .insertInto('user_identities')
      .values({ issuer: identity.issuer, subject: identity.subject, user_id: identity.userId, email: identity.email, last_sign_in_at: at })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ user_id: identity.userId, email: identity.email, last_sign_in_at: at }))
      .execute();
  }

  async recordSignIn(db: Executor, issuer: string, subject: string, email: string | undefined, at: Date): Promise<void> {
    await db
      .updateTable('user_identities')
      .set({ last_sign_in_at: at, ...(email ? { email } : {}) })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }

  async createCampusUser(db: Executor, email: string, at: Date): Promise<{ id: string; email: string }> {
    return db.insertInto('users').values({ email, password_hash: null, email_confirmed_at: at, campus_verified_at: at }).returning(['id', 'email']).executeTakeFirstOrThrow();
  }

  async markCampusVerified(db: Executor, userId: string, at: Date): Promise<void> {
    await db.updateTable('users').set({ campus_verified_at: at }).where('id', '=', userId).execute();
  }

  /**
   * The "verified campus member" mark follows SIGNUP_EMAIL_DOMAINS as it is now: an address in the
   * domains gains it, one outside loses it, and a linked campus identity always keeps it.
   */
  async reconcileCampusVerified(domains: readonly string[] | undefined, at: Date): Promise<void> {
    const domain = sql`lower(split_part(u.email, '@', 2))`;
    const inDomains = domains?.length
      ? sql.join(
          domains.map((d) => (d.startsWith('.') ? sql`(${domain} = ${d.slice(1)} OR ${domain} LIKE ${`%${d}`})` : sql`${domain} = ${d}`)),
          sql` OR `,
        )
      : sql`false`;
    const hasIdentity = sql`EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id)`;
    await sql`UPDATE users AS u SET campus_verified_at = ${at} WHERE u.campus_verified_at IS NULL AND u.deleted_at IS NULL AND (${inDomains})`.execute(this.db);
    await sql`UPDATE users AS u SET campus_verified_at = NULL WHERE u.campus_verified_at IS NOT NULL AND NOT (${inDomains}) AND NOT ${hasIdentity}`.execute(this.db);
  }

  /** A sign-up waiting for its code is moot once the campus vouches for the address. */
  async dropPendingSignup(db: Executor, email: string): Promise<void> {
    await db.deleteFrom('pending_signups').where(sql`lower(email)`, '=', email.toLowerCase()).execute();
  }
}
