import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'kysely';

import { loadConfig } from '../server/src/config.js';
import { type AppContext, createContext } from '../server/src/context.js';
import { migrateDown, migrateToLatest, migrationStatus, newerThanThisRelease } from '../server/src/db/migrator.js';
import { createLogger } from '../server/src/logger.js';
import { createEmptyDatabase, type TestDatabase } from '../server/test/test-database.js';
import { migrations } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

let database: TestDatabase;
let ctx: AppContext;

beforeAll(async () => {
  database = await createEmptyDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env });
  ctx = await createContext(config, createLogger(config), { migrate: false });
});

afterAll(async () => {
  await ctx.close();
  await database.drop();
});

async function tableNames(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%' ORDER BY table_name`.execute(ctx.db);
  return rows.map((r) => r.table_name);
}

it.each([
  ['20261204120000_builtin_embed_v2.ts', 'kindred-builtin-embed-v1'],
  ['20261206000000_builtin_embed_v3.ts', 'kindred-builtin-embed-v2'],
])("%s names the kept index of %s as the app names another model's index", async (file, model) => {
  const { vectorIndexName } = await import('../server/src/features/search/search.repository.js');
  const source = await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), file), 'utf8');
  const { createHash } = await import('node:crypto');
  // The migration freezes search.repository.ts's vectorIndexName; both must give the same name.
  expect(source).toContain("createHash('sha256').update(model).digest('hex').slice(0, 16)");
  expect(source).toContain(`const OLD = '${model}';`);
  expect(vectorIndexName(model)).toBe(`profile_embeddings_halfvec_hnsw_${createHash('sha256').update(model).digest('hex').slice(0, 16)}`);
});

