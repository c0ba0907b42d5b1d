import type { Express } from 'express';
import request from 'supertest';

import { type SignedInMember, signedInMember } from '../../test/members.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The admin IDOR matrix, generated from the router itself: every /api/admin route, whoever
// added it, answers a visitor 401, a member 403 and the administrator neither. A new admin route
// that forgets requireAdmin fails here without anyone writing a test for it.

const ADMIN_EMAIL = 'ops@campus.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Layer {
  matchers?: ((path: string) => unknown)[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route of the app as METHOD and path, with the prefix its router is mounted at. */
function routesOf(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push({ method, path: prefix + layer.route.path });
      } else if (layer.handle.stack) {
        // Mounted routers keep no path string; find the prefix their matcher accepts.
        const mount = ['/api', ''].find((candidate) => layer.matchers?.[0]?.(`${candidate}/probe-route`));
        walk(layer.handle.stack, prefix + (mount ?? ''));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

let t: TestApp;
let member: SignedInMember;
let admin: SignedInMember;
let adminRoutes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL });
  member = await signedInMember(t, 'Mia Member');
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  adminRoutes = routesOf(t.app).filter((route) => route.path.startsWith('/api/admin'));
});
afterAll(() => t.close());

const concrete = (path: string) => path.replace(/:name\b/, 'no-such-job').replace(/:[A-Za-z]+/g, UNKNOWN_ID);
const call = (agent: ReturnType<typeof request> | SignedInMember['agent'], route: { method: string; path: string }) =>
  (agent as unknown as Record<string, (path: string) => request.Test>)[route.method]!(concrete(route.path)).send({});

it('finds the admin routes in the router', () => {
  expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
  expect(adminRoutes).toEqual(expect.arrayContaining([{ method: 'get', path: '/api/admin/overview' }, { method: 'get', path: '/api/admin/moderation' }]));
});

it('answers every admin route: visitor 401, member 403, administrator allowed', async () => {
  const wrong: string[] = [];
  for (const route of adminRoutes) {
    const label = `${route.method.toUpperCase()} ${route.path}`;
    const visitor = await call(request(t.app), route);
    if (visitor.status !== 401) wrong.push(`${label}: visitor got ${visitor.status}`);
    const asMember = await call(member.agent, route);
    if (asMember.status !== 403) wrong.push(`${label}: member got ${asMember.status}`);
    const asAdmin = await call(admin.agent, route);
    // Reads answer 200; changes to an unknown id answer 404 or a validation 400, never 401/403.
    if (route.method === 'get' ? asAdmin.status !== 200 && !route.path.includes(':') : [401, 403].includes(asAdmin.status)) {
      wrong.push(`${label}: administrator got ${asAdmin.status}`);
    }
  }
  expect(wrong).toEqual([]);
});
