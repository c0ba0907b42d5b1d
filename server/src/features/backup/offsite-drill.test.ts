import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import request from 'supertest';

import { TEST_PASSWORD } from '../../../test/auth-helpers.js';
import { PNG_1x1 } from '../../../test/images.js';
import { signedInMember } from '../../../test/members.js';
import { spawnTs } from '../../../test/processes.js';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-standin.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createEmptyDatabase, testServerUrl, type TestDatabase, withAdminClient } from '../../../test/test-database.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type AppContext, createContext } from '../../context.js';
import { createLogger } from '../../logger.js';
import { createS3Client } from '../../storage/s3-storage.js';

// The off-host restore drill (docs/operations.md, "Restoring onto a new server"): members on one
// Kindred, `cli backup` streams an age-encrypted archive to an S3 bucket (s3rver, the S3 API on
// disk), then a new server (an empty database, an empty DATA_DIR) restores it from s3:// with the
// key only the operator holds, migrates, and a member signs in with her password and sees her
// profile and avatar. Through the CLI, as an operator runs it. pg_dump needs a real Postgres, so
// this runs in the real-Postgres pass only.

const run = promisify(execFile);
const external = testServerUrl() !== undefined;
const SLOW_MS = 180_000;
const SESSION_SECRET = 'offsite-drill-session-secret-0123456789';

const cli = async (args: string[], env: Record<string, string>) => {
  const child = spawnTs('cli/src/index.ts', args, { AI_PROVIDER: 'builtin', ...env });
  const code = await child.exited;
  // The last line: on Node 20 the AWS SDK prints a deprecation warning first.
  return { code, output: child.output(), last: child.output().trim().split('\n').at(-1) ?? '' };
};

/** A fresh age key pair, as an admin makes it on a laptop: the file, and its public key. */
async function ageKey(dir: string, name: string): Promise<{ file: string; recipient: string }> {
  const file = path.join(dir, name);
  await run('age-keygen', ['-o', file]);
  const recipient = /# public key: (age1\w+)/.exec(await readFile(file, 'utf8'))![1]!;
  return { file, recipient };
}

