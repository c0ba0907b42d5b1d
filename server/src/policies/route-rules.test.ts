import express from 'express';
import request from 'supertest';

import { type SignedInMember, signedInMember } from '../../test/members.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RULES } from './index.js';
import { listContracts, type ListedRoute, listRoutes, ruledRouter } from './routes.js';

// Every route of the app, read from the Express router itself, is declared with its rule
// (policies/routes.ts ruledRouter). A route added any other way fails here by name, and every
// /api/admin route answers a visitor 401, a member 403 and the administrator neither, whoever
// added it and without anyone writing a test for it.

const ADMIN_EMAIL = 'ops@campus.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let member: SignedInMember;
let admin: SignedInMember;
let routes: ListedRoute[];

beforeAll(async () => {
  // Every optional router on: campus sign-in mounts its routes only with a provider set (it is asked lazily).
  t = await createTestApp({ ADMIN_EMAIL, OIDC_ISSUER: 'http://127.0.0.1:9/realms/campus', OIDC_CLIENT_ID: 'kindred' });
  member = await signedInMember(t, 'Mia Member');
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  routes = listRoutes(t.app, { handlers: true });
});
afterAll(() => t.close());

const label = (route: ListedRoute) => `${route.method.toUpperCase()} ${route.path}`;
const adminRoutes = () => routes.filter((route) => route.path.startsWith('/api/admin'));
const concrete = (path: string) => path.replace(/:name\b/, 'no-such-job').replace(/:[A-Za-z]+/g, UNKNOWN_ID);
/** A handler mounted by path (method 'use') answers any method: it is asked with GET. */
const call = (agent: ReturnType<typeof request> | SignedInMember['agent'], route: ListedRoute) =>
  (agent as unknown as Record<string, (path: string) => request.Test>)[route.method === 'use' ? 'get' : route.method]!(concrete(route.path)).send({});

it('finds the app\'s routes in the router', () => {
  expect(routes.length).toBeGreaterThanOrEqual(80);
  expect(routes).toEqual(
    expect.arrayContaining([
      { method: 'get', path: '/healthz', rule: 'public' },
      { method: 'post', path: '/api/auth/login', rule: 'public' },
      { method: 'get', path: '/api/likes', rule: 'member' },
      { method: 'delete', path: '/api/comments/:id', rule: 'comment.delete' },
      { method: 'get', path: '/api/admin/overview', rule: 'admin' },
      { method: 'get', path: '/api/admin/mail', rule: 'admin' },
    ]),
  );
});

it('declares every route with its rule', () => {
  expect(routes.filter((route) => route.rule === undefined).map(label)).toEqual([]);
  expect(routes.filter((route) => route.rule !== undefined && !Object.hasOwn(RULES, route.rule)).map(label)).toEqual([]);
});

it('gives every /api/admin route the admin rule, and that rule to no other route', () => {
  expect(adminRoutes().length).toBeGreaterThanOrEqual(15);
  expect(adminRoutes().filter((route) => route.rule !== 'admin').map(label)).toEqual([]);
  expect(routes.filter((route) => route.rule === 'admin' && !route.path.startsWith('/api/admin')).map(label)).toEqual([]);
});

it('notices a route or a handler added without a rule', () => {
  const app = express();
  const declared = ruledRouter();
  declared.get('/ruled', 'public', { sends: 'nothing' }, (_req, res) => res.end());
  declared.use('/files', 'member', (_req, res) => res.end());
  declared.router.get('/forgotten', (_req, res) => res.end());
  declared.router.use('/forgotten-files', (_req, res) => res.end());
  app.use(express.json()); // the app's own middleware is not an endpoint
  app.use('/api', declared.router);
  expect(listRoutes(app, { handlers: true })).toEqual([
    { method: 'get', path: '/api/ruled', rule: 'public' },
    { method: 'use', path: '/api/files', rule: 'member' },
    { method: 'use', path: '/api/files', rule: 'member' },
    { method: 'get', path: '/api/forgotten', rule: undefined },
    { method: 'use', path: '/api/forgotten-files', rule: undefined },
  ]);
});

