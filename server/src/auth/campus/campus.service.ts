import type { Kysely } from 'kysely';

import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import { emailDomainAllowed, emailDomainRefusal } from '../../policies/email-domains.js';
import { initialName, type MemberProfileHooks, type SessionUser } from '../auth.service.js';
import { AUTH_MESSAGES } from '../messages.js';
import { verifyPassword } from '../passwords.js';
import { CAMPUS_MESSAGES, CampusSignInError } from './campus-messages.js';
import type { IdentitiesRepository } from './identities.repository.js';
import { transaction } from '../../db/transaction.js';

/** What the campus provider said about the person, from its validated ID token (and userinfo). */
export interface CampusClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  /** Only `email_verified: true` counts; a missing claim is not a verified address. */
  emailVerified: boolean;
  name: string | undefined;
}

/** A password account with the campus's verified address: linked once its password is proven. */
export interface PendingLink {
  issuer: string;
  subject: string;
  userId: string;
  email: string;
  /** ms; the proof must follow within LINK_TTL_MS. */
  at: number;
}

export type CampusOutcome = { kind: 'signed-in'; user: SessionUser; created: boolean } | { kind: 'link'; pending: PendingLink };

export const LINK_TTL_MS = 10 * 60_000;

/**
 * Who a campus sign-in is. The identity is the provider's issuer + subject; an address alone
 * never decides who someone is, except to offer linking a password account (after its password)
 * or to hand an operator-made account (`cli users create`, no password, no identity yet) to the
 * person the campus vouches for with that verified address.
 */
export class CampusService {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      identities: IdentitiesRepository;
      profiles: MemberProfileHooks;
      clock: Clock;
      signupEmailDomains: string[] | undefined;
    },
  ) {}

  async signIn(claims: CampusClaims): Promise<CampusOutcome> {
    const { db, identities, clock } = this.deps;
    const now = clock.now();
    const known = await identities.ownerOf(this.deps.db, claims.issuer, claims.subject);
    if (known && !known.deleted) {
      // The campus may have narrowed who belongs since the identity was linked.
      if (claims.email && !this.allowed(claims.email)) throw new CampusSignInError('email_domain_not_allowed', emailDomainRefusal(this.deps.signupEmailDomains ?? []));
      await transaction(db, async (trx) => {
        await identities.recordSignIn(trx, claims.issuer, claims.subject, claims.emailVerified ? claims.email : undefined, now);
        await identities.markCampusVerified(trx, known.userId, now);
      });
      return { kind: 'signed-in', user: { id: known.userId, email: known.email }, created: false };
    }

    if (!claims.email || !claims.emailVerified) throw new CampusSignInError('campus_email_unverified');
    const email = claims.email.trim().toLowerCase();
    if (!this.allowed(email)) throw new CampusSignInError('email_domain_not_allowed', emailDomainRefusal(this.deps.signupEmailDomains ?? []));

    const existing = await identities.activeAccountByEmail(this.deps.db, email);
    if (existing) {
      if (existing.identities.some((i) => i.issuer === claims.issuer)) throw new CampusSignInError('campus_identity_conflict');
      if (existing.hasPassword) return { kind: 'link', pending: { issuer: claims.issuer, subject: claims.subject, userId: existing.id, email: existing.email, at: now.getTime() } };
      // Made by the operator for this address, waiting for its person: the campus vouches for them.
      await transaction(db, async (trx) => {
        await identities.link(trx, { issuer: claims.issuer, subject: claims.subject, userId: existing.id, email }, now);
        await identities.markCampusVerified(trx, existing.id, now);
      });
      return { kind: 'signed-in', user: { id: existing.id, email: existing.email }, created: false };
    }

    const user = await transaction(db, async (trx) => {
      await identities.dropPendingSignup(trx, email);
      const created = await identities.createCampusUser(trx, email, now);
      await this.deps.profiles.createInitial(trx, created.id, email, claims.name?.trim().slice(0, 100) || initialName(email));
      await identities.link(trx, { issuer: claims.issuer, subject: claims.subject, userId: created.id, email }, now);
      return created;
    });
    return { kind: 'signed-in', user, created: true };
  }

  /** Links the pending campus identity once the account's password is proven. */
  async completeLink(pending: PendingLink | undefined, password: string): Promise<SessionUser> {
    const { db, identities, clock } = this.deps;
    const now = clock.now();
    if (!pending || now.getTime() - pending.at > LINK_TTL_MS) throw new BadRequestError(CAMPUS_MESSAGES.linkExpired, 'campus_link_expired');
    const account = await identities.activeAccountById(this.deps.db, pending.userId);
    if (!account || account.email.toLowerCase() !== pending.email.toLowerCase()) throw new BadRequestError(CAMPUS_MESSAGES.linkExpired, 'campus_link_expired');
    if (!(await verifyPassword(account.passwordHash, password))) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
    const owner = await identities.ownerOf(this.deps.db, pending.issuer, pending.subject);
    if (owner && !owner.deleted && owner.userId !== account.id) throw new ForbiddenError(CAMPUS_MESSAGES.linkExpired, 'campus_identity_conflict');
    await transaction(db, async (trx) => {
      await identities.link(trx, { issuer: pending.issuer, subject: pending.subject, userId: account.id, email: pending.email }, now);
      await identities.markCampusVerified(trx, account.id, now);
    });
    return { id: account.id, email: account.email };
  }

  /** Brings every member's "verified campus member" mark in line with SIGNUP_EMAIL_DOMAINS (at start and every housekeeping pass). */
  async reconcileVerification(): Promise<void> {
    await this.deps.identities.reconcileCampusVerified(this.deps.signupEmailDomains, this.deps.clock.now());
  }

  private allowed(email: string): boolean {
    return emailDomainAllowed(email, this.deps.signupEmailDomains);
  }
}
