import { type RawBuilder, sql } from 'kysely';
import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { makeProfile, type MadeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { EXPORT_COVERAGE, NOT_EXPORTED } from './account-export.repository.js';

const PUBLIC_URL = 'https://kindred.example';
const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, PRODUCT_NAME: 'Kindred' }, { clock });
});
afterAll(() => t.close());

const db = () => t.ctx.db;
type Json = Record<string, unknown>;
const upload = (n: number) => `/uploads/${String(n).padStart(32, 'a')}.jpg`;

// ----- The schema's member tables -----------------------------------------------------------

/** Columns that name a member even without a foreign key (a table added without one still counts). */
const MEMBER_COLUMN = /(^|_)(user|profile|viewer|sender|recipient|member|owner)_id$|(^|_)email$/;

/**
 * Every public table holding member data, with why: it has a member-like column, or a foreign
 * key to users, profiles or (transitively) another such table, as chat_messages → chat_sessions.
 */
async function memberTables(): Promise<Map<string, string>> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_%'`.execute(db());
  const { rows: keys } = await sql<{ table_name: string; column_name: string; referenced: string }>`
    SELECT k.table_name, k.column_name, r.table_name AS referenced
    FROM information_schema.table_constraints c
    JOIN information_schema.key_column_usage k ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
    JOIN information_schema.constraint_column_usage r ON r.constraint_schema = c.constraint_schema AND r.constraint_name = c.constraint_name
    WHERE c.constraint_type = 'FOREIGN KEY' AND c.table_schema = 'public'`.execute(db());

  const found = new Map<string, string>([
    ['users', 'the accounts'],
    ['profiles', 'the profiles'],
  ]);
  for (const { table_name, column_name } of columns) {
    if (!found.has(table_name) && MEMBER_COLUMN.test(column_name)) found.set(table_name, `column ${table_name}.${column_name}`);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const { table_name, column_name, referenced } of keys) {
      if (!found.has(table_name) && found.has(referenced)) {
        found.set(table_name, `${table_name}.${column_name} → ${referenced}`);
        grew = true;
      }
    }
  }
  return found;
}

/** Member tables that are neither exported nor excluded, each as a message saying what to do. */
async function unaccounted(): Promise<string[]> {
  return [...(await memberTables())]
    .filter(([table]) => !(table in EXPORT_COVERAGE) && !(table in NOT_EXPORTED))
    .map(
      ([table, why]) =>
        `table "${table}" holds member data (${why}) but the data export does not cover it: export it and map it in EXPORT_COVERAGE, ` +
        'or list it in NOT_EXPORTED with the reason (features/account-export/account-export.repository.ts)',
    );
}

