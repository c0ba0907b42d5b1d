import { type Selectable, sql } from 'kysely';

import type { UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { notBlocked } from '../moderation/blocked.js';

/** A row as stored, every column, for the member to read. */
export type ExportRow = Record<string, unknown>;

interface WholeRowSource {
  table: string;
  /** The column that makes a row the member's. */
  owner: string;
  order: string[];
  /** Columns that are not the member's to read, left out of their rows. */
  omit?: string[];
}

/**
 * Tables whose rows are the member's through one column and are exported whole, every column
 * (a column added later is exported without a change here). Adding a table is one line; the
 * service puts each under its key.
 */
export const WHOLE_ROW_SECTIONS = {
  chatSessions: { table: 'chat_sessions', owner: 'user_id', order: ['created_at', 'id'] },
  moments: { table: 'user_moments', owner: 'user_id', order: ['created_at', 'id'] },
  searches: { table: 'user_searches', owner: 'user_id', order: ['created_at', 'id'] },
  // Analyses the member asked for; analyses of the member's profile asked for by others are theirs.
  analyses: { table: 'search_analyses', owner: 'viewer_id', order: ['created_at', 'profile_id', 'query_hash'] },
  checkIns: { table: 'search_check_ins', owner: 'user_id', order: ['date'] },
  // `withheld` is the recipient's block: the sender is never told of it, here or anywhere.
  sentMessages: { table: 'messages', owner: 'sender_id', order: ['created_at', 'id'], omit: ['withheld'] },
  payments: { table: 'payments', owner: 'user_id', order: ['created_at', 'id'] },
  // Comments the member wrote while signed in (a visitor's comments have no owner).
  touchpointComments: { table: 'location_comments', owner: 'user_id', order: ['created_at', 'id'] },
  // The touchpoints the member is listed at now (taps within the window, while shown at places).
  touchpointVisits: { table: 'location_visits', owner: 'user_id', order: ['day', 'location_id'] },
  // Moderation decisions about the member, with their reason and note (due process); who decided stays the service's.
  moderationActions: { table: 'moderation_actions', owner: 'user_id', order: ['created_at', 'id'], omit: ['actor_id'] },
} satisfies Record<string, WholeRowSource>;

/**
 * Every table holding member data that the export covers, and where in the document (a dot path;
 * arrays are walked through). The completeness test reads the schema for every table that refers
 * to a member and fails for one that is neither here nor in NOT_EXPORTED.
 */
export const EXPORT_COVERAGE: Record<string, string> = {
  users: 'account',
  user_roles: 'account.roles',
  user_identities: 'account.campus_identities',
  profiles: 'profile',
  // Which models the profile is embedded with; the vectors themselves say nothing to a person.
  profile_embeddings: 'profileEmbeddings',
  chat_sessions: 'chatSessions',
  chat_messages: 'chatSessions.messages',
  user_moments: 'moments.posted',
  // The member's own likes; other members' likes of the member are theirs.
  liked_profiles: 'likes',
  user_searches: 'searches',
  search_analyses: 'analyses',
  messages: 'messages',
  search_check_ins: 'checkIns',
  payments: 'subscription.payments',
  location_comments: 'touchpoints.comments',
  location_visits: 'touchpoints.visits',
  // Proposals of the member (either side): their own answer; the other member's is theirs.
  weekly_introductions: 'weeklyIntroductions',
  moderation_actions: 'moderationActions',
};

/** Tables about members that the export leaves out on purpose, each with the reason. */
export const NOT_EXPORTED: Record<string, string> = {
  sessions: 'server side of sign-in cookies: a credential, not information about the member',
  password_reset_tokens: 'hashes of password-reset secrets',
  pending_signups: 'a sign-up not yet confirmed (password and code hashes); it precedes the account',
  pending_email_changes: 'a sign-in e-mail change waiting for its code (a code hash); the confirmed address is exported with the account',
  rate_limit_hits: 'abuse counters keyed by address or account; operational, and shared per address',
  profile_search_documents: 'the full-text index of profile text that is exported under profile',
  deleted_profiles: 'what is kept of a deleted account until its purge; an account that can sign in has none',
  job_runs: 'batch jobs the administrator started (started_by): operations on the service, not information about a member',
  job_run_items: 'the items of those batch jobs',
  admin_audit_log: "the administrator's record of changes made from the admin area (actor_id is the administrator): operations on the service, not information about a member",
  blocks: "whom the member blocked (and who blocked them, which must stay unknown to them); the member's own list is in General, where it can be undone",
  reports: 'moderation records: reports about the member would expose who reported them, and reports the member filed are kept by the administrator as evidence',
  nfc_locations: 'touchpoints the administrator set up (created_by): places, not information about a member',
};

export type AccountRow = Pick<Selectable<UsersTable>, 'id' | 'email' | 'email_confirmed_at' | 'campus_verified_at' | 'created_at' | 'updated_at'>;

export interface EmbeddingModelRow {
  model: string;
  dimensions: number;
  created_at: Date;
  updated_at: Date;
}

/** Reads one member's data; every method runs inside the service's read-only transaction. */
export class AccountExportRepository {
  /** Never password_hash; deleted_at is always null for a member who can sign in. */
  account(db: Executor, userId: string): Promise<AccountRow | undefined> {
    return db.selectFrom('users').select(['id', 'email', 'email_confirmed_at', 'campus_verified_at', 'created_at', 'updated_at']).where('id', '=', userId).executeTakeFirst();
  }

  /** The campus accounts (OpenID Connect identities) linked to this one. */
  campusIdentities(db: Executor, userId: string): Promise<ExportRow[]> {
    return db.selectFrom('user_identities').select(['issuer', 'subject', 'email', 'created_at', 'last_sign_in_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async roles(db: Executor, userId: string): Promise<string[]> {
    const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
    return rows.map((r) => r.role);
  }

  /** Every column of the member's profile (profile_search_documents keeps its index apart). */
  profile(db: Executor, userId: string): Promise<ExportRow | undefined> {
    return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  embeddingModels(db: Executor, profileId: string): Promise<EmbeddingModelRow[]> {
    return db
      .selectFrom('profile_embeddings')
      .select(['model', 'dimensions', 'created_at', 'updated_at'])
      .where('profile_id', '=', profileId)
      .orderBy('model')
      .execute();
  }

  /**
   * Every WHOLE_ROW_SECTIONS section's rows, by section key, one statement after the other (the
   * transaction has one connection). Table and column names come from that constant, never from
   * a request.
   */
  async wholeRowSections(db: Executor, userId: string): Promise<Record<string, ExportRow[]>> {
    const sections: Record<string, ExportRow[]> = {};
    for (const [key, source] of Object.entries(WHOLE_ROW_SECTIONS) as Array<[string, WholeRowSource]>) {
      const order = sql.join(source.order.map((column) => sql.ref(column)));
      const { rows } = await sql<ExportRow>`
        SELECT * FROM ${sql.table(source.table)} WHERE ${sql.ref(source.owner)} = ${userId} ORDER BY ${order}`.execute(db);
      const omitted = source.omit ?? [];
      sections[key] = omitted.length === 0 ? rows : rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !omitted.includes(column))));
    }
    return sections;
  }

  /** The transcripts of all the member's chat sessions, in order. */
  chatMessages(db: Executor, userId: string): Promise<ExportRow[]> {
    return db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_sessions as s', 's.id', 'm.session_id')
      .selectAll('m')
      .where('s.user_id', '=', userId)
      .orderBy('m.session_id')
      .orderBy('m.id')
      .execute();
  }

  /**
   * The member's likes with the liked member's name, unless that account has been deleted or a
   * block stands between them (either way): the like is the member's, the name is the other's,
   * and a blocked member reads no more of the blocker here than anywhere (a block looks like a
   * deleted account, never named as a block).
   */
  likes(db: Executor, userId: string): Promise<ExportRow[]> {
    return db
      .selectFrom('liked_profiles as l')
      .leftJoin('profiles as p', 'p.id', 'l.liked_profile_id')
      .leftJoin('users as u', 'u.id', 'l.liked_user_id')
      .selectAll('l')
      .select(sql<string | null>`CASE WHEN u.deleted_at IS NULL AND ${notBlocked(userId, sql.ref('l.liked_user_id'))} THEN p.name END`.as('liked_name'))
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .orderBy('l.liked_profile_id')
      .execute();
  }

  /**
   * The weekly introductions the member was proposed in, from their side: the other member, the
   * member's own answer and whether both said hello. The other member's answer stays theirs (a
   * pass is never told).
   */
  weeklyIntroductions(db: Executor, userId: string): Promise<ExportRow[]> {
    return db
      .selectFrom('weekly_introductions')
      .select([
        'id',
        'week',
        sql<string>`CASE WHEN user_a = ${userId}::uuid THEN user_b ELSE user_a END`.as('other_user_id'),
        sql<string | null>`CASE WHEN user_a = ${userId}::uuid THEN a_answer ELSE b_answer END`.as('your_answer'),
        'mutual_fit',
        'mutual_at',
        'created_at',
      ])
      .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
      .orderBy('week')
      .orderBy('id')
      .execute();
  }

  /**
   * Messages addressed to the member: by account, or by mailbox address (an introduction is
   * delivered to the address; lower() matches the index the inbox uses).
   */
  receivedMessages(db: Executor, userId: string, mailboxAddress: string | null): Promise<ExportRow[]> {
    return db
      .selectFrom('messages')
      .selectAll()
      // Mail withheld by the member's block never reached them, and is not theirs to read now.
      .where('withheld', '=', false)
      .where((eb) =>
        eb.or([
          eb('recipient_id', '=', userId),
          ...(mailboxAddress ? [eb(sql`lower(recipient_email)`, '=', sql`lower(${mailboxAddress})`)] : []),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