it('lists every migration file, in timestamp order', async () => {
  const files = (await readdir(here))
    .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

it('migrates up, all the way down, and up again', async () => {
  expect(await migrateToLatest(ctx.db)).toEqual(Object.keys(migrations));
  expect(await tableNames()).toEqual(['admin_audit_log', 'blocks', 'chat_messages', 'chat_sessions', 'deleted_profiles', 'job_run_items', 'job_runs', 'liked_profiles', 'location_comments', 'location_visits', 'messages', 'moderation_actions', 'nfc_locations', 'outgoing_mail', 'password_reset_tokens', 'payments', 'pending_email_changes', 'pending_signups', 'profile_embeddings', 'profile_search_documents', 'profiles', 'rate_limit_hits', 'reports', 'search_analyses', 'search_check_ins', 'search_model', 'sessions', 'stripe_events', 'stripe_subscriptions', 'user_identities', 'user_moments', 'user_roles', 'user_searches', 'users', 'weekly_introduction_rounds', 'weekly_introductions']);
  expect((await migrationStatus(ctx.db)).every((m) => m.executedAt)).toBe(true);

  for (let i = Object.keys(migrations).length; i > 0; i--) await migrateDown(ctx.db);
  expect(await tableNames()).toEqual([]);
  const { rows } = await sql`SELECT 1 FROM pg_extension WHERE extname = 'vector'`.execute(ctx.db);
  expect(rows).toHaveLength(0);

  await migrateToLatest(ctx.db);
  expect(await tableNames()).toEqual(['admin_audit_log', 'blocks', 'chat_messages', 'chat_sessions', 'deleted_profiles', 'job_run_items', 'job_runs', 'liked_profiles', 'location_comments', 'location_visits', 'messages', 'moderation_actions', 'nfc_locations', 'outgoing_mail', 'password_reset_tokens', 'payments', 'pending_email_changes', 'pending_signups', 'profile_embeddings', 'profile_search_documents', 'profiles', 'rate_limit_hits', 'reports', 'search_analyses', 'search_check_ins', 'search_model', 'sessions', 'stripe_events', 'stripe_subscriptions', 'user_identities', 'user_moments', 'user_roles', 'user_searches', 'users', 'weekly_introduction_rounds', 'weekly_introductions']);
});

it("lets a rollback's previous release run on the next release's schema, and nothing else unknown", async () => {
  await migrateToLatest(ctx.db);
  const future = '29991231000000_a_later_release';
  await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${future}, ${new Date().toISOString()})`.execute(ctx.db);
  try {
    // Kysely alone calls this corrupted; the release before the database's runs on it.
    expect(await newerThanThisRelease(ctx.db)).toEqual([future]);
    expect(await migrateToLatest(ctx.db)).toEqual([]);
    // An unknown migration older than this release's newest is not a later release's: refused.
    await sql`UPDATE kysely_migration SET name = '20000101000000_not_ours' WHERE name = ${future}`.execute(ctx.db);
    expect(await newerThanThisRelease(ctx.db)).toEqual([]);
    await expect(migrateToLatest(ctx.db)).rejects.toThrow(/corrupted migrations/);
  } finally {
    await sql`DELETE FROM kysely_migration WHERE name IN (${future}, '20000101000000_not_ours')`.execute(ctx.db);
  }
});

describe('the core schema', () => {
  it('gives profiles every column the product spec names', async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'profiles'`.execute(ctx.db);
    const columns = rows.map((r) => r.column_name);
    const specColumns = [
      // part 1
      'user_id', 'name', 'age', 'bio', 'location', 'birth_date', 'gender', 'profession', 'relationship_status',
      'contact_info', 'card_type', 'card_image_url', 'card_image_urls', 'card_video_url', 'card_text',
      // part 2
      'id', 'user_code', 'interests', 'avatar_url', 'is_vip', 'vip_expires_at', 'search_background_url',
      'search_background_opacity', 'mailbox_address', 'registration_order',
      // part 3
      'ip_address', 'last_ip_update', 'enhanced_background', 'created_at', 'updated_at',
      // written by the interview (part 2's personalityType, socialStyle, relationshipStyle, coreValues)
      'personality_type', 'social_style', 'relationship_style', 'core_values', 'looking_for',
      // subscription status (part 3 §3)
      'premium_type', 'early_user_gift_at',
      // sample members made by `seed --demo`
      'is_sample',
      // General settings: new mailbox messages announced by e-mail
      'notify_new_messages',
      // moderation: hidden from search pending review
      'hidden_at',
      // General settings: "show me at places I tap"
      'show_at_touchpoints',
      // General settings: weekly introductions
      'weekly_introductions',
      // premium through Stripe: the customer and subscription, the plan and whether it renews
      'stripe_customer_id', 'stripe_subscription_id', 'premium_plan', 'premium_renews',
    ];
    expect(columns.sort()).toEqual([...specColumns].sort());
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    await ctx.db.insertInto('users').values({ email: 'Ana@Example.com', password_hash: 'x' }).execute();
    await expect(ctx.db.insertInto('users').values({ email: 'ana@example.COM', password_hash: 'x' }).execute()).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('lets an address register again once its account is deleted', async () => {
    await ctx.db.insertInto('users').values({ email: 'gone@example.com', password_hash: 'x', deleted_at: new Date() }).execute();
    await ctx.db.insertInto('users').values({ email: 'GONE@example.com', password_hash: 'x' }).execute();
  });

  it('defaults a new profile as the spec says and enforces its value sets', async () => {
    const user = await ctx.db.insertInto('users').values({ email: 'p@example.com', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const profile = await ctx.db
      .insertInto('profiles')
      .values({ user_id: user.id, name: 'p', contact_info: { email: 'p@example.com', available: false } })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      is_vip: false,
      search_background_opacity: 0.7,
      interests: [],
      card_image_urls: [],
      contact_info: { email: 'p@example.com', available: false },
    });
    const bad = [
      { gender: 'robot' },
      { relationship_status: 'complicated' },
      { card_type: 'audio' },
      { user_code: '1234567' },
      { birth_date: '1899-12-31' },
      { card_text: 'x'.repeat(501) },
    ];
    for (const values of bad) {
      await expect(
        ctx.db.updateTable('profiles').set(values as never).where('id', '=', profile.id).execute(),
      ).rejects.toMatchObject({ code: '23514' });
    }
    await expect(ctx.db.insertInto('profiles').values({ user_id: user.id }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it("reads the feed through indexes, not scans of every like and every profile", async () => {
    const plan = (query: ReturnType<typeof sql>) =>
      ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    // Each author's likes.
    expect(await plan(sql`SELECT count(*) FROM liked_profiles WHERE liked_profile_id = '00000000-0000-0000-0000-000000000000'`)).toContain(
      'liked_profiles_liked_profile_id_idx',
    );
    // The newest cards, in order, a page at a time (no sort of every profile).
    const cards = await plan(sql`SELECT id FROM profiles WHERE card_type IS NOT NULL AND hidden_at IS NULL AND is_sample = false ORDER BY created_at DESC LIMIT 20`);
    expect(cards).toContain('profiles_feed_cards_idx');
    expect(cards).not.toContain('Sort');
  });

  it('stamps updated_at on every update', async () => {
    const user = await ctx.db.insertInto('users').values({ email: 'u@example.com', password_hash: 'x' }).returningAll().executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = await ctx.db.updateTable('users').set({ password_hash: 'y' }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
    expect(updated.updated_at.getTime()).toBeGreaterThan(user.updated_at.getTime());
  });
});
