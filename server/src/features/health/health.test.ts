import { readFileSync } from 'node:fs';
import path from 'node:path';

import request from 'supertest';

import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type AppContext, createContext } from '../../context.js';
import { embeddedPaths } from '../../db/embedded.js';
import { createLogger } from '../../logger.js';
import { projectRoot } from '../../paths.js';
import { release } from '../../version.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { type ProxyTarget, startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';

// The database goes away while the app runs, then comes back: /readyz says so, and the app
// recovers on its own. The app reaches its database through a proxy the test can cut.
let database: TestDatabase;
let owner: AppContext | undefined;
let proxy: TcpProxy;
let ctx: AppContext;

beforeAll(async () => {
  database = await createTestDatabase();
  let target: ProxyTarget;
  let dbName: string;
  if (database.env.DATABASE_URL) {
    const url = new URL(database.env.DATABASE_URL);
    target = { host: url.hostname, port: Number(url.port || 5432) };
    dbName = url.pathname.slice(1);
  } else {
    // Embedded: one context owns the data directory and serves its socket; the app under test
    // connects through the proxy to that socket, like an external server.
    const dataDir = database.env.DATA_DIR;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    owner = await createContext(config, createLogger(config), { migrate: false });
    target = { path: embeddedPaths(dataDir).socketFile };
    dbName = 'postgres';
  }
  proxy = await startTcpProxy(target);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${dbName}`,
    DATA_DIR: path.join(database.env.DATA_DIR, 'proxied'),
  });
  ctx = await createContext(config, createLogger(config), { migrate: false });
});

afterAll(async () => {
  await ctx.close();
  await proxy.close();
  await owner?.close();
  await database.drop();
});

it('answers 503 from /readyz while the database is down and 200 again once it is back', async () => {
  const app = createApp(ctx);
  const up = await request(app).get('/readyz').expect(200);
  // Which release answers, database or not: during an upgrade, old and new servers tell apart.
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  expect(up.body).toMatchObject({ version, commit: release().commit });

  await proxy.cut();
  const down = await request(app).get('/readyz').expect(503);
  expect(down.body).toMatchObject({ status: 'unavailable', version: release().version, database: { reachable: false } });
  await request(app).get('/healthz').expect(200);

  await proxy.restore();
  const back = await request(app).get('/readyz').expect(200);
  expect(back.body.database.reachable).toBe(true);
});
