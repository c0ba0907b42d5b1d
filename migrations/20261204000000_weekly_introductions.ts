import { type Kysely, sql } from 'kysely';

// "Your three for this week" (features/weekly-introductions):
// - profiles.weekly_introductions: the member's opt-in (General settings), off by default.
// - weekly_introduction_rounds: one row per week the job has run; its primary key is what makes a
//   second (or concurrent) run of the same week propose nothing: the run inserts it first, in the
//   transaction that writes the pairs, and a run that finds it there stops.
// - weekly_introductions: one row per proposed pair, user_a < user_b. UNIQUE (user_a, user_b) over
//   every week: two members are proposed to each other at most once, ever (which also covers
//   "at most once a week"). Each side's answer (hello or pass) and the moment both said hello.
//   Both members' rows go with either account (ON DELETE CASCADE), so the purge needs nothing more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles ADD COLUMN weekly_introductions boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX profiles_weekly_introductions_idx ON profiles (user_id) WHERE weekly_introductions`.execute(db);

  await db.schema
    .createTable('weekly_introduction_rounds')
    .addColumn('week', 'date', (c) => c.primaryKey())
    .addColumn('members_in', 'integer', (c) => c.notNull())
    .addColumn('pairs_made', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set once the round's mails are sent: a run of the same week that finds it empty (the process
    // died between the round's commit and its mails) sends them then.
    .addColumn('mailed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('weekly_introductions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('week', 'date', (c) => c.notNull().references('weekly_introduction_rounds.week').onDelete('cascade'))
    .addColumn('user_a', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mutual_fit', 'real', (c) => c.notNull())
    .addColumn('a_answer', 'text', (c) => c.check(sql`a_answer IN ('hello', 'pass')`))
    .addColumn('b_answer', 'text', (c) => c.check(sql`b_answer IN ('hello', 'pass')`))
    .addColumn('mutual_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('weekly_introductions_ordered', sql`user_a < user_b`)
    .addUniqueConstraint('weekly_introductions_pair_key', ['user_a', 'user_b'])
    .execute();
  await sql`CREATE UNIQUE INDEX weekly_introductions_week_pair_key ON weekly_introductions (week, user_a, user_b)`.execute(db);
  await sql`CREATE INDEX weekly_introductions_user_b_idx ON weekly_introductions (user_b, week)`.execute(db);
  await sql`CREATE INDEX weekly_introductions_user_a_idx ON weekly_introductions (user_a, week)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_introductions').execute();
  await db.schema.dropTable('weekly_introduction_rounds').execute();
  await sql`DROP INDEX profiles_weekly_introductions_idx`.execute(db);
  await sql`ALTER TABLE profiles DROP COLUMN weekly_introductions`.execute(db);
}