it('walks the handlers mounted by path and the optional routers', () => {
  expect(routes).toEqual(
    expect.arrayContaining([
      { method: 'use', path: '/uploads', rule: 'public' },
      { method: 'use', path: '/api/speech-to-text', rule: 'member' },
      { method: 'use', path: '/assets', rule: 'public' },
      { method: 'get', path: '/api/auth/oidc/login', rule: 'public' },
    ]),
  );
});

it('enforces a handler\'s rule before it runs', async () => {
  const app = express();
  const declared = ruledRouter();
  declared.use('/files', 'member', (_req, res) => res.end('secret'));
  app.use(declared.router);
  app.use(((error: { status?: number }, _req, res, _next) => res.status(error.status ?? 500).end()) as express.ErrorRequestHandler);
  await request(app).get('/files/a').expect(401);
});

it('answers every admin route: visitor 401, member 403, administrator allowed', async () => {
  const wrong: string[] = [];
  for (const route of adminRoutes()) {
    const visitor = await call(request(t.app), route);
    if (visitor.status !== 401) wrong.push(`${label(route)}: visitor got ${visitor.status}`);
    const asMember = await call(member.agent, route);
    if (asMember.status !== 403 || asMember.body.error?.code !== 'admin_only') wrong.push(`${label(route)}: member got ${asMember.status}`);
    const asAdmin = await call(admin.agent, route);
    // Reads answer 200; changes to an unknown id answer 404 or a validation 400, never 401/403 —
    // but the step-up's 403 (auth/step-up.ts), which comes after the audience was let through.
    const refused = [401, 403].includes(asAdmin.status) && asAdmin.body.error?.code !== 'step_up_required';
    if (route.method === 'get' ? asAdmin.status !== 200 && !route.path.includes(':') : refused) {
      wrong.push(`${label(route)}: administrator got ${asAdmin.status}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('answers a visitor 401 on every route that needs a member', async () => {
  const needMember = routes.filter((route) => route.rule !== undefined && RULES[route.rule].audience === 'member');
  expect(needMember.length).toBeGreaterThanOrEqual(40);
  const wrong: string[] = [];
  for (const route of needMember) {
    const visitor = await call(request(t.app), route);
    if (visitor.status !== 401) wrong.push(`${label(route)}: visitor got ${visitor.status}`);
  }
  expect(wrong).toEqual([]);
});

// Every route names its contract (contract/): its JSON response, or what it sends instead (a
// file, a redirect, text, nothing). ruledRouter refuses a declaration without; this reads it back
// from the app itself, optional routers included.
it('declares every route\'s JSON response or what it sends instead', () => {
  const listed = listContracts(t.app);
  expect(listed.filter((route) => !route.contract || (!route.contract.response && !route.contract.sends)).map(label)).toEqual([]);
  expect(listed.filter((route) => route.contract?.response).map(label)).toEqual(
    expect.arrayContaining(['GET /api/profile', 'GET /api/admin/moderation', 'POST /api/search', 'POST /api/speech-to-text', 'GET /readyz']),
  );
  expect(listed.filter((route) => route.contract?.sends === 'file').map(label)).toEqual(expect.arrayContaining(['GET /uploads/:key', 'GET /api/account/export']));
});

it('loads and authorizes the resource of every route whose rule is about one', () => {
  const aboutResource = listContracts(t.app).filter((route) => route.rule !== undefined && RULES[route.rule].about === 'a resource');
  expect(aboutResource.map(label).sort()).toEqual(['DELETE /api/comments/:id', 'POST /api/blocks', 'POST /api/reports', 'PUT /api/likes/:profileId']);
  expect(aboutResource.filter((route) => !route.contract?.resource).map(label)).toEqual([]);
});
