import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';

import type { BlockedResponse, ModerationQueue, ReportEvidence } from '../../../../contract/moderation.js';
import type { Clock } from '../../clock.js';
import { transaction } from '../../db/transaction.js';
import type { DB } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Language } from '../../i18n/languages.js';
import type { Mailer } from '../../mail/mailer.js';
import { type AccountStatusChange, accountStatusMail, type ModerationGrounds } from '../../mail/templates.js';
import { type ActorFor, authorize } from '../../policies/index.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditLogService } from '../audit-log/audit-log.service.js';
import type { ModerationRepository, ProfileOwner } from './moderation.repository.js';
import { type ModerationAction, MODERATION_MESSAGES as M, type ModerationReason, REASONED_ACTIONS, type ReportInput } from './moderation.schema.js';

/** An open report older than this has waited too long (the help page promises 24 hours). */
export const REVIEW_WITHIN_MS = 24 * 3_600_000;

const STATUS_OF = { dismiss: 'dismissed', warn: 'warned', hide: 'hidden', unhide: 'dismissed', suspend: 'suspended', unsuspend: 'dismissed', delete: 'deleted' } as const;

/** The actions the member is told about by e-mail (the warning goes to their mailbox instead). */
const MAILED: Partial<Record<ModerationAction, AccountStatusChange>> = { hide: 'hidden', unhide: 'unhidden', suspend: 'suspended', unsuspend: 'unsuspended' };

/**
 * The trust-and-safety loop: members block (hidden from each other everywhere, see blocked.ts)
 * and report (the evidence kept as it was); the administrator works the queue, oldest first,
 * and every action is in the audit log.
 */
