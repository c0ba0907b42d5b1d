import { type Kysely, type Selectable, sql } from 'kysely';

import type { ChatMessagesTable, ChatSessionsTable, ChatSessionType, DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export type ChatSessionRow = Selectable<ChatSessionsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

export class ChatRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async createSession(db: Executor, userId: string, type: ChatSessionType, state: unknown): Promise<ChatSessionRow> {
    return db
      .insertInto('chat_sessions')
      .values({ user_id: userId, session_type: type, state: JSON.stringify(state) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Only the owner's session: another member's id reads as not found. */
  findOwned(userId: string, sessionId: string): Promise<ChatSessionRow | undefined> {
    return this.db.selectFrom('chat_sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  }

  latest(userId: string, type?: ChatSessionType): Promise<ChatSessionRow | undefined> {
    let query = this.db.selectFrom('chat_sessions').selectAll().where('user_id', '=', userId);
    if (type) query = query.where('session_type', '=', type);
    return query.orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
  }

  messages(sessionId: string): Promise<ChatMessageRow[]> {
    return this.db.selectFrom('chat_messages').selectAll().where('session_id', '=', sessionId).orderBy('id').execute();
  }

  async addMessages(db: Executor, sessionId: string, messages: Array<{ role: 'user' | 'assistant'; content: string }>): Promise<void> {
    await db
      .insertInto('chat_messages')
      .values(messages.map((m) => ({ session_id: sessionId, ...m })))
      .execute();
  }

  /**
   * Saves the state of turn `turn` only if the stored state is still at `turn - 1`: two messages
   * sent at once cannot both be applied to the same starting point. False when the other won.
   */
  async advance(db: Executor, sessionId: string, turn: number, state: unknown, completed: boolean): Promise<boolean> {
    const result = await db
      .updateTable('chat_sessions')
      .set({ state: JSON.stringify(state), ...(completed ? { completed_at: sql<Date>`now()` } : {}) })
      .where('id', '=', sessionId)
      .where(sql<number>`(state->>'turn')::int`, '=', turn - 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
