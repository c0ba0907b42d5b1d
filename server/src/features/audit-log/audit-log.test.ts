import request from 'supertest';

import { agentFor, signUp, type Agent } from '../../../test/auth-helpers.js';
import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const ADMIN_EMAIL = 'registrar@campus.example';

let t: TestApp;
let admin: Agent;
let actor: { id: string; email: string };
let member: SignedInMember;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL });
  admin = agentFor(t);
  await signUp(t, admin, ADMIN_EMAIL);
  actor = await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  member = await signedInMember(t, 'Mo Member', 'audit');
});
afterAll(() => t.close());

interface Entry {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

const page = async (query = '') => ((await admin.get(`/api/admin/audit-log${query}`).expect(200)).body as { entries: Entry[] }).entries;

it('is for the administrator only', async () => {
  expect((await request(t.app).get('/api/admin/audit-log').expect(401)).body.error.code).toBe('unauthorized');
  expect((await member.agent.get('/api/admin/audit-log').expect(403)).body.error.code).toBe('admin_only');
});

describe('entries', () => {
  beforeAll(async () => {
    // Entries are stamped to the millisecond and ties go by id: each in its own millisecond, so the order is the test's.
    const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (let i = 1; i <= 5; i++) {
      await t.ctx.services.auditLog.record({ actor, action: 'nfc_location.update', targetType: 'nfc_location', targetId: `target-${i}`, details: { step: i, tags: ['a', 'b'] } });
      await nextMillisecond();
    }
    await t.ctx.services.auditLog.record({ actor, action: 'job.start', targetType: 'job' });
  });

  it('are listed newest first, in the documented shape', async () => {
    const entries = await page();
    expect(entries.map((e) => e.targetId)).toEqual([null, 'target-5', 'target-4', 'target-3', 'target-2', 'target-1']);
    expect(entries[0]).toEqual({ id: expect.any(String), actorEmail: ADMIN_EMAIL, action: 'job.start', targetType: 'job', targetId: null, details: {}, createdAt: expect.any(String) });
    expect(entries[1]!.details).toEqual({ step: 5, tags: ['a', 'b'] });
  });

  it('page by limit and before, without a gap or a repeat', async () => {
    const all = await page();
    const first = await page('?limit=2');
    const second = await page(`?limit=2&before=${encodeURIComponent(first.at(-1)!.createdAt)}`);
    const rest = await page(`?limit=50&before=${encodeURIComponent(second.at(-1)!.createdAt)}`);
    expect([...first, ...second, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('never ends a page between entries of the same millisecond', async () => {
    const at = new Date(Date.now() - 3_600_000);
    const rows = Array.from({ length: 4 }, (_, i) => ({ actor_id: actor.id, actor_email: actor.email, action: 'job.start', target_type: 'job', target_id: `same-ms-${i}`, created_at: at }));
    await t.ctx.db.insertInto('admin_audit_log').values(rows).execute();
    const older = (await page(`?limit=200&before=${encodeURIComponent(new Date(at.getTime() + 1).toISOString())}`)).map((e) => e.id);
    const first = await page(`?limit=2&before=${encodeURIComponent(new Date(at.getTime() + 1).toISOString())}`);
    expect(first.map((e) => e.targetId).sort()).toEqual(['same-ms-0', 'same-ms-1', 'same-ms-2', 'same-ms-3']);
    const next = await page(`?limit=2&before=${encodeURIComponent(first.at(-1)!.createdAt)}`);
    expect([...first, ...next].map((e) => e.id)).toEqual(older.slice(0, first.length + next.length));
  });

  it('refuses a malformed page request', async () => {
    await admin.get('/api/admin/audit-log?before=yesterday').expect(400);
    await admin.get('/api/admin/audit-log?limit=0').expect(400);
    await admin.get('/api/admin/audit-log?limit=201').expect(400);
    await admin.get('/api/admin/audit-log?actor=me').expect(400);
  });
});

describe('recording', () => {
  it('commits and rolls back with the caller’s transaction', async () => {
    const before = (await page('?limit=200')).length;
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.services.auditLog.recordIn(trx, { actor, action: 'report.dismiss', targetType: 'report', targetId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.ctx.db.transaction().execute((trx) => t.ctx.services.auditLog.recordIn(trx, { actor, action: 'report.dismiss', targetType: 'report', targetId: 'committed' }));
    const entries = await page('?limit=200');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ action: 'report.dismiss', targetId: 'committed' });
  });

  it('refuses an action that is not a dotted name', async () => {
    for (const action of ['delete', 'User.Delete', 'user.', 'user delete']) {
      await expect(t.ctx.services.auditLog.record({ actor, action, targetType: 'user' })).rejects.toThrow(/dotted action name/);
    }
  });

  it('keeps the row when the administrator’s account is purged, with the e-mail', async () => {
    const other = await signedInMember(t, 'Old Admin', 'audit');
    await t.ctx.services.auditLog.record({ actor: { id: other.userId, email: other.email }, action: 'user.delete', targetType: 'user', targetId: 'someone' });
    await t.ctx.db.deleteFrom('users').where('id', '=', other.userId).execute();
    const row = await t.ctx.db.selectFrom('admin_audit_log').selectAll().where('actor_email', '=', other.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: null, action: 'user.delete' });
  });
});