async function tableColumns(table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`.execute(db());
  return rows.map((r) => r.column_name).sort();
}

async function tableExists(table: string): Promise<boolean> {
  return (await tableColumns(table)).length > 0;
}

/** The values at a dot path; arrays on the way are walked through. */
function resolve(document: unknown, path: string): unknown[] {
  let values: unknown[] = [document];
  for (const key of path.split('.')) {
    values = values.flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => (v as Json | null)?.[key]);
  }
  return values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

// ----- Members and their data ---------------------------------------------------------------

const basic = { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' };
const ANSWERS = [
  'I love hiking, photography and board games.',
  'Weekend hikes and badminton would be great',
  'Friends say I am outgoing and curious',
  'Small groups, planned ahead. I am usually free on weekends',
  'Mostly new friends. Honesty and kindness matter to me',
];

interface Ana {
  agent: Agent;
  userId: string;
  profileId: string;
  email: string;
  mailbox: string;
}

/** Ana uses everything: the interview, moments, a like, a search, a check-in, the mailbox. */
async function makeAna(counterpart: MadeProfile & { mailbox: string }): Promise<Ana> {
  const agent = agentFor(t);
  const email = uniqueEmail('export');
  await signUp(t, agent, email);
  const profile = (await agent.put('/api/profile/basic').send(basic).expect(200)).body as { id: string; user_id: string; mailbox_address: string };
  const ana = { agent, email, userId: profile.user_id, profileId: profile.id, mailbox: profile.mailbox_address };

  const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' }).expect(200);
  for (const message of ANSWERS) await agent.post('/api/chat').send({ message, sessionId: start.body.sessionId, sessionType: 'onboarding' }).expect(200);

  await agent.post('/api/moments').field('type', 'text').field('text', 'Ana moment kept').expect(201);
  const gone = await agent.post('/api/moments').field('type', 'text').field('text', 'Ana moment deleted').expect(201);
  await agent.delete(`/api/moments/${gone.body.id}`).expect(204);
  await db().insertInto('user_moments').values({ user_id: ana.userId, moment_type: 'image', image_url: upload(1), caption: 'Ana photo' }).execute();
  await db()
    .updateTable('profiles')
    .set({ card_type: 'image', card_image_url: upload(2), card_image_urls: [upload(2), upload(3)], avatar_url: upload(4) })
    .where('id', '=', ana.profileId)
    .execute();

  await agent.put(`/api/likes/${counterpart.profileId}`).expect(200);
  await agent.post('/api/search').send({ query: 'hiking friends' }).expect(200);
  await agent.post('/api/check-ins').expect(200);
  await agent.post('/api/locations/demo/visits').expect(200);
  await agent.post('/api/locations/demo/comments').send({ comment: 'Ana was at the demo touchpoint' }).expect(201);
  await db()
    .insertInto('search_analyses')
    .values({ viewer_id: ana.userId, profile_id: counterpart.profileId, query_hash: 'ana-hash', query: 'Ana asked about Cy', status: 'completed', data: JSON.stringify({ summary: 'Ana analysis' }) })
    .execute();
  await db().insertInto('user_roles').values({ user_id: ana.userId, role: 'admin' }).execute();
  await db().insertInto('user_identities').values({ issuer: 'https://idp.example.edu', subject: 'ana-subject', user_id: ana.userId, email: ana.email }).execute();
  await db().insertInto('payments').values({ user_id: ana.userId, payment_type: 'monthly', amount_cents: 599, status: 'completed', stripe_session_id: 'cs_ana_monthly' }).execute();

  // The mailbox, both ways: by account, by address (any case), and by account with an old address.
  const message = (m: { sender_id: string | null; sender_email: string; recipient_id: string | null; recipient_email: string; subject: string }) =>
    db().insertInto('messages').values({ ...m, content: `${m.subject} body` }).execute();
  await message({ sender_id: ana.userId, sender_email: ana.mailbox, recipient_id: counterpart.userId, recipient_email: counterpart.mailbox, subject: 'Ana to Cy' });
  await message({ sender_id: counterpart.userId, sender_email: counterpart.mailbox, recipient_id: null, recipient_email: ana.mailbox.toUpperCase(), subject: 'Cy to Ana by address' });
  await message({ sender_id: counterpart.userId, sender_email: counterpart.mailbox, recipient_id: ana.userId, recipient_email: 'old-address@kindred.example', subject: 'Cy to Ana by account' });

  // A weekly proposal with Cy: Ana's answer is hers, Cy's pass is Cy's.
  await db().insertInto('weekly_introduction_rounds').values({ week: '2026-11-23', members_in: 2, pairs_made: 1 }).execute();
  const [first, second] = [ana.userId, counterpart.userId].sort() as [string, string];
  const anaSide = first === ana.userId ? 'a_answer' : 'b_answer';
  const cySide = first === ana.userId ? 'b_answer' : 'a_answer';
  await db().insertInto('weekly_introductions').values({ week: '2026-11-23', user_a: first, user_b: second, mutual_fit: 0.6, [anaSide]: 'hello', [cySide]: 'pass' }).execute();

  // A moderation decision about Ana (due process): hers to read, with its reason and note; who decided is not.
  await db()
    .insertInto('moderation_actions')
    .values({ user_id: ana.userId, actor_id: counterpart.userId, action: 'hide', reason: 'spam', note: 'Too many identical messages.', created_at: new Date('2026-11-24T10:00:00Z') })
    .execute();

  // Secrets that must stay out.
  await db().insertInto('password_reset_tokens').values({ token_hash: 'ana-reset-token-hash-secret', user_id: ana.userId, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  await db().insertInto('rate_limit_hits').values({ key: `login-account:ana-rate-limit-secret`, window_start: new Date(), hits: 1 }).execute();
  return ana;
}

/** Bea never deals with Ana, but likes her, analyses her profile and writes to Cy: all Bea's own. */
async function makeBea(ana: Ana, cy: MadeProfile & { mailbox: string }): Promise<MadeProfile & { mailbox: string }> {
  const mailbox = 'bea-unrelated-zq@kindred.example';
  const bea = { ...(await makeProfile(t, { name: 'Bea Unrelated-ZQ', mailbox_address: mailbox, bio: 'BEA-SECRET-BIO' })), mailbox };
  const session = await db().insertInto('chat_sessions').values({ user_id: bea.userId, session_type: 'onboarding', state: '{}' }).returning('id').executeTakeFirstOrThrow();
  await db().insertInto('chat_messages').values({ session_id: session.id, role: 'user', content: 'BEA-SECRET-CHAT' }).execute();
  await db().insertInto('user_moments').values({ user_id: bea.userId, moment_type: 'text', text_content: 'BEA-SECRET-MOMENT' }).execute();
  await db().insertInto('user_searches').values({ user_id: bea.userId, query: 'BEA-SECRET-SEARCH', intent: 'friend', result_count: 1 }).execute();
  await db().insertInto('search_analyses').values({ viewer_id: bea.userId, profile_id: ana.profileId, query_hash: 'bea-hash', query: 'BEA-SECRET-ANALYSIS' }).execute();
  await db().insertInto('liked_profiles').values({ user_id: bea.userId, liked_user_id: ana.userId, liked_profile_id: ana.profileId }).execute();
  await db().insertInto('search_check_ins').values({ user_id: bea.userId, date: '2001-01-01', streak_days: 1, streak_boxes: 1, last_check_in_date: '2001-01-01' }).execute();
  await db()
    .insertInto('messages')
    .values({ sender_id: bea.userId, sender_email: mailbox, recipient_id: cy.userId, recipient_email: cy.mailbox, subject: 'BEA-SECRET-SUBJECT', content: 'BEA-SECRET-CONTENT' })
    .execute();
  await db().insertInto('payments').values({ user_id: bea.userId, payment_type: 'donation', amount_cents: 1000, status: 'completed', stripe_session_id: 'BEA-SECRET-PAYMENT' }).execute();
  await db().insertInto('password_reset_tokens').values({ token_hash: 'BEA-SECRET-TOKEN', user_id: bea.userId, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  return bea;
}

let ana: Ana;
let cy: MadeProfile & { mailbox: string };
let bea: MadeProfile & { mailbox: string };
let exported: request.Response;
let document: Json;

beforeAll(async () => {
  cy = { ...(await makeProfile(t, { name: 'Cy Counterpart', mailbox_address: 'cy-counterpart@kindred.example' })), mailbox: 'cy-counterpart@kindred.example' };
  ana = await makeAna(cy);
  bea = await makeBea(ana, cy);
  exported = await ana.agent.get('/api/account/export').expect(200);
  document = JSON.parse(exported.text) as Json;
});

// ----- Tests --------------------------------------------------------------------------------

it('asks for sign-in', async () => {
  const res = await request(t.app).get('/api/account/export').expect(401);
  expect(res.body.error.code).toBe('unauthorized');
});

it('answers a JSON file to download that no cache keeps', () => {
  expect(exported.headers['content-type']).toMatch(/^application\/json/);
  expect(exported.headers['cache-control']).toBe('no-store');
  expect(exported.headers['content-disposition']).toBe(`attachment; filename="kindred-data-${clock.now().toISOString().slice(0, 10)}.json"`);
});

describe('completeness', () => {
  it('covers or explicitly excludes every table that holds member data', async () => {
    expect(await unaccounted()).toEqual([]);
  });

  it('notices a new member table that nobody added to the export', async () => {
    await sql`CREATE TABLE export_probe (id serial PRIMARY KEY, owner uuid REFERENCES users (id))`.execute(db());
    await sql`CREATE TABLE export_probe_child (probe_id integer REFERENCES export_probe (id))`.execute(db());
    await sql`CREATE TABLE export_probe_by_name (sender_id uuid)`.execute(db());
    try {
      const problems = await unaccounted();
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/"export_probe" holds member data \(export_probe.owner → users\).*EXPORT_COVERAGE/);
      expect(problems.join('\n')).toMatch(/"export_probe_child" holds member data \(export_probe_child.probe_id → export_probe\)/);
      expect(problems.join('\n')).toMatch(/"export_probe_by_name" holds member data \(column export_probe_by_name.sender_id\)/);
    } finally {
      await sql`DROP TABLE export_probe_child, export_probe, export_probe_by_name`.execute(db());
    }
  });

  it("has every covered table's rows of the member in the place the coverage map says", async () => {
    for (const [table, path] of Object.entries(EXPORT_COVERAGE)) {
      if (!(await tableExists(table))) continue;
      expect({ table, path, found: resolve(document, path).length > 0 }).toEqual({ table, path, found: true });
    }
  });

  const count = (query: RawBuilder<{ n: number }>) => query.execute(db()).then((r) => r.rows[0]!.n);
  it.each([
    ['chatSessions', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_sessions WHERE user_id = ${ana.userId}`],
    ['chatSessions.messages', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.user_id = ${ana.userId}`],
    ['moments.posted', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM user_moments WHERE user_id = ${ana.userId}`],
    ['likes', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM liked_profiles WHERE user_id = ${ana.userId}`],
    ['searches', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM user_searches WHERE user_id = ${ana.userId}`],
    ['analyses', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM search_analyses WHERE viewer_id = ${ana.userId}`],
    ['messages.sent', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${ana.userId}`],
    ['messages.received', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE recipient_id = ${ana.userId} OR lower(recipient_email) = ${ana.mailbox}`],
    ['checkIns', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM search_check_ins WHERE user_id = ${ana.userId}`],
    ['moderationActions', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM moderation_actions WHERE user_id = ${ana.userId}`],
    ['profileEmbeddings', () => sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_embeddings WHERE profile_id = ${ana.profileId}`],
  ])('exports all of the member\'s rows: %s', async (path, query) => {
    const expected = await count(query());
    expect(expected).toBeGreaterThan(0);
    expect(resolve(document, path)).toHaveLength(expected);
  });

  it.each([
    ['profiles', (d: Json) => [d.profile]],
    ['user_moments', (d: Json) => resolve(d, 'moments.posted')],
    ['user_searches', (d: Json) => resolve(d, 'searches')],
    ['search_analyses', (d: Json) => resolve(d, 'analyses')],
    ['search_check_ins', (d: Json) => resolve(d, 'checkIns')],
    ['messages', (d: Json) => [...resolve(d, 'messages.sent'), ...resolve(d, 'messages.received')]],
    ['chat_messages', (d: Json) => resolve(d, 'chatSessions.messages')],
  ])('exports every column of %s, including ones added later', async (table, rows) => {
    // `withheld` is the recipient's block, never the sender's to read (finding 7): sent rows leave it out.
    const columns = (await tableColumns(table)).filter((column) => !(table === 'messages' && column === 'withheld'));
    for (const row of rows(document)) expect(Object.keys(row as Json).filter((k) => columns.includes(k)).sort()).toEqual(columns);
  });
});

