import { type Kysely, sql } from 'kysely';

import { readsOn, type Reads } from '../../db/read-routing.js';
import type { DB, PaymentStatus, PaymentType } from '../../db/schema.js';

export interface OverviewCountsRow {
  users: number;
  profiles: number;
  chat_sessions: number;
  payments: number;
  user_searches: number;
  vip_profiles: number;
}

export interface RevenueRow {
  payment_type: PaymentType;
  total_cents: number;
}

export interface AdminUserRow {
  id: string;
  email: string;
  created_at: Date;
  profile_id: string | null;
  name: string | null;
  user_code: string | null;
  is_vip: boolean | null;
  vip_expires_at: Date | null;
  registration_order: number | null;
  /** Moderation (features/moderation): the profile hidden, the account suspended. */
  hidden_at: Date | null;
  suspended_at: Date | null;
}

export interface AdminPaymentRow {
  id: string;
  email: string | null;
  payment_type: PaymentType;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  stripe_session_id: string | null;
  created_at: Date;
}

export interface UserFilter {
  /** Part of an e-mail address, compared without case. */
  emailContains?: string;
  /** A whole user code, as stored (upper case). */
  userCode?: string;
}

/**
 * The accounts the administrator counts and lists, as users `u`: live (not soft-deleted) and real.
 * Sample members (`seed --demo`, profiles.is_sample) are demo data, not members: they cannot sign
 * in and `seed --remove-demo` removes them, so they are neither counted nor listed.
 */
const liveRealAccount = sql<boolean>`u.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM profiles sp WHERE sp.user_id = u.id AND sp.is_sample)`;

const count = sql<number>`count(*)::int`;

/**
 * The reports (Overview's counts and revenue, the Payments tab) may come from a read replica
 * (`reads`). The Users list stays on the primary: the administrator acts on it.
 */
export class AdminRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly reads: Reads = readsOn(db),
  ) {}

  /**
   * The Overview tab's counts in one statement. Chat sessions and searches are those of live,
   * real accounts (the same accounts the average is taken over); payments are every payment, as
   * revenue does not go away with an account.
   */
  overviewCounts(now: Date): Promise<OverviewCountsRow> {
    const db = this.reads.reader();
    const liveUsers = () => db.selectFrom('users as u').where(liveRealAccount);
    return db
      .selectNoFrom([
        liveUsers().select(count.as('n')).as('users'),
        liveUsers().innerJoin('profiles as p', 'p.user_id', 'u.id').select(count.as('n')).as('profiles'),
        liveUsers().innerJoin('chat_sessions as c', 'c.user_id', 'u.id').select(count.as('n')).as('chat_sessions'),
        db.selectFrom('payments').select(count.as('n')).as('payments'),
        liveUsers().innerJoin('user_searches as s', 's.user_id', 'u.id').select(count.as('n')).as('user_searches'),
        // Spec part 3 §4: VIP is is_vip with no expiry or an expiry still ahead.
        liveUsers()
          .innerJoin('profiles as p', 'p.user_id', 'u.id')
          .where('p.is_vip', '=', true)
          .where((eb) => eb.or([eb('p.vip_expires_at', 'is', null), eb('p.vip_expires_at', '>', now)]))
          .select(count.as('n'))
          .as('vip_profiles'),
      ])
      // A scalar subquery may be NULL in general; count(*) never is.
      .executeTakeFirstOrThrow() as Promise<OverviewCountsRow>;
  }

  /** Completed payments in `currency`, summed by payment type. */
  async revenue(currency: string): Promise<RevenueRow[]> {
    const rows = await this.reads
      .reader()
      .selectFrom('payments')
      .select(['payment_type', sql<string>`sum(amount_cents)`.as('total_cents')])
      .where('status', '=', 'completed')
      .where('currency', '=', currency)
      .groupBy('payment_type')
      .execute();
    // sum() of integers is a bigint, which pg hands over as a string.
    return rows.map((row) => ({ payment_type: row.payment_type, total_cents: Number(row.total_cents) }));
  }

  /** Live, real accounts matching the filter (either part), by registration order then sign-up time. */
  async users(filter: UserFilter, page: { limit: number; offset: number }): Promise<{ rows: AdminUserRow[]; total: number }> {
    let query = this.db.selectFrom('users as u').leftJoin('profiles as p', 'p.user_id', 'u.id').where(liveRealAccount);
    const { emailContains, userCode } = filter;
    if (emailContains !== undefined || userCode !== undefined) {
      query = query.where((eb) => {
        const either = [];
        if (emailContains) either.push(eb(sql<string>`lower(u.email)`, 'like', `%${escapeLike(emailContains.toLowerCase())}%`));
        if (userCode) either.push(eb('p.user_code', '=', userCode));
        return eb.or(either);
      });
    }
    const [rows, total] = await Promise.all([
      query
        .select(['u.id', 'u.email', 'u.created_at', 'p.id as profile_id', 'p.name', 'p.user_code', 'p.is_vip', 'p.vip_expires_at', 'p.registration_order', 'p.hidden_at', 'u.suspended_at'])
        .orderBy('p.registration_order', (ob) => ob.asc().nullsLast())
        .orderBy('u.created_at')
        .orderBy('u.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select(count.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: total.n };
  }

  /** Payments newest first, with the payer's e-mail while the account exists (soft-deleted included). */
  payments(limit: number): Promise<AdminPaymentRow[]> {
    return this.reads
      .reader()
      .selectFrom('payments as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'u.email', 'p.payment_type', 'p.amount_cents', 'p.currency', 'p.status', 'p.stripe_session_id', 'p.created_at'])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
