import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';

import type { SessionInfo } from '../../../contract/auth.js';
import type { Clock } from '../clock.js';
import type { DB } from '../db/schema.js';
import type { Language } from '../i18n/languages.js';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { accountExistsMail, emailChangeCodeMail, emailChangedMail, passwordChangedMail, moderationReasonWords, passwordResetMail, signupCodeMail } from '../mail/templates.js';
import { emailDomainAllowed, emailDomainRefusal } from '../policies/email-domains.js';
import { isAdmin, type Member } from '../policies/index.js';
import { vipActive } from '../policies/premium.js';
import type { AuthRepository } from './auth.repository.js';
import type { LoginInput, ResetInput, SignupInput, VerifyInput } from './auth.schema.js';
import { AUTH_MESSAGES as M } from './messages.js';
import { assertStrongPassword, userInputsFor } from './password-strength.js';
import { hashPassword, standInHash, verifyPassword } from './passwords.js';
import { hashEmailChangeCode, hashResetToken, hashSignupCode, newResetToken, newSignupCode, sameHash } from './tokens.js';
import { type Executor, transaction } from '../db/transaction.js';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** The set-password link `cli users create` prints. */
export const SET_PASSWORD_TTL_MS = 24 * 60 * 60_000;

export interface SessionUser {
  id: string;
  email: string;
  /** The member's language: the web app switches to it on any device they sign in on. */
  language?: Language;
}

export type { SessionInfo };

/**
 * What sign-up and the session need of a member's profile. auth/ sits below the features, so the
 * composition root (context.ts) wires the profiles feature in here, as it wires account deletion's
 * afterDelete.
 */
export interface MemberProfileHooks {
  /** The new member's first profile row, inside the sign-up transaction. */
  createInitial(trx: Transaction<DB>, userId: string, email: string, name: string): Promise<void>;
  isComplete(userId: string): Promise<boolean>;
}

export interface AuthServiceDeps {
  db: Kysely<DB>;
  auth: AuthRepository;
  profiles: MemberProfileHooks;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  secret: string;
  productName: string;
  publicUrl: string;
  adminEmail: string | undefined;
  /** SIGNUP_EMAIL_DOMAINS: unset, any address may join (or change to). */
  signupEmailDomains?: readonly string[] | undefined;
  /** Where a suspended member is told to write (SUPPORT_EMAIL). */
  supportEmail: string;
  /** AUTH_UNIFORM_ERRORS=on: sign-in, sign-up and reset say nothing of an account's state (uniformErrors below). */
  uniformErrors?: boolean;
}