export class ModerationService {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      moderation: ModerationRepository;
      account: AccountService;
      auditLog: AuditLogService;
      clock: Clock;
      /** Ends every session of the member (auth.repository), in the suspension's transaction. */
      endSessions: (trx: Transaction<DB>, userId: string) => Promise<unknown>;
      mailer: Mailer;
      logger: Logger;
      productName: string;
      mailDomain: string;
      supportEmail: string;
      publicUrl: string;
    },
  ) {}

  /** A live member's profile, as the block and report rules read it (the routes' resource: policies/routes.ts). */
  async ownerOf(profileId: string): Promise<ProfileOwner | undefined> {
    const owner = await this.deps.moderation.ownerOfProfile(profileId);
    return owner && !owner.deleted ? owner : undefined;
  }

  /** Blocks a member the route has authorized (`profile.block`: another live member). */
  async block(actorId: string, owner: ProfileOwner): Promise<{ blocked: true }> {
    await this.deps.moderation.block(actorId, owner.userId);
    return { blocked: true };
  }

  async unblock(actorId: string, profileId: string): Promise<{ unblocked: boolean }> {
    const owner = await this.deps.moderation.ownerOfProfile(profileId);
    if (!owner) throw new NotFoundError(M.notFound, 'profile_not_found');
    return { unblocked: await this.deps.moderation.unblock(actorId, owner.userId) };
  }

  async blocked(actorId: string): Promise<BlockedResponse> {
    const rows = await this.deps.moderation.blocked(actorId);
    return { blocked: rows.map((row) => ({ profileId: row.profile_id, name: row.name?.trim() || null, avatarUrl: row.avatar_url, blockedAt: row.created_at.toISOString() })) };
  }

  /** Files a report with its evidence as it is now: the message, the moment (posted or first), or the profile. */
  async report(actorId: string, owner: ProfileOwner, input: ReportInput): Promise<{ reported: true }> {
    const { moderation } = this.deps;
    let evidence: ReportEvidence;
    if (input.messageId) {
      const message = await moderation.messageBetween(input.messageId, owner.userId, actorId);
      if (!message) throw new NotFoundError(M.evidenceNotFound, 'evidence_not_found');
      evidence = { type: 'message', subject: message.subject, content: message.content, sentAt: message.created_at.toISOString() };
    } else if (input.momentId) {
      const moment = await moderation.momentOf(input.momentId, owner.userId);
      if (!moment) throw new NotFoundError(M.evidenceNotFound, 'evidence_not_found');
      evidence = { type: 'moment', momentType: moment.moment_type, text: moment.text_content, caption: moment.caption, imageUrl: moment.image_url, videoUrl: moment.video_url, postedAt: moment.created_at.toISOString() };
    } else if (input.firstMoment) {
      const card = await moderation.firstMomentOf(owner.userId);
      if (!card?.card_type) throw new NotFoundError(M.evidenceNotFound, 'evidence_not_found');
      evidence = { type: 'moment', firstMoment: true, momentType: card.card_type, text: card.card_text, caption: null, imageUrl: card.card_image_url, videoUrl: card.card_video_url };
    } else {
      const profile = await moderation.profileSnapshot(owner.userId);
      evidence = { type: 'profile', ...profile };
    }
    await moderation.insertReport({ reporterId: actorId, reportedUserId: owner.userId, reason: input.reason, note: input.note || null, evidence });
    return { reported: true };
  }

  async queue(): Promise<ModerationQueue> {
    const now = this.deps.clock.now().getTime();
    const rows = await this.deps.moderation.queue(200);
    return {
      reviewWithinHours: REVIEW_WITHIN_MS / 3_600_000,
      queue: rows.map((row) => ({
        userId: row.reported_user_id,
        profileId: row.profile_id,
        name: row.name,
        email: row.email,
        avatarUrl: row.avatar_url,
        userCode: row.user_code,
        hidden: row.hidden_at !== null,
        suspended: row.suspended_at !== null,
        oldestReportAt: new Date(row.oldest).toISOString(),
        overdue: now - new Date(row.oldest).getTime() > REVIEW_WITHIN_MS,
        distinctReporters: row.reporters,
        reports: row.reports,
      })),
    };
  }

  /**
   * The administrator's decision on a member, reported or found in the Users tab: it closes
   * their open reports, is audited in the same transaction, and the member is told by e-mail
   * once it has committed (hide, unhide, suspend, lift the suspension). Suspending signs the
   * member out everywhere in the same commit; the session middleware and every sign-in refuse a
   * suspended account from then on (AuthService.assertMaySignIn).
   */
  async act(
    admin: ActorFor<'report.act'> & { email: string },
    reportedUserId: string,
    action: ModerationAction,
    words: { message?: string | undefined; reason?: ModerationReason | undefined; note?: string | undefined } = {},
  ): Promise<{ action: ModerationAction; resolved: number }> {
    const { db, moderation, account, auditLog, clock, productName, mailDomain, endSessions } = this.deps;
    const { message, reason, note } = words;
    const user = await moderation.userEmail(reportedUserId);
    if (!user) throw new NotFoundError(M.reportNotFound, 'report_not_found');
    if (action === 'suspend' || action === 'unsuspend') authorize(admin, 'user.suspend', { userId: reportedUserId }, { message: M.selfSuspend, code: 'self' });
    else authorize(admin, 'report.act', { userId: reportedUserId }, { message: M.selfAct, code: 'self' });
    // The contract asks it too; here because a reasonless hide, suspension or deletion must never be recorded.
    if (REASONED_ACTIONS.has(action) && !reason) throw new BadRequestError(M.reasonRequired, 'reason_required');
    const now = clock.now();
    const audit = { actor: { id: admin.id, email: admin.email }, action: `report.${action}`, targetType: 'user', targetId: reportedUserId };
    const record = (trx: Transaction<DB>) =>
      moderation.recordAction(trx, { user_id: reportedUserId, actor_id: admin.id, action, reason: reason ?? null, note: note ?? null, created_at: now });
    const grounds = reason ? { reason, note } : undefined;
    if (action === 'delete') {
      let resolved = 0;
      if (user.deleted) throw new NotFoundError(M.reportNotFound, 'report_not_found');
      await account.deleteByUserId(reportedUserId, async (trx) => {
        resolved = await moderation.resolveOpen(trx, reportedUserId, 'deleted', admin.id, now);
        await record(trx);
        await auditLog.recordIn(trx, { ...audit, details: { resolved, reason, ...(note ? { note } : {}) } });
      }, { receipt: false });
      await this.tell(user.email, 'deleted', user.language, grounds);
      return { action, resolved };
    }
    return transaction(db, async (trx, afterCommit) => {
      if (action === 'hide') await moderation.setHidden(trx, reportedUserId, now);
      if (action === 'unhide') await moderation.setHidden(trx, reportedUserId, null);
      if (action === 'suspend') {
        await moderation.setSuspended(trx, reportedUserId, now);
        await endSessions(trx, reportedUserId);
      }
      if (action === 'unsuspend') await moderation.setSuspended(trx, reportedUserId, null);
      if (action === 'warn') {
        await moderation.insertProductMessage(trx, reportedUserId, { from: `team@${mailDomain}`, subject: M.warningSubject(productName), content: message ?? M.warningDefault(productName) });
      }
      const resolved = await moderation.resolveOpen(trx, reportedUserId, STATUS_OF[action], admin.id, now);
      await record(trx);
      await auditLog.recordIn(trx, {
        ...audit,
        details: { resolved, ...(reason ? { reason } : {}), ...(note ? { note } : {}), ...(action === 'warn' && message ? { message } : {}) },
      });
      const change = MAILED[action];
      if (change && !user.deleted) afterCommit(() => this.tell(user.email, change, user.language, grounds));
      return { action, resolved };
    });
  }

  /** Best effort: the action stands whether or not the mail server takes the message. */
  private async tell(email: string, change: AccountStatusChange, language: Language, grounds?: ModerationGrounds): Promise<void> {
    const { mailer, logger, productName, supportEmail, publicUrl } = this.deps;
    try {
      await mailer.send(accountStatusMail(email, change, { product: productName, supportEmail, signInLink: new URL('/auth', publicUrl).toString() }, language, grounds));
    } catch (error) {
      logger.warn({ err: error, change }, 'moderation: the e-mail to the member was not sent');
    }
  }

  /** Open reports waiting longer than 24 hours (the dashboard flags them; the nightly cron logs them). */
  async overdueReport(): Promise<{ overdue: number; oldest: string | null }> {
    const { overdue, oldest } = await this.deps.moderation.overdue(new Date(this.deps.clock.now().getTime() - REVIEW_WITHIN_MS));
    return { overdue, oldest: oldest ? new Date(oldest).toISOString() : null };
  }
}
