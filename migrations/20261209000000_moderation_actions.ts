import { type Kysely, sql } from 'kysely';

// Due process (issue 34): every moderation action on a member, with its reason from the fixed list
// and the administrator's optional note. The member is told the reason (mail, sign-in refusal),
// an appeal will name the action it is about, and the transparency page counts the rows by month,
// action and reason. The member and the administrator are nulled when an account is purged: the
// row stays, with no personal data, for the counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE moderation_actions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
    action text NOT NULL CONSTRAINT moderation_actions_action_known
      CHECK (action IN ('dismiss', 'warn', 'hide', 'unhide', 'suspend', 'unsuspend', 'delete')),
    reason text CONSTRAINT moderation_actions_reason_known
      CHECK (reason IN ('harassment', 'spam', 'fake_profile', 'inappropriate_content', 'underage', 'other')),
    note text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX moderation_actions_user_recent ON moderation_actions (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX moderation_actions_created ON moderation_actions (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE moderation_actions`.execute(db);
}