describe('contents', () => {
  it('has the account without secrets, and the whole profile', () => {
    expect(document).toMatchObject({ exportedAt: clock.now().toISOString(), format: 1 });
    expect(document.account).toEqual({
      id: ana.userId,
      email: ana.email,
      email_confirmed: true,
      email_confirmed_at: expect.any(String),
      campus_verified_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      roles: ['admin'],
      campus_identities: [{ issuer: 'https://idp.example.edu', subject: 'ana-subject', email: ana.email, created_at: expect.any(String), last_sign_in_at: expect.any(String) }],
    });
    expect(document.profile).toMatchObject({
      id: ana.profileId,
      name: 'Ana Lee',
      mailbox_address: ana.mailbox,
      bio: expect.any(String),
      enhanced_background: expect.any(String),
      personality_type: expect.any(String),
      interests: expect.arrayContaining([expect.any(String)]),
      avatar_url: `${PUBLIC_URL}${upload(4)}`,
    });
    expect(JSON.stringify((document.profile as Json).contact_info)).toContain(ana.email);
    expect(document.profileEmbeddings).toEqual([{ model: 'kindred-builtin-embed-v4', dimensions: 384, created_at: expect.any(String), updated_at: expect.any(String) }]);
    expect(Object.keys(document.subscription as Json).sort()).toEqual(['early_user_gift_at', 'is_vip', 'payments', 'premium_type', 'vip_expires_at']);
    expect(document.subscription).toMatchObject({
      is_vip: (document.profile as Json).is_vip,
      payments: [expect.objectContaining({ user_id: ana.userId, payment_type: 'monthly', amount_cents: 599, status: 'completed', stripe_session_id: 'cs_ana_monthly' })],
    });
  });

  it('has the weekly introductions from the member\'s side only', () => {
    expect(document.weeklyIntroductions).toEqual([
      { id: expect.any(String), week: '2026-11-23', other_user_id: cy.userId, your_answer: 'hello', mutual_fit: 0.6, mutual_at: null, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(document.weeklyIntroductions)).not.toContain('pass');
  });

  it('has the interview transcript under its session', () => {
    const [session] = document.chatSessions as Array<{ session_type: string; messages: Array<{ role: string; content: string }> }>;
    expect(session!.session_type).toBe('onboarding');
    expect(session!.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(ANSWERS);
  });

  it('has moments with full file addresses, the deleted one flagged, and the first moment', () => {
    const moments = document.moments as { firstMoment: Json; posted: Array<{ text_content: string | null; image_url: string | null; deleted: boolean }> };
    expect(moments.firstMoment).toEqual({ type: 'image', text: null, image_url: `${PUBLIC_URL}${upload(2)}`, image_urls: [`${PUBLIC_URL}${upload(2)}`, `${PUBLIC_URL}${upload(3)}`], video_url: null });
    expect(moments.posted.map((m) => [m.text_content ?? m.image_url, m.deleted]).sort()).toEqual([
      ['Ana moment deleted', true],
      ['Ana moment kept', false],
      [`${PUBLIC_URL}${upload(1)}`, false],
    ]);
  });

  it("has likes with the liked member's name, the search, the analysis, the check-in and the mailbox both ways", () => {
    expect(document.likes).toEqual([expect.objectContaining({ liked_profile_id: cy.profileId, liked_name: 'Cy Counterpart' })]);
    expect(document.searches).toEqual([expect.objectContaining({ query: 'hiking friends', intent: expect.any(String) })]);
    expect(document.analyses).toEqual([expect.objectContaining({ query: 'Ana asked about Cy', data: { summary: 'Ana analysis' } })]);
    expect(document.checkIns).toEqual([expect.objectContaining({ streak_days: 1 })]);
    const messages = document.messages as { sent: Array<{ subject: string }>; received: Array<{ subject: string }> };
    expect(messages.sent.map((m) => m.subject)).toEqual(['Ana to Cy']);
    expect(messages.received.map((m) => m.subject).sort()).toEqual(['Cy to Ana by account', 'Cy to Ana by address']);
  });
});

describe('privacy', () => {
  it('holds no password hash, reset token, session or rate-limit key', async () => {
    const user = await db().selectFrom('users').select('password_hash').where('id', '=', ana.userId).executeTakeFirstOrThrow();
    const sessions = await sql<{ sid: string }>`SELECT sid FROM sessions WHERE sess -> 'passport' ->> 'user' = ${ana.userId}`.execute(db());
    expect(sessions.rows.length).toBeGreaterThan(0);
    for (const secret of [user.password_hash, 'password_hash', 'ana-reset-token-hash-secret', 'token_hash', 'ana-rate-limit-secret', ...sessions.rows.map((r) => r.sid)]) {
      expect(exported.text).not.toContain(secret);
    }
  });

  it("holds nothing of a member Ana never dealt with, not even Bea's rows about Ana", () => {
    for (const value of [bea.email, bea.userId, bea.profileId, bea.mailbox, 'Bea Unrelated-ZQ', 'BEA-SECRET']) {
      expect({ value, found: exported.text.includes(value) }).toEqual({ value, found: false });
    }
  });

  it("names a counterpart only in Ana's own likes, analyses, messages and weekly introductions, and never by account e-mail", () => {
    expect(exported.text).not.toContain(cy.email);
    const { likes: _likes, analyses: _analyses, messages: _messages, weeklyIntroductions: _weekly, ...rest } = document;
    const elsewhere = JSON.stringify(rest);
    for (const value of [cy.userId, cy.profileId, cy.mailbox, 'Cy Counterpart']) expect({ value, found: elsewhere.includes(value) }).toEqual({ value, found: false });
  });
});

it('exports a member with thousands of messages, searches and chat lines in one go', async () => {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('busy'));
  const me = (await agent.put('/api/profile/basic').send({ ...basic, name: 'Dee Busy' }).expect(200)).body as { user_id: string; mailbox_address: string };
  const session = await db().insertInto('chat_sessions').values({ user_id: me.user_id, session_type: 'onboarding', state: '{}' }).returning('id').executeTakeFirstOrThrow();
  await sql`INSERT INTO chat_messages (session_id, role, content) SELECT ${session.id}, 'user', 'line ' || g FROM generate_series(1, 2000) g`.execute(db());
  await sql`INSERT INTO user_searches (user_id, query, intent, result_count) SELECT ${me.user_id}, 'query ' || g, 'friend', 5 FROM generate_series(1, 3000) g`.execute(db());
  await sql`
    INSERT INTO messages (sender_id, sender_email, recipient_id, recipient_email, subject, content)
    SELECT ${me.user_id}, ${me.mailbox_address}, ${cy.userId}, ${cy.mailbox}, 'sent ' || g, repeat('words ', 200) FROM generate_series(1, 2000) g`.execute(db());
  await sql`
    INSERT INTO messages (sender_id, sender_email, recipient_id, recipient_email, subject, content)
    SELECT ${cy.userId}, ${cy.mailbox}, NULL, ${me.mailbox_address}, 'received ' || g, repeat('words ', 200) FROM generate_series(1, 2000) g`.execute(db());

  const res = await agent.get('/api/account/export').expect(200);
  const dump = JSON.parse(res.text) as Json;
  expect(resolve(dump, 'chatSessions.messages')).toHaveLength(2000);
  expect(resolve(dump, 'searches')).toHaveLength(3000);
  expect(resolve(dump, 'messages.sent')).toHaveLength(2000);
  expect(resolve(dump, 'messages.received')).toHaveLength(2000);
});

it('exports the moderation decisions about the member with their reason and note, not who decided', () => {
  expect(document.moderationActions).toEqual([expect.objectContaining({ action: 'hide', reason: 'spam', note: 'Too many identical messages.' })]);
  expect(JSON.stringify(document.moderationActions)).not.toContain('actor_id');
});
