import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { AuthRepository } from '../../auth/auth.repository.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountDeletedMail } from '../../mail/templates.js';
import { type FileStorage, storedKeysOf } from '../../storage/storage.js';
import type { AccountRepository, DeletedProfileRow } from './account.repository.js';
import { ACCOUNT_MESSAGES, PURGE_AFTER_DAYS } from './account.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts purged per database round; the purge loops until none is left. */
const PURGE_BATCH = 100;

export interface DeletionReceipt {
  message: string;
  deletedAt: string;
  purgeAfter: string;
}

export interface DeletedProfile {
  id: string;
  userId: string;
  deletedEmail: string;
  name: string | null;
  deletedAt: string;
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
}

/**
 * Leaving (spec part 3, Delete Account): the account is soft-deleted at once — hidden everywhere,
 * every session ended, a deleted_profiles record kept — and purged with all its rows and files
 * 90 days later by `cli accounts purge`.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async delete(userId: string): Promise<DeletionReceipt> {
    const { db, accounts, auth, clock } = this.deps;
    const at = clock.now();
    const account = await db.transaction().execute(async (trx) => {
      const live = await accounts.liveAccount(trx, userId);
      if (!live) throw new NotFoundError(ACCOUNT_MESSAGES.notFound, 'account_not_found');
      await accounts.softDelete(trx, live, at);
      // Sign-out everywhere in the same commit: no device keeps a session of a deleted account.
      await auth.deleteSessionsOfUser(trx, userId);
      return live;
    });
    const purgeAfter = new Date(at.getTime() + PURGE_AFTER_DAYS * DAY_MS);
    await this.sendReceipt(account.email, purgeAfter);
    return { message: ACCOUNT_MESSAGES.scheduled, deletedAt: at.toISOString(), purgeAfter: purgeAfter.toISOString() };
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
    const { accounts, db, storage, logger } = this.deps;
    const cutoff = new Date(this.deps.clock.now().getTime() - PURGE_AFTER_DAYS * DAY_MS);
    const report: PurgeReport = { dryRun: options.dryRun === true, cutoff: cutoff.toISOString(), accounts: [], files: 0 };
    let after: { deletedAt: Date; id: string } | undefined;
    for (;;) {
      const batch = await accounts.purgeable(cutoff, PURGE_BATCH, after);
      if (batch.length === 0) break;
      for (const account of batch) {
        const keys = storedKeysOf(await accounts.fileUrls(account.id));
        if (!options.dryRun) {
          // Files before rows: a crash in between leaves rows that the next run finds again.
          for (const key of keys) await storage.remove(key);
          await db.transaction().execute((trx) => accounts.purge(trx, account.id));
        }
        report.accounts.push({ userId: account.id, deletedAt: account.deleted_at.toISOString(), files: keys.length });
        report.files += keys.length;
      }
      const last = batch.at(-1)!;
      after = { deletedAt: last.deleted_at, id: last.id };
    }
    if (!options.dryRun && report.accounts.length > 0) logger.info({ accounts: report.accounts.length, files: report.files }, 'deleted accounts purged');
    return report;
  }

  /** Best effort: the deletion has happened whether or not the receipt can be mailed. */
  private async sendReceipt(email: string, purgeAfter: Date): Promise<void> {
    try {
      await this.deps.mailer.send(accountDeletedMail(email, purgeAfter.toISOString().slice(0, 10), this.deps.productName));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'account deletion: the receipt e-mail was not sent');
    }
  }
}

function toDeletedProfile(row: DeletedProfileRow): DeletedProfile {
  return { id: row.id, userId: row.user_id, deletedEmail: row.deleted_email, name: row.name, deletedAt: row.deleted_at.toISOString() };
}