(external ? describe : describe.skip)('an encrypted off-host backup restored onto a new server', () => {
  let s3: S3StandIn;
  let source: TestApp;
  let fresh: TestDatabase;
  let restored: AppContext | undefined;
  let work: string;

  beforeAll(async () => {
    s3 = await startS3StandIn('kindred-offsite');
    work = await mkdtemp(path.join(os.tmpdir(), 'kindred-offsite-drill-'));
    source = await createTestApp({ SESSION_SECRET });
    fresh = await createEmptyDatabase();
  });
  afterAll(async () => {
    await restored?.close();
    await source?.close();
    await fresh?.drop();
    await s3?.close();
    await rm(work, { recursive: true, force: true });
  });

  const s3Env = () => ({
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
    BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    BACKUP_S3_PREFIX: 'drill/',
  });
  const bucketClient = () => createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const tablesIn = async (database: TestDatabase) =>
    withAdminClient(database.env.DATABASE_URL!, async (client) => Number((await client.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`)).rows[0].n));

  it(
    'backs up through the CLI to the bucket, encrypted; the new server restores it with the key, and a member signs in',
    async () => {
      const ana = await signedInMember(source, 'Ana Lee');
      const avatarUrl = (await ana.agent.post('/api/profile/avatar').set('content-type', 'image/png').send(PNG_1x1).expect(201)).body.avatarUrl as string;
      await signedInMember(source, 'Bo Chen');
      const key = await ageKey(work, 'kindred-backup.key');
      const otherKey = await ageKey(work, 'someone-else.key');

      // The old server: a backup folder on its disk, and its copy in the bucket.
      const backup = await cli(['backup', '--to', path.join(work, 'backups'), '--json'], {
        ...source.database.env,
        ...s3Env(),
        BACKUP_ENCRYPT_RECIPIENT: key.recipient,
      });
      expect([backup.code, backup.output]).toEqual([0, expect.stringContaining('"offsite"')]);
      const { offsite, counts } = JSON.parse(backup.last) as { offsite: { url: string; encrypted: boolean }; counts: Record<string, number> };
      expect(counts).toMatchObject({ users: 2, profiles: 2 });
      expect(offsite.url).toMatch(/^s3:\/\/kindred-offsite\/drill\/kindred-\d{8}T\d{9}Z-[0-9a-f]{6}\.tar\.age$/);
      expect(offsite.encrypted).toBe(true);

      const listed = await cli(['backups', '--remote'], { ...source.database.env, ...s3Env() });
      expect([listed.code, listed.last]).toEqual([0, expect.stringMatching(/^s3:\/\/kindred-offsite\/drill\/kindred-.*\.tar\.age {2}\d+ bytes$/)]);
      expect(listed.last.startsWith(`${offsite.url}  `)).toBe(true);

      // What the bucket holds is ciphertext: age's header, and none of the members' data in the clear.
      const objectKey = offsite.url.slice('s3://kindred-offsite/'.length);
      const client = bucketClient();
      const stored = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey }))).Body!.transformToByteArray());
      expect(stored.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
      expect(stored.includes(Buffer.from('manifest.json'))).toBe(false);
      expect(stored.includes(Buffer.from(ana.email))).toBe(false);

      // A damaged copy (one byte flipped in the middle) is refused, and the new database stays empty.
      const damaged = Buffer.from(stored);
      const middle = Math.floor(damaged.length / 2);
      damaged[middle] = damaged[middle]! ^ 0xff;
      const damagedKey = objectKey.replace('.tar.age', '-damaged.tar.age');
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: damagedKey, Body: damaged }));
      client.destroy();

      const newServer = { ...fresh.env, ...s3Env(), BACKUP_DIR: path.join(work, 'new-server-backups') };
      const noKey = await cli(['restore', '--from', offsite.url], newServer);
      expect([noKey.code, noKey.last]).toEqual([1, `${offsite.url} is encrypted: pass --identity <file>, the age key file (age-keygen) whose public key is in BACKUP_ENCRYPT_RECIPIENT`]);
      const wrongKey = await cli(['restore', '--from', offsite.url, '--identity', otherKey.file], newServer);
      expect([wrongKey.code, wrongKey.last]).toEqual([1, `${offsite.url} cannot be decrypted with ${otherKey.file}: it was encrypted to another key`]);
      const missingKey = await cli(['restore', '--from', offsite.url, '--identity', path.join(work, 'nope.key')], newServer);
      expect([missingKey.code, missingKey.last]).toEqual([1, `--identity ${path.join(work, 'nope.key')}: cannot read it (ENOENT)`]);
      const corrupt = await cli(['restore', '--from', `s3://${s3.bucket}/${damagedKey}`, '--identity', key.file], newServer);
      expect(corrupt.code).toBe(1);
      expect(corrupt.output).toMatch(/could not be decrypted and unpacked, so it is damaged or not a Kindred backup \(age: /);
      expect(await tablesIn(fresh)).toBe(0);
      // Nothing of the failed attempts is left in the work folder.
      expect(await readdir(newServer.BACKUP_DIR).catch(() => [])).toEqual([]);

      // The restore proper, then the migrations of this release.
      const restore = await cli(['restore', '--from', offsite.url, '--identity', key.file], newServer);
      expect([restore.code, restore.last]).toEqual([0, expect.stringMatching(/^restored the backup of .*: 2 users, 2 profiles/)]);
      expect(await readdir(newServer.BACKUP_DIR)).toEqual([]);
      const migrate = await cli(['migrate', 'up'], newServer);
      expect(migrate.code).toBe(0);

      // The new server: Ana signs in with her password and sees her profile and avatar.
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AI_PROVIDER: 'builtin', ...fresh.env, SESSION_SECRET });
      restored = await createContext(config, createLogger(config), { migrate: false });
      const app = createApp(restored);
      const agent = request.agent(app);
      await agent.post('/api/auth/login').send({ email: ana.email, password: TEST_PASSWORD }).expect(200);
      const profile = (await agent.get('/api/profile').expect(200)).body as { name: string; avatar_url: string };
      expect(profile).toMatchObject({ name: 'Ana Lee', avatar_url: avatarUrl });
      const avatar = await request(app).get(avatarUrl).buffer(true).expect(200);
      expect(avatar.headers['content-type']).toBe('image/png');
    },
    SLOW_MS,
  );

  it(
    'the nightly cron copies its backup off the host too, keeping BACKUP_S3_KEEP copies',
    async () => {
      const env = { ...source.database.env, ...s3Env(), BACKUP_S3_PREFIX: 'nightly/', BACKUP_S3_KEEP: '1', BACKUP_DIR: path.join(work, 'nightly') };
      const urls: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const cron = await cli(['cron', '--once', '--json'], env);
        const line = cron.output.split('\n').find((l) => l.includes('"offsite"'));
        expect([cron.code, line]).toEqual([0, expect.any(String)]);
        urls.push((JSON.parse(line!) as { offsite: { url: string } }).offsite.url);
      }
      expect(urls[1]).toMatch(/^s3:\/\/kindred-offsite\/nightly\/kindred-.*\.tar$/);
      const listed = await cli(['backups', '--remote', '--json'], env);
      expect(JSON.parse(listed.last)).toEqual([{ url: urls[1], bytes: expect.any(Number) }]);
    },
    SLOW_MS,
  );
});
