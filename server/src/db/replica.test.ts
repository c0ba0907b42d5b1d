import request from 'supertest';

import { agentFor, sessionCookie, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers.js';
import { waitFor } from '../../test/processes.js';
import { makeProfile, type MadeProfile } from '../../test/profiles-factory.js';
import { type Standby, startStandby } from '../../test/standby.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase, testServerUrl } from '../../test/test-database.js';
import type { ReplicaState } from './read-routing.js';
import { wroteCookieName } from '../middleware/read-your-writes.js';

// Reads on a real Postgres hot standby of the test server (pg_basebackup, a second cluster on a
// free port): searches are served by it; a stale one is skipped; a member's reads after their own
// change stay on the primary; and when it stops, searches go on, every one answered. Needs a real
// Postgres (TEST_DATABASE_URL) that allows local replication (.ci/provision-postgres.sh).
//
// @runs-alone: CI runs this file by itself after the other Postgres files. A new standby accepts
// connections only once every transaction open on the primary when it was copied has ended, and
// other test files running beside it kept that from happening for over a minute in a CI run.

const serverUrl = testServerUrl();
const METRICS_TOKEN = 'replica-test-metrics-token';
const WROTE = wroteCookieName('test');

(serverUrl ? describe : describe.skip)('reads on a real hot standby', () => {
  let database: TestDatabase;
  let standby: Standby;
  /** REPLICA_MAX_LAG_MS=1000: skips the standby once it is a second behind. */
  let strict: TestApp;
  /** REPLICA_MAX_LAG_MS=60000: keeps reading a paused standby, which shows what the standby answers. */
  let lenient: TestApp;
  /** The viewer's and the administrator's session cookies alone, so each request says exactly what it carries. */
  let session: string;
  let adminSession: string;
  let hana: MadeProfile;
  let bo: MadeProfile;

  const reads = (t: TestApp): ReplicaState => t.ctx.database.reads.state()!;
  const names = (res: request.Response) => (res.body.results as { name: string }[]).map((r) => r.name);
  const search = (t: TestApp, cookies = session) => request(t.app).post('/api/search').set('Cookie', cookies).send({ query: 'hiking trips' });
  const feedAuthors = async (t: TestApp, cookies: string) =>
    ((await request(t.app).get('/api/moments/recommended').set('Cookie', cookies).expect(200)).body.moments as { author: { name: string } }[]).map((m) => m.author.name);
  const onStandby = async (text: string) => standby.query<Record<string, unknown>>(new URL(database.env.DATABASE_URL!).pathname.slice(1), text);
  const profilesOnStandby = async () => Number((await onStandby('SELECT count(*) AS n FROM profiles'))[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase();
    // After the database is made: the copy has it at once (a later one would arrive by streaming too).
    standby = await startStandby(serverUrl!);
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    const adminEmail = uniqueEmail('replica-admin');
    const env = { DATABASE_REPLICA_URL: standby.url(name), METRICS_TOKEN, ADMIN_EMAIL: adminEmail };
    strict = await createTestApp({ ...env, REPLICA_MAX_LAG_MS: '1000' }, { database });
    lenient = await createTestApp({ ...env, REPLICA_MAX_LAG_MS: '60000' }, { database });

    const email = uniqueEmail('replica-viewer');
    await signUp(strict, agentFor(strict), email);
    session = sessionCookie(await request(strict.app).post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200))!;
    await signUp(strict, agentFor(strict), adminEmail);
    await strict.ctx.services.auth.grantAdmin(adminEmail);
    adminSession = sessionCookie(await request(strict.app).post('/api/auth/login').send({ email: adminEmail, password: TEST_PASSWORD }).expect(200))!;
    const hiker = { interests: ['Hiking', 'Camping'], bio: "I'm into hiking and weekend trail trips.", card_type: 'text' as const, card_text: 'Up the trail at dawn' };
    hana = await makeProfile(strict, { ...hiker, name: 'Hana Hiker' });
    bo = await makeProfile(strict, { ...hiker, name: 'Bo Trails' });
    await makeProfile(strict, { name: 'Rita Reader', card_type: 'text', card_text: 'A good book' });
    const onPrimary = await strict.ctx.db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await waitFor(async () => (await profilesOnStandby()) === onPrimary.n, 10_000);
    await waitFor(async () => reads(strict).status === 'in-use' && reads(lenient).status === 'in-use', 10_000);
  });

  afterAll(async () => {
    await Promise.all([strict?.close(), lenient?.close()]);
    await standby?.remove();
    await database?.drop();
  });

  it('serves searches, the feed and the admin\'s reports from the standby', async () => {
    const before = reads(lenient).reads;
    for (let i = 0; i < 5; i += 1) expect(names(await search(lenient).expect(200))).toEqual(expect.arrayContaining(['Hana Hiker', 'Bo Trails']));
    // The standby itself ran the retrieval: the last statement of the app's read connection there.
    const ran = await onStandby("SELECT query FROM pg_stat_activity WHERE application_name = 'kindred-replica-reads'");
    expect(ran.map((row) => row.query)).toContainEqual(expect.stringContaining('query_vector'));
    expect(await feedAuthors(lenient, session)).toEqual(expect.arrayContaining(['Hana Hiker', 'Bo Trails']));
    const after = reads(lenient).reads;
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(7); // five retrievals, the feed's two lists
    expect(after.fallbacks).toBe(before.fallbacks);

    const overview = await request(lenient.app).get('/api/admin/overview').set('Cookie', adminSession).expect(200);
    expect(overview.body.counts.profiles).toBeGreaterThanOrEqual(5);
    await request(lenient.app).get('/api/admin/payments').set('Cookie', adminSession).expect(200);
    expect(reads(lenient).reads.replica - after.replica).toBe(3); // the counts, the revenue, the payments
    const ready = await request(lenient.app).get('/readyz').expect(200);
    expect(ready.body.database.replica).toMatchObject({ status: 'in-use', maxLagMs: 60_000 });
  });

  describe('with the standby paused (it stops replaying what the primary writes)', () => {
    let nia: MadeProfile;

    beforeAll(async () => {
      await onStandby('SELECT pg_wal_replay_pause()');
      await waitFor(async () => (await onStandby('SELECT pg_get_wal_replay_pause_state() AS s'))[0]!.s === 'paused', 10_000);
      nia = await makeProfile(strict, { name: 'Nia Newhiker', interests: ['Hiking'], bio: "I'm into hiking and trail trips." });
      await waitFor(async () => reads(strict).status === 'stale', 10_000);
    });

    afterAll(async () => {
      await onStandby('SELECT pg_wal_replay_resume()');
    });

    it('skips a standby further behind than REPLICA_MAX_LAG_MS: the primary answers, new member included', async () => {
      const before = reads(strict).reads;
      expect(names(await search(strict).expect(200))).toContain('Nia Newhiker');
      expect(reads(strict).reads.replica).toBe(before.replica);
      expect(reads(strict).reads.primary).toBeGreaterThan(before.primary);
      const ready = await request(strict.app).get('/readyz').expect(200);
      expect(ready.body.database.replica.status).toBe('stale');
      expect(ready.body.database.replica.lagMs).toBeGreaterThan(1000);
      const metrics = await request(strict.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(metrics.text).toContain('kindred_replica_status{status="stale"} 1');
      expect(metrics.text).toMatch(/^kindred_replica_lag_seconds [1-9]/m);
    });

    it('while a server that allows more lag still reads the standby, which has not seen her yet', async () => {
      expect(reads(lenient).status).toBe('in-use');
      expect(names(await search(lenient).expect(200))).not.toContain('Nia Newhiker');
      expect(nia.profileId).toBeDefined();
    });

    it('keeps a member who just changed something on the primary, so they see their own change', async () => {
      const blocked = await request(lenient.app).post('/api/blocks').set('Cookie', session).send({ profileId: bo.profileId }).expect(201);
      const wrote = (blocked.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${WROTE}=`))!.split(';')[0]!;
      const mine = `${session}; ${wrote}`;
      expect(await feedAuthors(lenient, mine)).not.toContain('Bo Trails');
      expect(names(await search(lenient, mine).expect(200))).not.toContain('Bo Trails');
      // Without that mark the same member reads the paused standby, from before the block.
      expect(await feedAuthors(lenient, session)).toContain('Bo Trails');
      expect(hana.profileId).toBeDefined();
    });
  });

  it('takes the standby back once it has caught up', async () => {
    await waitFor(async () => reads(strict).status === 'in-use', 15_000);
    expect(await onStandby("SELECT name FROM profiles WHERE name = 'Nia Newhiker'")).toHaveLength(1);
    expect(names(await search(strict).expect(200))).toContain('Nia Newhiker');
  });

  it('answers every search when the standby stops, from the primary', async () => {
    // This server's checks stop, so that its next search, not a check, meets the stopped standby.
    await lenient.ctx.database.reads.close();
    const statuses: number[] = [];
    let stopped = false;
    const client = async () => {
      while (!stopped) statuses.push((await search(strict)).status);
    };
    const load = [client(), client(), client()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    await standby.stop();
    const fallbacks = reads(lenient).reads.fallbacks;
    expect(names(await search(lenient).expect(200))).toContain('Hana Hiker');
    expect(reads(lenient)).toMatchObject({ status: 'down', reads: { fallbacks: fallbacks + 1 } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stopped = true;
    await Promise.all(load);

    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(reads(strict).status).toBe('down');
    const before = reads(strict).reads;
    expect(names(await search(strict).expect(200))).toContain('Nia Newhiker');
    expect(reads(strict).reads).toMatchObject({ replica: before.replica, primary: before.primary + 1 });
    const ready = await request(strict.app).get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: { replica: { status: 'down' } } });
  });
});
