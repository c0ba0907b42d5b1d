import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PNG_1x1 } from '../../../test/images.js';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';

import { startS3StandIn, type S3StandIn } from '../../../test/s3-standin.js';
import { sessionCookie } from '../../../test/auth-helpers.js';
import { signedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createEmptyDatabase, testServerUrl, type TestDatabase } from '../../../test/test-database.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type AppContext, createContext } from '../../context.js';
import { createLogger } from '../../logger.js';
import { keyFromUrl } from '../../storage/storage.js';

// The restore drill the operations guide promises: a populated Kindred (members, a signed-in
// session, an avatar and a moment in S3, mail between members) is backed up with pg_dump, restored
// into an empty database and an empty bucket, and the restored Kindred serves the same members,
// files and mail. pg_dump needs a real Postgres server: on the embedded database the drill is
// skipped and only the refusal is tested.

const external = testServerUrl() !== undefined;
// Sessions survive a restore only under the same secret: it belongs with the backups (operations guide).
const SESSION_SECRET = 'restore-drill-session-secret-0123456789';

let backupRoot: string;
beforeEach(async () => {
  backupRoot = await mkdtemp(path.join(os.tmpdir(), 'kindred-backups-'));
});
afterEach(() => rm(backupRoot, { recursive: true, force: true }));

(external ? it.skip : it)('on the embedded database says how to back it up instead', async () => {
  const t = await createTestApp();
  try {
    await expect(t.ctx.services.backup.create(backupRoot)).rejects.toThrow('Backups need DATABASE_URL (an external Postgres). The embedded database is backed up by copying DATA_DIR while Kindred is stopped.');
  } finally {
    await t.close();
  }
});

(external ? describe : describe.skip)('backup and restore on Postgres', () => {
  let source: S3StandIn;
  let target: S3StandIn;
  let t: TestApp;
  let empty: TestDatabase;
  let restored: AppContext | undefined;

  beforeAll(async () => {
    [source, target] = await Promise.all([startS3StandIn('kindred-uploads'), startS3StandIn('kindred-restored')]);
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });
  beforeEach(async () => {
    t = await createTestApp({ ...source.env, SESSION_SECRET });
    empty = await createEmptyDatabase();
  });
  afterEach(async () => {
    await restored?.close();
    restored = undefined;
    await t.close();
    await empty.drop();
  });

  async function restoredContext(): Promise<AppContext> {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AI_PROVIDER: 'builtin', ...empty.env, ...target.env, SESSION_SECRET });
    restored = await createContext(config, createLogger(config), { migrate: false });
    return restored;
  }

  it('restores members, their sessions, files and mail into an empty database and bucket', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    const avatarUrl = (await ana.agent.post('/api/profile/avatar').set('content-type', 'image/png').send(PNG_1x1).expect(201)).body.avatarUrl as string;
    await ana.agent.post('/api/moments').field('type', 'image').field('text', 'Sunset at Wreck Beach').attach('images', PNG_1x1, 'a.png').expect(201);
    await ana.agent.post('/api/messages').send({ to: bo.mailbox, subject: 'Coffee on Friday?', content: 'At the Nest, 10am' }).expect(201);
    const boCookie = sessionCookie(await request(t.app).post('/api/auth/login').send({ email: bo.email, password: 'maple-orbit-lantern' }).expect(200))!;
    const sourceKeys: string[] = [];
    for await (const key of t.ctx.storage.keys()) sourceKeys.push(key);
    expect(sourceKeys.length).toBeGreaterThanOrEqual(3); // avatar (+ thumbnail), the moment's image

    const { path: backup, manifest } = await t.ctx.services.backup.create(backupRoot, 7);
    expect(manifest).toMatchObject({ format: 1, files: sourceKeys.length, counts: { users: 2, profiles: 2, messages: 1, moments: 1 } });
    expect(manifest.migration).toMatch(/^\d{14}_/);
    expect((await readdir(path.join(backup, 'uploads'))).sort()).toEqual([...sourceKeys].sort());

    const ctx = await restoredContext();
    await ctx.services.backup.restore(backup);
    const app = createApp(ctx);

    // The same members: Ana signs in with her password; Bo's session cookie from before still works.
    const anaAgain = request.agent(app);
    await anaAgain.post('/api/auth/login').send({ email: ana.email, password: 'maple-orbit-lantern' }).expect(200);
    const profile = (await anaAgain.get('/api/profile').expect(200)).body as { name: string; avatar_url: string };
    expect(profile).toMatchObject({ name: 'Ana Lee', avatar_url: avatarUrl });
    const boMail = await request(app).get('/api/messages').set('Cookie', boCookie).expect(200);
    expect(JSON.stringify(boMail.body)).toContain('Coffee on Friday?');

    // The same files, byte for byte, now from the other bucket.
    for (const key of sourceKeys) {
      const served = await request(app).get(`/uploads/${key}`).buffer(true).expect(200);
      const original = await t.ctx.storage.open(key);
      expect(Buffer.compare(served.body as Buffer, Buffer.concat(await original!.stream().toArray()))).toBe(0);
    }
    const avatar = await request(app).get(avatarUrl).expect(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(keyFromUrl(avatarUrl)).not.toBeNull();
  });

  it('keeps the newest backups, refuses a non-empty target and a damaged dump', async () => {
    await signedInMember(t, 'Ana Lee');
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await t.ctx.services.backup.create(backupRoot, 2)).path);
    expect(await t.ctx.services.backup.list(backupRoot)).toEqual(made.slice(1).map((p) => path.basename(p)).sort());

    // Into the database it came from: refused, nothing touched.
    await expect(t.ctx.services.backup.restore(made[2]!)).rejects.toThrow(/^The target database is not empty \(\d+ tables\): restore into a new, empty database$/);

    const dump = path.join(made[2]!, 'database.dump');
    const bytes = await readFile(dump);
    bytes[bytes.length - 10] = bytes.at(-10)! ^ 0xff;
    await writeFile(dump, bytes);
    const ctx = await restoredContext();
    await expect(ctx.services.backup.restore(made[2]!)).rejects.toThrow('database.dump does not match its checksum in manifest.json: the backup is damaged');
    await expect(ctx.services.backup.restore(backupRoot)).rejects.toThrow(/is not a Kindred backup/);
  });
});