/** Sign-up with an e-mailed code, sign-in checks, password reset, and what a session may see. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** Keeps the sign-up server-side (password hashed) and mails a fresh code, in `language` (the request's: there is no account yet). */
  async signup({ email, password }: SignupInput, language: Language = 'en'): Promise<void> {
    const { auth, clock } = this.deps;
    this.assertCampusAddress(email);
    const strength = () => assertStrongPassword(password, userInputsFor({ email, productName: this.deps.productName }));
    // Uniform answers: the password's own rules first, so a weak one is refused for every address alike.
    if (this.deps.uniformErrors) await strength();
    const existing = await auth.findActiveUserByEmail(this.deps.db, email);
    if (existing) {
      if (!this.deps.uniformErrors) throw new ConflictError(M.identityExists, 'identity_already_exists');
      // Answered as a sign-up is; only the address's owner learns that it has an account.
      await this.deps.mailer
        .send(accountExistsMail(email, `${this.deps.publicUrl}/auth`, this.deps.productName, existing.language))
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'sign-up for a taken address: the notice was not mailed'));
      return;
    }
    const pending = await auth.findPendingSignup(email);
    if (pending && this.signupInCooldown(pending.code_issued_at)) return;
    if (!this.deps.uniformErrors) await strength();

    const code = newSignupCode();
    await auth.savePendingSignup({
      email,
      password_hash: await hashPassword(password),
      code_hash: hashSignupCode(this.deps.secret, email, code),
      code_issued_at: clock.now(),
    });
    await this.mailCode(email, code, language);
  }

  async resendCode(email: string, language: Language = 'en'): Promise<void> {
    const { auth, clock } = this.deps;
    const pending = await auth.findPendingSignup(email);
    if (!pending) {
      if (this.deps.uniformErrors) return; // as if a code were on its way: nothing said of the address
      throw new NotFoundError(M.noPendingSignup, 'no_pending_signup');
    }
    if (this.signupInCooldown(pending.code_issued_at)) return;
    const code = newSignupCode();
    await auth.replaceSignupCode(email, hashSignupCode(this.deps.secret, email, code), clock.now());
    await this.mailCode(email, code, language);
  }

  /**
   * Checks the code; on success creates the user and the profile and returns the new user.
   * `language`: the one the visitor's browser was using (requestLanguage), kept on the new account.
   */
  async verifySignup({ email, code }: VerifyInput, language: Language = 'en'): Promise<SessionUser> {
    const { auth, profiles, clock, db } = this.deps;
    const attempt = await auth.claimSignupAttempt(email, CODE_MAX_ATTEMPTS);
    if (!attempt) {
      const pending = await auth.findPendingSignup(email);
      if (!pending) throw this.deps.uniformErrors ? new BadRequestError(M.invalidCode, 'invalid_code') : new BadRequestError(M.noPendingSignup, 'no_pending_signup');
      throw new BadRequestError(M.codeLocked, 'code_locked');
    }
    if (clock.now().getTime() - attempt.code_issued_at.getTime() > CODE_TTL_MS) {
      throw new BadRequestError(M.codeExpired, 'code_expired');
    }
    if (!sameHash(hashSignupCode(this.deps.secret, email, code), attempt.code_hash)) {
      throw new BadRequestError(M.invalidCode, 'invalid_code');
    }

    return transaction(db, async (trx) => {
      // Deleting the row with this code first makes a second verify with the same code find nothing.
      if (!(await auth.consumePendingSignup(trx, email, attempt.code_hash))) {
        throw new BadRequestError(M.noPendingSignup, 'no_pending_signup');
      }
      if (await auth.findActiveUserByEmail(trx, email)) throw new ConflictError(M.identityExists, 'identity_already_exists');
      this.assertCampusAddress(email);
      // With SIGNUP_EMAIL_DOMAINS set, a confirmed address in them is a campus member's.
      const user = await auth.createUser(trx, email, attempt.password_hash, clock.now(), this.deps.signupEmailDomains ? clock.now() : null, language);
      await profiles.createInitial(trx, user.id, email, initialName(email));
      return user;
    });
  }

  /** Sign-in: the account behind the e-mail, or the spec's reason why not. */
  async authenticate({ email, password }: LoginInput): Promise<SessionUser> {
    const { auth } = this.deps;
    const user = await auth.findActiveUserByEmail(this.deps.db, email);
    if (!user && this.deps.uniformErrors) {
      // As long as a wrong password takes: the time of the answer says nothing either.
      await verifyPassword(await standInHash(), password);
      throw new UnauthorizedError(M.invalidCredentials, 'invalid_credentials');
    }
    if (!user) {
      if (await auth.findPendingSignup(email)) throw new ForbiddenError(M.emailNotConfirmed, 'email_not_confirmed');
      if (await auth.hasDeletedUser(email)) throw new ForbiddenError(M.accountDeletedAtSignIn, 'account_deleted');
      throw new NotFoundError(M.userNotFound, 'user_not_found');
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new UnauthorizedError(M.invalidCredentials, 'invalid_credentials');
    }
    // After the password: only the account's owner learns that it is suspended, and why.
    await this.assertMaySignIn(this.deps.db, user);
    return { id: user.id, email: user.email };
  }

  /**
   * The one check every way of signing in makes (password, sign-up, password reset, and any
   * other sign-in path: call it with the account row before starting a session): a suspended
   * account is refused with 403 `account_suspended`. `signedInAccount` makes it too.
   */
  async assertMaySignIn(executor: Executor, account: { id: string; suspended_at: Date | null }): Promise<void> {
    if (!account.suspended_at) return;
    // Due process: the member is told why (the reason of the latest suspension; none recorded for older ones).
    const grounds = await this.deps.auth.latestSuspension(executor, account.id);
    const reason = grounds?.reason ?? null;
    throw new ForbiddenError(M.accountSuspended(this.deps.supportEmail, reason ? moderationReasonWords(reason) : undefined), 'account_suspended', { reason, supportEmail: this.deps.supportEmail });
  }

  /** Mails a single-use reset link to a known, active account (in its language, else `language`, the request's); says nothing either way. */
  async requestPasswordReset(email: string, language: Language = 'en'): Promise<void> {
    const { auth, clock, mailer, logger } = this.deps;
    const user = await auth.findActiveUserByEmail(this.deps.db, email);
    if (!user) return;
    const { token, tokenHash } = newResetToken();
    await auth.createResetToken(user.id, tokenHash, new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS));
    const link = `${this.deps.publicUrl}/auth?type=recovery&token=${token}`;
    try {
      await mailer.send(passwordResetMail(user.email, link, this.deps.productName, user.language ?? language));
    } catch (error) {
      // The answer must not reveal whether the account exists, so a failure is only logged.
      logger.error({ err: error }, 'password reset mail failed');
    }
  }

  /** Sets the new password from a reset link and ends every existing session of the user. */
  async resetPassword({ token, password }: ResetInput): Promise<SessionUser> {
    const { auth, clock, db } = this.deps;
    // The link is checked before the password, and a refused password leaves it usable.
    const linkUser = await auth.resetTokenUser(hashResetToken(token), clock.now());
    if (!linkUser) throw new BadRequestError(M.resetLinkInvalid, 'invalid_token');
    await this.assertStrongFor(linkUser, password);
    const passwordHash = await hashPassword(password);
    return transaction(db, async (trx) => {
      const userId = await auth.consumeResetToken(trx, hashResetToken(token), clock.now());
      if (!userId) throw new BadRequestError(M.resetLinkInvalid, 'invalid_token');
      const user = await auth.findUserById(trx, userId);
      if (!user || user.deleted_at) throw new BadRequestError(M.resetLinkInvalid, 'invalid_token');
      // Before anything changes: the link stays unused and the password as it was.
      await this.assertMaySignIn(trx, user);
      await auth.updatePassword(trx, userId, passwordHash);
      await auth.revokeOutstandingProofs(trx, userId);
      await auth.deleteSessionsOfUser(trx, userId);
      return { id: user.id, email: user.email };
    });
  }

  /**
   * Step-up (auth/step-up.ts): whether `password` is the member's current password. An account
   * without one (campus sign-in only: NULL or empty) never matches, whatever is typed.
   */
  async verifyCurrentPassword(userId: string, password: string): Promise<boolean> {
    const hash = await this.deps.auth.passwordHashOf(userId);
    if (!hash || !password) return false;
    return verifyPassword(hash, password);
  }

  /**
   * Settings' Change password, after the route's step-up check: the new password must pass the
   * same rules as at sign-up; every session of the member ends in the same commit (the route signs
   * this browser in again on a new session id). The member is told by mail.
   */
  async changePassword(userId: string, newPassword: string): Promise<SessionUser> {
    const { auth, db, mailer, logger } = this.deps;
    await this.assertStrongFor(userId, newPassword);
    const passwordHash = await hashPassword(newPassword);
    const user = await transaction(db, async (trx) => {
      const live = await auth.findUserById(trx, userId);
      if (!live || live.deleted_at) throw new NotFoundError(M.accountDeletedInSession, 'account_deleted');
      await auth.updatePassword(trx, userId, passwordHash);
      await auth.revokeOutstandingProofs(trx, userId);
      await auth.deleteSessionsOfUser(trx, userId);
      return { id: live.id, email: live.email, language: live.language };
    });
    await mailer.send(passwordChangedMail(user.email, this.deps.productName, user.language)).catch((error: unknown) => logger.warn({ err: error }, 'password change: the notice was not mailed'));
    return user;
  }

  /**
   * Settings' Change sign-in e-mail, after the route's step-up check: the new address must be
   * allowed here (SIGNUP_EMAIL_DOMAINS) and not another live account's; a 6-digit code is mailed
   * to it (10 minutes, 5 attempts, as at sign-up). Nothing changes until the code comes back.
   */
  async requestEmailChange(user: SessionUser, newEmail: string): Promise<void> {
    const { auth, clock } = this.deps;
    await this.checkEmailChange(user, newEmail);
    const pending = await auth.findPendingEmailChange(user.id);
    if (pending) this.assertCooldownOver(pending.code_issued_at);
    const code = newSignupCode();
    await auth.savePendingEmailChange({ user_id: user.id, new_email: newEmail, code_hash: hashEmailChangeCode(this.deps.secret, user.id, newEmail, code), code_issued_at: clock.now() });
    try {
      await this.deps.mailer.send(emailChangeCodeMail(newEmail, code, this.deps.productName, user.language ?? (await auth.findUserById(this.deps.db, user.id))?.language));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'e-mail change code mail failed');
      throw new AppError(502, 'mail_failed', M.sendCodeFailed);
    }
  }

  /**
   * What can be said of a new sign-in e-mail from the address alone: allowed here, not the current
   * one. The route asks it before the step-up, so nobody types their password for a change that
   * would be refused anyway; it says nothing about other accounts.
   */
  checkEmailChangeShape(user: SessionUser, newEmail: string): void {
    this.assertEmailAllowed(newEmail);
    if (newEmail === user.email.toLowerCase()) throw new BadRequestError(M.emailUnchanged, 'email_unchanged');
  }

  /** Before a code is sent: the address's rules, and not another live account's (after the step-up and the limits). */
  private async checkEmailChange(user: SessionUser, newEmail: string): Promise<void> {
    this.checkEmailChangeShape(user, newEmail);
    if (await this.deps.auth.findActiveUserByEmail(this.deps.db, newEmail)) throw new ConflictError(M.identityExists, 'identity_already_exists');
  }

  /**
   * The code from the new address: users.email becomes it (the old address is told); every reset
   * link, and every session of the member, ends in the same commit.
   */
  async confirmEmailChange(userId: string, code: string): Promise<SessionUser> {
    const { auth, clock, db } = this.deps;
    const attempt = await auth.claimEmailChangeAttempt(userId, CODE_MAX_ATTEMPTS);
    if (!attempt) {
      if (!(await auth.findPendingEmailChange(userId))) throw new BadRequestError(M.noPendingEmailChange, 'no_pending_email_change');
      throw new BadRequestError(M.codeLocked, 'code_locked');
    }
    if (clock.now().getTime() - attempt.code_issued_at.getTime() > CODE_TTL_MS) throw new BadRequestError(M.codeExpired, 'code_expired');
    if (!sameHash(hashEmailChangeCode(this.deps.secret, userId, attempt.new_email, code), attempt.code_hash)) {
      throw new BadRequestError(M.invalidCode, 'invalid_code');
    }
    // The rules again: the allowed domains may have changed, and the address been taken, since the code was sent.
    this.assertEmailAllowed(attempt.new_email);
    const changed = await transaction(db, async (trx) => {
        if (!(await auth.consumePendingEmailChange(trx, userId, attempt.code_hash))) throw new BadRequestError(M.noPendingEmailChange, 'no_pending_email_change');
        const live = await auth.findUserById(trx, userId);
        if (!live || live.deleted_at) throw new NotFoundError(M.accountDeletedInSession, 'account_deleted');
        if (await auth.findActiveUserByEmail(trx, attempt.new_email)) throw new ConflictError(M.identityExists, 'identity_already_exists');
        await auth.updateEmail(trx, userId, attempt.new_email);
        // As for a new password: links and sessions made for the old address end (the route signs
        // this browser in again on a new session id).
        await auth.revokeOutstandingProofs(trx, userId);
        await auth.deleteSessionsOfUser(trx, userId);
        return { id: userId, oldEmail: live.email, email: attempt.new_email, language: live.language };
      })
      .catch((error: unknown) => {
        // Two accounts confirming the same address at once: the unique index on live e-mails decides.
        if ((error as { code?: string }).code === '23505') throw new ConflictError(M.identityExists, 'identity_already_exists');
        throw error;
      });
    await this.deps.mailer
      .send(emailChangedMail(changed.oldEmail, changed.email, this.deps.productName, changed.language))
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'e-mail change: the notice to the old address was not mailed'));
    return { id: changed.id, email: changed.email };
  }

  async signOutEverywhere(userId: string): Promise<void> {
    await this.deps.auth.deleteSessionsOfUser(this.deps.db, userId);
  }

  /**
   * The account a session points at, as the session middleware needs it: with the `admin` fact
   * of the spec's double check (policies/admin.ts isAdmin), read afresh on every request.
   */
  async sessionAccount(userId: string): Promise<(Member & { deletedAt: Date | null; premium: boolean; language: Language }) | undefined> {
    const row = await this.deps.auth.sessionAccount(userId);
    // A suspended account's session is signed out (suspending also deletes its sessions; this
    // covers a request already on its way, and a session made by any other path).
    if (!row || row.suspended_at) return undefined;
    return this.toMember(row);
  }

  /** A member who has just proven who they are, as their session will see them from now on; never a suspended one. */
  async signedInAccount(user: SessionUser): Promise<Member & { deletedAt: Date | null; premium: boolean; language: Language }> {
    const row = await this.deps.auth.sessionAccount(user.id);
    if (!row) throw new Error(`signing in: account ${user.id} is gone`);
    await this.assertMaySignIn(this.deps.db, row);
    return this.toMember(row);
  }

  private toMember(row: { id: string; email: string; language: Language; deleted_at: Date | null; roles: string[]; is_vip: boolean | null; vip_expires_at: Date | null }): Member & { deletedAt: Date | null; premium: boolean; language: Language } {
    return {
      id: row.id,
      email: row.email,
      language: row.language,
      deletedAt: row.deleted_at,
      admin: isAdmin(row, this.deps.adminEmail),
      premium: vipActive(row.is_vip === true, row.vip_expires_at, this.deps.clock.now()),
    };
  }

  async sessionInfo(user: (Member & { language?: Language }) | undefined): Promise<SessionInfo> {
    if (!user) return { user: null, isAdmin: false, profileComplete: false };
    return { user: { id: user.id, email: user.email, language: user.language ?? 'en' }, isAdmin: user.admin, profileComplete: await this.deps.profiles.isComplete(user.id) };
  }

  /** Housekeeping: forgets sign-ups abandoned for a day and reset tokens a day past expiry. */
  async pruneStale(): Promise<void> {
    const dayAgo = new Date(this.deps.clock.now().getTime() - 86_400_000);
    await this.deps.auth.deleteStale(dayAgo, dayAgo);
  }

  /**
   * `cli users create`: an account made by the operator, before any mail works (the first admin).
   * It has no password: with password sign-in, a one-time link valid SET_PASSWORD_TTL_MS sets one
   * and signs in; with campus sign-in, the first campus sign-in with this verified address takes it.
   */
  async createByOperator(email: string, options: { admin: boolean; passwordSignIn: boolean }): Promise<{ user: SessionUser; admin: boolean; setPasswordLink: string | null; linkExpiresAt: string | null }> {
    const { auth, db, clock, profiles } = this.deps;
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new BadRequestError(`${email} is not an e-mail address`, 'invalid_email');
    this.assertCampusAddress(address);
    if (options.admin && address !== this.deps.adminEmail) {
      throw new BadRequestError(`Only ADMIN_EMAIL can be the administrator (it is ${this.deps.adminEmail ?? 'not set'}): set ADMIN_EMAIL=${address} first`, 'not_admin_email');
    }
    if (await auth.findActiveUserByEmail(this.deps.db, address)) throw new ConflictError(`An account with the e-mail ${address} already exists`, 'identity_already_exists');
    const now = clock.now();
    const user = await transaction(db, async (trx) => {
      const created = await auth.createUser(trx, address, null, now, this.deps.signupEmailDomains ? now : null);
      await profiles.createInitial(trx, created.id, address, initialName(address));
      if (options.admin) await auth.grantRole(trx, created.id, 'admin');
      return created;
    });
    if (!options.passwordSignIn) return { user, admin: options.admin, setPasswordLink: null, linkExpiresAt: null };
    const { token, tokenHash } = newResetToken();
    const expiresAt = new Date(now.getTime() + SET_PASSWORD_TTL_MS);
    await auth.createResetToken(user.id, tokenHash, expiresAt);
    return { user, admin: options.admin, setPasswordLink: `${this.deps.publicUrl}/auth?type=recovery&token=${token}`, linkExpiresAt: expiresAt.toISOString() };
  }

  /** The admin role for an existing, real account (never a sample member, who cannot sign in). */
  async grantAdmin(email: string): Promise<SessionUser> {
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new BadRequestError(`${email} is not an e-mail address`, 'invalid_email');
    const user = await this.deps.auth.findActiveUserByEmail(this.deps.db, address);
    if (!user) throw new NotFoundError(`No active account with the e-mail ${email}`, 'user_not_found');
    if (await this.deps.auth.isSampleMember(user.id)) throw new BadRequestError(`${email} is a sample member; sample members cannot sign in or be administrator`, 'sample_member');
    await this.deps.auth.grantRole(this.deps.db, user.id, 'admin');
    return { id: user.id, email: user.email };
  }

  /** Takes the admin role away; false when the account did not have it. */
  async revokeAdmin(email: string): Promise<{ user: SessionUser; revoked: boolean }> {
    const user = await this.deps.auth.findActiveUserByEmail(this.deps.db, email.trim().toLowerCase());
    if (!user) throw new NotFoundError(`No active account with the e-mail ${email}`, 'user_not_found');
    return { user: { id: user.id, email: user.email }, revoked: await this.deps.auth.revokeRole(user.id, 'admin') };
  }

  /** Campus-only membership: an address outside SIGNUP_EMAIL_DOMAINS cannot join. */
  assertCampusAddress(email: string): void {
    const domains = this.deps.signupEmailDomains;
    if (!emailDomainAllowed(email, domains)) throw new BadRequestError(emailDomainRefusal(domains ?? []), 'email_domain_not_allowed');
  }

  /** A new password for an existing member: refused when weak, judged with their e-mail and name as a guesser's first words. */
  async assertStrongFor(userId: string, password: string): Promise<void> {
    const facts = await this.deps.auth.strengthFacts(this.deps.db, userId);
    await assertStrongPassword(password, userInputsFor({ email: facts?.email, name: facts?.name, productName: this.deps.productName }));
  }

  private assertEmailAllowed(email: string): void {
    this.assertCampusAddress(email);
  }

  /** A code was mailed less than the cooldown ago: the spec's words say how long to wait. */
  private assertCooldownOver(issuedAt: Date): void {
    const waitMs = issuedAt.getTime() + RESEND_COOLDOWN_MS - this.deps.clock.now().getTime();
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1000);
    throw new TooManyRequestsError(seconds, `Please wait ${seconds} seconds before requesting a new code.`, 'resend_cooldown');
  }

  /**
   * A sign-up's code was mailed less than the cooldown ago. By default the spec's refusal
   * (assertCooldownOver); with uniform errors, true, and the caller answers as if a code were on its
   * way and sends none: a taken address never has a waiting sign-up, so a 429 would tell it from a free one.
   */
  private signupInCooldown(issuedAt: Date): boolean {
    if (!this.deps.uniformErrors) {
      this.assertCooldownOver(issuedAt);
      return false;
    }
    return issuedAt.getTime() + RESEND_COOLDOWN_MS > this.deps.clock.now().getTime();
  }

  private async mailCode(email: string, code: string, language: Language): Promise<void> {
    try {
      await this.deps.mailer.send(signupCodeMail(email, code, this.deps.productName, language));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'verification code mail failed');
      throw new AppError(502, 'mail_failed', M.sendCodeFailed);
    }
  }
}

/** Spec part 1 §3: the name is the part of the e-mail before the @, or 'New User'. */
export function initialName(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local || 'New User';
}
