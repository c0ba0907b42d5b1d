import request from 'supertest';

import { createApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createContext } from '../../server/src/context.js';
import { createLogger } from '../../server/src/logger.js';
import { spawnTs } from '../../server/test/processes.js';
import { createTestDatabase, type TestDatabase } from '../../server/test/test-database.js';

// The first administrator without mail: `cli users create EMAIL --admin` prints a link that sets a
// password and signs in as the administrator; no SMTP server is configured anywhere here.
const SLOW_MS = 120_000;
const ENV = { ADMIN_EMAIL: 'admin@example.edu', SIGNUP_EMAIL_DOMAINS: '.example.edu', PUBLIC_URL: 'http://localhost:3999' };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it(
  'creates the admin and prints a one-time link that sets the password and signs in as admin; refuses the address a second time (exit 2)',
  async () => {
    const run = spawnTs('cli/src/index.ts', ['users', 'create', 'Admin@Example.edu', '--admin', '--json'], { ...database.env, ...ENV });
    expect(await run.exited).toBe(0);
    const made = JSON.parse(run.output().trim().split('\n').at(-1)!) as { email: string; admin: boolean; setPasswordLink: string; linkExpiresAt: string; campusSignIn: boolean };
    expect(made).toMatchObject({ email: 'admin@example.edu', admin: true, campusSignIn: false });
    const link = new URL(made.setPasswordLink);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3999/auth');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(new Date(made.linkExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const again = spawnTs('cli/src/index.ts', ['users', 'create', 'admin@example.edu', '--admin'], { ...database.env, ...ENV });
    expect(await again.exited).toBe(2);
    expect(again.output()).toMatch(/already exists/);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env, ...ENV });
    const ctx = await createContext(config, createLogger(config), { migrate: false });
    try {
      const agent = request.agent(createApp(ctx));
      const password = 'violet tram ocean pepper';
      const signedIn = await agent.post('/api/auth/password/reset').send({ token: link.searchParams.get('token'), password }).expect(200);
      expect(signedIn.body).toMatchObject({ user: { email: 'admin@example.edu' }, isAdmin: true });
      await agent.get('/api/admin/overview').expect(200);
      // The link works once; the password it set signs in from now on.
      await request(createApp(ctx)).post('/api/auth/password/reset').send({ token: link.searchParams.get('token'), password: 'another long passphrase here' }).expect(400);
      await request(createApp(ctx)).post('/api/auth/login').send({ email: 'admin@example.edu', password }).expect(200);

      // The refusals the operator can act on (the CLI prints them and exits 2).
      await expect(ctx.services.auth.createByOperator('x@gmail.com', { admin: false, passwordSignIn: true })).rejects.toMatchObject({ status: 400, code: 'email_domain_not_allowed' });
      await expect(ctx.services.auth.createByOperator('other@example.edu', { admin: true, passwordSignIn: true })).rejects.toMatchObject({ status: 400, code: 'not_admin_email' });
      await expect(ctx.services.auth.createByOperator('not-an-address', { admin: false, passwordSignIn: true })).rejects.toMatchObject({ status: 400 });
      // With campus sign-in only, no link: the campus sign-in takes the account.
      const campusOnly = await ctx.services.auth.createByOperator('member@cs.example.edu', { admin: false, passwordSignIn: false });
      expect(campusOnly.setPasswordLink).toBeNull();
    } finally {
      await ctx.close();
    }
  },
  SLOW_MS,
);
