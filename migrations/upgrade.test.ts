import { sql } from 'kysely';
import request from 'supertest';

import { createApp } from '../server/src/app.js';
import { hashPassword } from '../server/src/auth/passwords.js';
import { loadConfig } from '../server/src/config.js';
import { type AppContext, createContext } from '../server/src/context.js';
import { migrateTo, migrateToLatest, migrationStatus } from '../server/src/db/migrator.js';
import { createLogger } from '../server/src/logger.js';
import { TEST_PASSWORD } from '../server/test/auth-helpers.js';
import { createEmptyDatabase, type TestDatabase } from '../server/test/test-database.js';
import { recordedReleases } from '../tools/release/releases.js';
import { migrations } from './index.js';

// An operator's upgrade: a database made by the previous release (its last migration is recorded
// in migrations/releases.json), holding members who used it, migrated to this release. Their data
// must survive and work: the member signs in with the password they had and sees their profile,
// likes, mail and membership. The data is written in SQL at the old schema, as the old code did.
const releases = recordedReleases();
const previous = releases.at(-2)!;
const EMBEDDING_DIMENSIONS = 384; // the built-in model's, which the tests run
const inAMonth = new Date(Date.now() + 30 * 86_400_000);

let database: TestDatabase;

beforeAll(async () => {
  database = await createEmptyDatabase();
});
afterAll(() => database.drop());

async function openContext(): Promise<AppContext> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env });
  return createContext(config, createLogger(config), { migrate: false });
}

/** Two members of the previous release: Ana (premium, with an embedding), Bo, who liked and wrote to her. */
async function usePreviousRelease(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const hash = await hashPassword(TEST_PASSWORD);
  const { rows: users } = await sql<{ id: string; email: string }>`
    INSERT INTO users (email, password_hash, email_confirmed_at) VALUES
      ('ana@example.com', ${hash}, now()), ('bo@example.com', ${hash}, now())
    RETURNING id, email`.execute(db);
  const ana = users.find((u) => u.email === 'ana@example.com')!.id;
  const bo = users.find((u) => u.email === 'bo@example.com')!.id;
  const { rows: profiles } = await sql<{ id: string; user_id: string }>`
    INSERT INTO profiles (user_id, name, age, bio, location, gender, profession, interests, user_code,
                          mailbox_address, registration_order, is_vip, vip_expires_at, premium_type,
                          premium_plan, premium_renews, stripe_customer_id, card_type, card_text)
    VALUES
      (${ana}, 'Ana', 21, 'Climbs on weekends, reads on weekdays.', 'Vancouver, BC', 'female', 'Student',
       ARRAY['climbing', 'reading'], '10000001', 'ana@kindred.local', 1, true, ${inAMonth}, 'paid',
       'monthly', true, 'cus_ana', 'text', 'Looking for a climbing partner'),
      (${bo}, 'Bo', 22, 'Cooks for friends.', 'Vancouver, BC', 'male', 'Student',
       ARRAY['cooking'], '10000002', 'bo@kindred.local', 2, false, NULL, NULL, NULL, false, NULL, NULL, NULL)
    RETURNING id, user_id`.execute(db);
  const anaProfile = profiles.find((p) => p.user_id === ana)!.id;
  const vector = `[${Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => ((i % 7) / 10).toFixed(1)).join(',')}]`;
  await sql`
    INSERT INTO profile_embeddings (profile_id, model, dimensions, content_hash, embedding)
    VALUES (${anaProfile}, 'kindred-builtin-embed-v1', ${EMBEDDING_DIMENSIONS}, 'hash-of-ana', ${vector}::vector)`.execute(db);
  await sql`INSERT INTO liked_profiles (user_id, liked_user_id, liked_profile_id) VALUES (${bo}, ${ana}, ${anaProfile})`.execute(db);
  await sql`
    INSERT INTO messages (sender_id, sender_email, recipient_id, recipient_email, subject, content)
    VALUES (${bo}, 'bo@kindred.local', ${ana}, 'ana@kindred.local', 'Climbing?', 'Saturday at the gym?')`.execute(db);
  await sql`
    INSERT INTO payments (user_id, payment_type, amount_cents, currency, status, stripe_session_id)
    VALUES (${ana}, 'monthly', 499, 'CAD', 'completed', 'cs_ana')`.execute(db);
  await sql`
    INSERT INTO sessions (sid, sess, expire)
    VALUES ('bo-session', ${JSON.stringify({ cookie: {}, passport: { user: bo } })}::json, ${inAMonth})`.execute(db);
}

it(`migrates a database of ${previous.version} (${previous.migration}) with members in it to this release`, async () => {
  const old = await openContext();
  try {
    await migrateTo(old.db, previous.migration);
    const applied = (await migrationStatus(old.db)).filter((m) => m.executedAt).map((m) => m.name);
    expect(applied.at(-1)).toBe(previous.migration);
    await usePreviousRelease(old);

    // What the `migrate` one-shot does during an upgrade.
    // Every migration since the previous release, in order (none for a release that added none).
    expect(await migrateToLatest(old.db)).toEqual(Object.keys(migrations).sort().filter((name) => name > previous.migration));
  } finally {
    await old.close();
  }

  // The new release starts on the upgraded database.
  const ctx = await openContext();
  try {
    const app = createApp(ctx);
    const ready = await request(app).get('/readyz').expect(200);
    expect(ready.body.database).toMatchObject({ migrations: 'current', pendingMigrations: [] });

    const ana = request.agent(app);
    await ana.post('/api/auth/login').send({ email: 'ana@example.com', password: TEST_PASSWORD }).expect(200);
    const profile = await ana.get('/api/profile').expect(200);
    expect(JSON.stringify(profile.body)).toContain('Climbs on weekends, reads on weekdays.');
    expect(JSON.stringify(profile.body)).toContain('10000001');

    const mail = await ana.get('/api/messages').expect(200);
    expect(JSON.stringify(mail.body)).toContain('Saturday at the gym?');
    const membership = await ana.get('/api/subscription').expect(200);
    expect(membership.body).toMatchObject({ subscribed: true, premiumType: 'paid', plan: 'monthly', renews: true, subscriptionEnd: inAMonth.toISOString() });

    const bo = request.agent(app);
    await bo.post('/api/auth/login').send({ email: 'bo@example.com', password: TEST_PASSWORD }).expect(200);
    const likes = await bo.get('/api/likes').expect(200);
    expect(JSON.stringify(likes.body)).toContain('Ana');

    // Rows the members cannot see through the API: kept as they were.
    const { rows } = await sql<{ embeddings: number; payments: number; sessions: number }>`
      SELECT (SELECT count(*)::int FROM profile_embeddings WHERE dimensions = ${EMBEDDING_DIMENSIONS}) AS embeddings,
             (SELECT count(*)::int FROM payments WHERE stripe_session_id = 'cs_ana' AND amount_cents = 499) AS payments,
             (SELECT count(*)::int FROM sessions WHERE sid = 'bo-session') AS sessions`.execute(ctx.db);
    expect(rows[0]).toEqual({ embeddings: 1, payments: 1, sessions: 1 });
  } finally {
    await ctx.close();
  }
});
