import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';

import type { DeletedProfile, DeletionReceipt } from '../../../../contract/account.js';
import type { AuthRepository } from '../../auth/auth.repository.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { NotFoundError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountDeletedMail } from '../../mail/templates.js';
import { type FileStorage, storedKeysOf } from '../../storage/storage.js';
import type { AccountRepository, DeletedProfileRow } from './account.repository.js';
import { ACCOUNT_MESSAGES, PURGE_AFTER_DAYS } from './account.schema.js';
import { transaction } from '../../db/transaction.js';
import { type AuditLogService, SYSTEM_ACTOR } from '../audit-log/audit-log.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts purged per database round; the purge loops until none is left. */
const PURGE_BATCH = 100;

export type { DeletedProfile, DeletionReceipt };

export interface MemberAccount {
  id: string;
  email: string;
  createdAt: string;
  name: string | null;
  userCode: string | null;
  isVip: boolean;
  vipExpiresAt: string | null;
  registrationOrder: number | null;
  isAdminRole: boolean;
  isSample: boolean;
}

export interface PurgeReport {
  dryRun: boolean;
  /** Deleted at or before this instant: 90 days before the purge ran. */
  cutoff: string;
  accounts: { userId: string; deletedAt: string; files: number }[];
  files: number;
}

export interface AccountServiceDeps {
  db: Kysely<DB>;
  accounts: AccountRepository;
  auth: AuthRepository;
  storage: FileStorage;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  productName: string;
  /** After a deletion is committed (best effort): stop what would go on without the member, such as a renewing plan. */
  afterDelete?: (userId: string) => Promise<void>;
  /** The purge writes its audit row here, in the purge's own transaction. */
  auditLog: AuditLogService;
}

