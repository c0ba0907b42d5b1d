import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';

import type { ReportEvidence } from '../../../../contract/moderation.js';
import type { DB, ModerationActionsTable, ReportReason, ReportStatus } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';

export interface ProfileOwner {
  userId: string;
  profileId: string;
  name: string | null;
  deleted: boolean;
}

export interface QueueRow {
  reported_user_id: string;
  profile_id: string | null;
  name: string | null;
  avatar_url: string | null;
  user_code: string | null;
  email: string;
  hidden_at: Date | null;
  suspended_at: Date | null;
  oldest: Date;
  reporters: number;
  reports: { id: string; reason: ReportReason; note: string | null; evidence: ReportEvidence; createdAt: string }[];
}

export class ModerationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ownerOfProfile(profileId: string): Promise<ProfileOwner | undefined> {
    const row = await this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'p.name', 'u.deleted_at'])
      .where('p.id', '=', profileId)
      .executeTakeFirst();
    return row && { userId: row.user_id, profileId: row.id, name: row.name, deleted: row.deleted_at !== null };
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.db.insertInto('blocks').values({ blocker_id: blockerId, blocked_id: blockedId }).onConflict((oc) => oc.doNothing()).execute();
  }

  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The members `blockerId` blocked, newest first (General's list to undo them). */
  blocked(blockerId: string) {
    return this.db
      .selectFrom('blocks as b')
      .innerJoin('profiles as p', 'p.user_id', 'b.blocked_id')
      .select(['p.id as profile_id', 'p.name', 'p.avatar_url', 'b.created_at'])
      .where('b.blocker_id', '=', blockerId)
      .orderBy('b.created_at', 'desc')
      .execute();
  }

  /** A message `recipientId` received from `senderId`, as it is now (the evidence of a report). */
  messageBetween(messageId: string, senderId: string, recipientId: string) {
    return this.db
      .selectFrom('messages')
      .select(['id', 'subject', 'content', 'created_at'])
      .where('id', '=', messageId)
      .where('sender_id', '=', senderId)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
  }

  /** A live moment of the member (the evidence of a report). */
  momentOf(momentId: string, userId: string) {
    return this.db
      .selectFrom('user_moments')
      .select(['id', 'moment_type', 'text_content', 'caption', 'image_url', 'video_url', 'created_at'])
      .where('id', '=', momentId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The member's first moment: their profile's card (the evidence of a report from the feed). */
  firstMomentOf(userId: string) {
    return this.db.selectFrom('profiles').select(['card_type', 'card_text', 'card_image_url', 'card_video_url']).where('user_id', '=', userId).executeTakeFirst();
  }

  profileSnapshot(userId: string) {
    return this.db.selectFrom('profiles').select(['name', 'bio', 'profession', 'location', 'interests', 'avatar_url']).where('user_id', '=', userId).executeTakeFirst();
  }

  async insertReport(report: { reporterId: string; reportedUserId: string; reason: ReportReason; note: string | null; evidence: ReportEvidence }): Promise<string> {
    const row = await this.db
      .insertInto('reports')
      .values({ reporter_id: report.reporterId, reported_user_id: report.reportedUserId, reason: report.reason, note: report.note, evidence: JSON.stringify(report.evidence) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Members with open reports, the longest waiting first, with every open report and how many distinct members made them. */
  async queue(limit: number): Promise<QueueRow[]> {
    const { rows } = await sql<QueueRow>`
      SELECT r.reported_user_id, p.id AS profile_id, p.name, p.avatar_url, p.user_code, u.email, p.hidden_at, u.suspended_at,
        min(r.created_at) AS oldest, count(DISTINCT r.reporter_id)::int AS reporters,
        json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note, 'evidence', r.evidence, 'createdAt', r.created_at) ORDER BY r.created_at) AS reports
      FROM reports AS r
      JOIN users AS u ON u.id = r.reported_user_id
      LEFT JOIN profiles AS p ON p.user_id = r.reported_user_id
      WHERE r.status = 'open'
      GROUP BY r.reported_user_id, p.id, u.email, u.suspended_at
      ORDER BY oldest
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async userEmail(userId: string): Promise<{ email: string; deleted: boolean; language: Language } | undefined> {
    const row = await this.db.selectFrom('users').select(['email', 'deleted_at', 'language']).where('id', '=', userId).executeTakeFirst();
    return row && { email: row.email, deleted: row.deleted_at !== null, language: row.language };
  }

  /** Closes every open report on the member with the action taken; returns how many. */
  async resolveOpen(trx: Transaction<DB>, reportedUserId: string, status: Exclude<ReportStatus, 'open'>, by: string, now: Date): Promise<number> {
    const result = await trx
      .updateTable('reports')
      .set({ status, resolved_by: by, resolved_at: now })
      .where('reported_user_id', '=', reportedUserId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async setHidden(trx: Transaction<DB>, userId: string, at: Date | null): Promise<void> {
    await trx.updateTable('profiles').set({ hidden_at: at }).where('user_id', '=', userId).execute();
  }

  /** One moderation action, with its reason and note (due process): what the refusal, the appeal and the counts read. */
  async recordAction(trx: Transaction<DB>, action: Insertable<ModerationActionsTable>): Promise<void> {
    await trx.insertInto('moderation_actions').values(action).execute();
  }

  async setSuspended(trx: Transaction<DB>, userId: string, at: Date | null): Promise<void> {
    await trx.updateTable('users').set({ suspended_at: at }).where('id', '=', userId).execute();
  }

  async insertProductMessage(trx: Transaction<DB>, userId: string, message: { from: string; subject: string; content: string }): Promise<void> {
    const profile = await trx.selectFrom('profiles').select('mailbox_address').where('user_id', '=', userId).executeTakeFirst();
    if (!profile?.mailbox_address) return;
    await trx
      .insertInto('messages')
      .values({ sender_id: null, sender_email: message.from, recipient_id: userId, recipient_email: profile.mailbox_address, subject: message.subject, content: message.content })
      .execute();
  }

  /** Open reports older than `before`: the oldest's time and how many. */
  async overdue(before: Date): Promise<{ overdue: number; oldest: Date | null }> {
    const row = await this.db
      .selectFrom('reports')
      .select([sql<number>`count(*)::int`.as('overdue'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'open')
      .where('created_at', '<', before)
      .executeTakeFirstOrThrow();
    return row;
  }
}
