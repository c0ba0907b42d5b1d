import { type Kysely, sql } from 'kysely';

import type { DB, ReportReason } from '../db/schema.js';
import type { Language } from '../i18n/languages.js';
import type { Executor } from '../db/transaction.js';

export interface AccountRow {
  id: string;
  email: string;
  /** Null: a campus-only account. */
  password_hash: string | null;
  deleted_at: Date | null;
  /** Set while the administrator has suspended the account (AuthService.assertMaySignIn). */
  suspended_at: Date | null;
  /** The member's language: what the mails to them are written in. */
  language: Language;
}

export interface PendingEmailChangeRow {
  user_id: string;
  new_email: string;
  code_hash: string;
  code_issued_at: Date;
  attempts: number;
}

export interface PendingSignupRow {
  email: string;
  password_hash: string;
  code_hash: string;
  code_issued_at: Date;
  attempts: number;
}

export class AuthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findActiveUserByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'deleted_at', 'suspended_at', 'language'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async hasDeletedUser(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The reason and note of the member's latest suspension (none for one made before reasons were kept). */
  latestSuspension(db: Executor, userId: string): Promise<{ reason: ReportReason | null; note: string | null } | undefined> {
    return db
      .selectFrom('moderation_actions')
      .select(['reason', 'note'])
      .where('user_id', '=', userId)
      .where('action', '=', 'suspend')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findUserById(db: Executor, id: string): Promise<{ id: string; email: string; language: Language; deleted_at: Date | null; suspended_at: Date | null } | undefined> {
    return db.selectFrom('users').select(['id', 'email', 'language', 'deleted_at', 'suspended_at']).where('id', '=', id).executeTakeFirst();
  }

  /** The account a session points at, with its roles, in one statement (it runs on every signed-in request). */
  sessionAccount(id: string): Promise<{ id: string; email: string; language: Language; deleted_at: Date | null; suspended_at: Date | null; roles: string[]; is_vip: boolean | null; vip_expires_at: Date | null } | undefined> {
    // The membership comes in the same statement: a search's allowance then needs no query of its own.
    return this.db
      .selectFrom('users')
      .leftJoin('profiles as p', 'p.user_id', 'users.id')
      .select(['users.id', 'users.email', 'users.language', 'users.deleted_at', 'users.suspended_at', 'p.is_vip', 'p.vip_expires_at', sql<string[]>`array(select r.role from user_roles r where r.user_id = users.id)`.as('roles')])
      .where('users.id', '=', id)
      .executeTakeFirst();
  }

  async createUser(db: Executor, email: string, passwordHash: string | null, confirmedAt: Date, campusVerifiedAt: Date | null = null, language: Language = 'en'): Promise<{ id: string; email: string }> {
    return db
      .insertInto('users')
      .values({ email, password_hash: passwordHash, email_confirmed_at: confirmedAt, campus_verified_at: campusVerifiedAt, language })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
  }

  /** The stored hash of a live account's password; null for no account, or an account without one (campus sign-in only). */
  async passwordHashOf(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return row?.password_hash || null;
  }

  /** What a password-strength check reads about a member: the e-mail and the profile's name. */
  async strengthFacts(db: Executor, userId: string): Promise<{ email: string; name: string | null } | undefined> {
    return db
      .selectFrom('users as u')
      .leftJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.email', 'p.name'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  async updateEmail(db: Executor, userId: string, email: string): Promise<void> {
    await db.updateTable('users').set({ email }).where('id', '=', userId).where('deleted_at', 'is', null).execute();
  }

  async updatePassword(db: Executor, userId: string, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  }

  async grantRole(db: Executor, userId: string, role: 'admin'): Promise<void> {
    await db.insertInto('user_roles').values({ user_id: userId, role }).onConflict((oc) => oc.doNothing()).execute();
  }

  async revokeRole(userId: string, role: 'admin'): Promise<boolean> {
    const result = await this.db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async isSampleMember(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('is_sample').where('user_id', '=', userId).executeTakeFirst();
    return row?.is_sample === true;
  }

  // --- pending sign-ups

  findPendingSignup(email: string): Promise<PendingSignupRow | undefined> {
    return this.db
      .selectFrom('pending_signups')
      .select(['email', 'password_hash', 'code_hash', 'code_issued_at', 'attempts'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async savePendingSignup(row: { email: string; password_hash: string; code_hash: string; code_issued_at: Date }): Promise<void> {
    await this.db
      .insertInto('pending_signups')
      .values(row)
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          password_hash: row.password_hash,
          code_hash: row.code_hash,
          code_issued_at: row.code_issued_at,
          attempts: 0,
        }),
      )
      .execute();
  }

  async replaceSignupCode(email: string, codeHash: string, issuedAt: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('pending_signups')
      .set({ code_hash: codeHash, code_issued_at: issuedAt, attempts: 0 })
      .where('email', '=', email)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Spends one of the code's attempts, atomically, before the code is compared: concurrent
   * guesses cannot get past the limit. Returns the row as it was, or nothing when the code has
   * no attempts left (or there is no pending sign-up).
   */
  claimSignupAttempt(email: string, maxAttempts: number): Promise<PendingSignupRow | undefined> {
    return this.db
      .updateTable('pending_signups')
      .set({ attempts: sql`attempts + 1` })
      .where('email', '=', email)
      .where('attempts', '<', maxAttempts)
      .returning(['email', 'password_hash', 'code_hash', 'code_issued_at', 'attempts'])
      .executeTakeFirst();
  }

  /** Removes the pending sign-up if it still holds this code (a second verify with it finds nothing). */
  async consumePendingSignup(db: Executor, email: string, codeHash: string): Promise<boolean> {
    const result = await db.deleteFrom('pending_signups').where('email', '=', email).where('code_hash', '=', codeHash).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // --- sign-in e-mail changes

  findPendingEmailChange(userId: string): Promise<PendingEmailChangeRow | undefined> {
    return this.db
      .selectFrom('pending_email_changes')
      .select(['user_id', 'new_email', 'code_hash', 'code_issued_at', 'attempts'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** One waiting change per member: a new request replaces the old one, code and attempts included. */
  async savePendingEmailChange(row: { user_id: string; new_email: string; code_hash: string; code_issued_at: Date }): Promise<void> {
    await this.db
      .insertInto('pending_email_changes')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ new_email: row.new_email, code_hash: row.code_hash, code_issued_at: row.code_issued_at, attempts: 0 }))
      .execute();
  }

  /** Spends one of the code's attempts before it is compared, as claimSignupAttempt does. */
  claimEmailChangeAttempt(userId: string, maxAttempts: number): Promise<PendingEmailChangeRow | undefined> {
    return this.db
      .updateTable('pending_email_changes')
      .set({ attempts: sql`attempts + 1` })
      .where('user_id', '=', userId)
      .where('attempts', '<', maxAttempts)
      .returning(['user_id', 'new_email', 'code_hash', 'code_issued_at', 'attempts'])
      .executeTakeFirst();
  }

  /** Removes the waiting change if it still holds this code (a replay finds nothing). */
  async consumePendingEmailChange(db: Executor, userId: string, codeHash: string): Promise<boolean> {
    const result = await db.deleteFrom('pending_email_changes').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // --- password reset

  async createResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
  }

  /** The user of a live token, without using it up; nothing when it is unknown, used or expired. */
  async resetTokenUser(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Marks a live token used and returns its user; nothing when it is unknown, used or expired. */
  async consumeResetToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /**
   * A new password or sign-in e-mail ends every proof issued before it: the member's reset links
   * (used or not) and a waiting e-mail change, so a link or code sent before cannot undo it.
   */
  async revokeOutstandingProofs(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    await db.deleteFrom('pending_email_changes').where('user_id', '=', userId).execute();
  }

  /** Pending sign-ups, e-mail changes and reset tokens nobody can use any more. */
  async deleteStale(pendingIssuedBefore: Date, tokensExpiredBefore: Date): Promise<void> {
    await this.db.deleteFrom('pending_signups').where('code_issued_at', '<', pendingIssuedBefore).execute();
    await this.db.deleteFrom('password_reset_tokens').where('expires_at', '<', tokensExpiredBefore).execute();
    await this.db.deleteFrom('pending_email_changes').where('code_issued_at', '<', pendingIssuedBefore).execute();
  }

  // --- sessions

  /** Ends every session of the user, on every device. */
  async deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
    const result = await db
      .deleteFrom('sessions')
      .where(sql`sess -> 'passport' ->> 'user'`, '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