/**
 * Leaving (spec part 3, Delete Account): the account is soft-deleted at once — hidden everywhere,
 * every session ended, a deleted_profiles record kept — and purged with all its rows and files
 * 90 days later by `cli accounts purge`.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Kept on the account: e-mails follow it, and so does the web app on any device after sign-in. */
  async setLanguage(userId: string, language: Language): Promise<{ language: Language }> {
    if (!(await this.deps.accounts.setLanguage(userId, language))) throw new NotFoundError(ACCOUNT_MESSAGES.notFound, 'not_found');
    return { language };
  }

  async delete(userId: string): Promise<DeletionReceipt> {
    return (await this.softDelete(userId)).receipt;
  }

  /**
   * The administrator deletes an account by its id (spec part 3 §7 delete-user-account): the same
   * path as a member's own deletion. `inTransaction` runs in the deletion's commit (the audit row).
   */
  async deleteByUserId(
    userId: string,
    inTransaction?: (trx: Transaction<DB>, account: { id: string; email: string }) => Promise<void>,
    /** receipt: false when the caller tells the member itself (a moderation deletion's mail names its reason; "at your request" would be untrue). */
    options: { receipt?: boolean } = {},
  ): Promise<DeletionReceipt & { userId: string; email: string }> {
    const { account, receipt } = await this.softDelete(userId, inTransaction, options.receipt ?? true);
    return { userId: account.id, email: account.email, ...receipt };
  }

  /** The operator's list of live accounts (spec part 3 §7 list-users): the CLI now, the Users tab later. */
  async list(options: { search?: string; limit?: number } = {}): Promise<MemberAccount[]> {
    const rows = await this.deps.accounts.list({ search: options.search?.trim() || undefined, limit: options.limit ?? 200 });
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      name: row.name,
      userCode: row.user_code,
      isVip: row.is_vip === true,
      vipExpiresAt: row.vip_expires_at ? row.vip_expires_at.toISOString() : null,
      registrationOrder: row.registration_order,
      isAdminRole: row.role === 'admin',
      isSample: row.is_sample === true,
    }));
  }

  /** An operator deletes an account by its e-mail: the same path a member's own deletion takes. */
  async deleteByEmail(email: string): Promise<DeletionReceipt & { userId: string }> {
    const account = await this.deps.accounts.liveAccountByEmail(email);
    if (!account) throw new NotFoundError(`No active account with the e-mail ${email.trim()}`, 'user_not_found');
    return { userId: account.id, ...(await this.delete(account.id)) };
  }

  /** The Delete-function test page's list (administrator only; the route checks). */
  async deletedProfiles(): Promise<{ deletedProfiles: DeletedProfile[] }> {
    const rows = await this.deps.accounts.deletedProfiles(200);
    return { deletedProfiles: rows.map(toDeletedProfile) };
  }

  /**
   * Removes every account deleted 90 or more days ago: its files first, then every row in one
   * transaction. A run stopped at any point is finished by the next (files already gone are no
   * error, rows already gone are not found again); a second run finds nothing to do.
   */
  async purge(options: { dryRun?: boolean } = {}): Promise<PurgeReport> {
    const cutoff = this.purgeCutoff();
    const report: PurgeReport = { dryRun: options.dryRun === true, cutoff: cutoff.toISOString(), accounts: [], files: 0 };
    for (const account of await this.purgeable()) {
      const { files } = await this.purgeOne(account.userId, options);
      report.accounts.push({ userId: account.userId, deletedAt: account.deletedAt, files });
      report.files += files;
    }
    if (!options.dryRun && report.accounts.length > 0) this.deps.logger.info({ accounts: report.accounts.length, files: report.files }, 'deleted accounts purged');
    return report;
  }

  /** Deleted at or before this instant: 90 days ago. */
  purgeCutoff(): Date {
    return new Date(this.deps.clock.now().getTime() - PURGE_AFTER_DAYS * DAY_MS);
  }

  /** Every account due for the purge, oldest deletion first. */
  async purgeable(): Promise<{ userId: string; deletedAt: string }[]> {
    const cutoff = this.purgeCutoff();
    const due: { userId: string; deletedAt: string }[] = [];
    let after: { deletedAt: Date; id: string } | undefined;
    for (;;) {
      const batch = await this.deps.accounts.purgeable(cutoff, PURGE_BATCH, after);
      if (batch.length === 0) return due;
      due.push(...batch.map((row) => ({ userId: row.id, deletedAt: row.deleted_at.toISOString() })));
      const last = batch.at(-1)!;
      after = { deletedAt: last.deleted_at, id: last.id };
    }
  }

  /**
   * Removes one deleted account: its files first, then every row in one transaction. Stopped at
   * any point, a second call finishes it (files already gone are no error); on an account already
   * purged it finds nothing. Returns how many files it removed (or would, on a dry run).
   */
  async purgeOne(userId: string, options: { dryRun?: boolean } = {}): Promise<{ files: number }> {
    const { accounts, db, storage } = this.deps;
    // Only an account deleted 90 days ago: never a live one, whoever asks.
    if (!(await accounts.isDueForPurge(userId, this.purgeCutoff()))) return { files: 0 };
    const keys = storedKeysOf(await accounts.fileUrls(userId));
    if (!options.dryRun) {
      for (const key of keys) await storage.remove(key);
      await transaction(db, async (trx) => {
        await accounts.purge(trx, userId);
        // An id and a count only: the account's e-mail and data are exactly what is gone.
        await this.deps.auditLog.recordIn(trx, { actor: SYSTEM_ACTOR, action: 'account.purge', targetType: 'user', targetId: userId, details: { files: keys.length } });
      });
    }
    return { files: keys.length };
  }

  private async softDelete(
    userId: string,
    inTransaction?: (trx: Transaction<DB>, account: { id: string; email: string }) => Promise<void>,
    mailReceipt = true,
  ): Promise<{ account: { id: string; email: string }; receipt: DeletionReceipt }> {
    const { db, accounts, auth, clock } = this.deps;
    const at = clock.now();
    const account = await transaction(db, async (trx) => {
      const live = await accounts.liveAccount(trx, userId);
      if (!live) throw new NotFoundError(ACCOUNT_MESSAGES.notFound, 'account_not_found');
      await accounts.softDelete(trx, live, at);
      // Sign-out everywhere in the same commit: no device keeps a session of a deleted account.
      await auth.deleteSessionsOfUser(trx, userId);
      await inTransaction?.(trx, live);
      return live;
    });
    const purgeAfter = new Date(at.getTime() + PURGE_AFTER_DAYS * DAY_MS);
    await this.deps.afterDelete?.(account.id).catch((error: unknown) => this.deps.logger.error({ err: error, userId: account.id }, 'account deletion: a follow-up step failed'));
    if (mailReceipt) await this.sendReceipt(account.email, purgeAfter, account.language);
    return { account, receipt: { message: ACCOUNT_MESSAGES.scheduled, deletedAt: at.toISOString(), purgeAfter: purgeAfter.toISOString() } };
  }

  /** Best effort: the deletion has happened whether or not the receipt can be mailed. */
  private async sendReceipt(email: string, purgeAfter: Date, language: Language): Promise<void> {
    try {
      await this.deps.mailer.send(accountDeletedMail(email, purgeAfter, this.deps.productName, language));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'account deletion: the receipt e-mail was not sent');
    }
  }
}

function toDeletedProfile(row: DeletedProfileRow): DeletedProfile {
  return { id: row.id, userId: row.user_id, deletedEmail: row.deleted_email, name: row.name, deletedAt: row.deleted_at.toISOString() };
}
