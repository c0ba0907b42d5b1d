import { sql } from 'kysely';
import request from 'supertest';

import { signedInMember } from '../../../test/members.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import type { TransparencyReport } from '../../../../contract/transparency.js';

// The public transparency report (issue 34): per month, reports in and actions taken by kind and
// reason; counts only. The clock is set to 15 March 2027 (UTC), so "this month" is 2027-03.
const clock = new TestClock();
clock.advance(Date.UTC(2027, 2, 15, 12) - clock.now().getTime());
let t: TestApp;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'ops@transparency.example' }, { clock });
  const reporter = await makeProfile(t, { name: 'Rae Reporter', bio: 'SECRET-REPORTER-BIO' });
  const reported = await makeProfile(t, { name: 'Sid Reported', bio: 'SECRET-REPORTED-BIO' });
  const report = (when: string) =>
    sql`INSERT INTO reports (reporter_id, reported_user_id, reason, note, evidence, created_at)
        VALUES (${reporter.userId}, ${reported.userId}, 'harassment', 'SECRET-REPORT-NOTE', '{}'::jsonb, ${at(when)})`.execute(t.ctx.db);
  await report('2027-03-02T09:00:00Z');
  await report('2027-03-31T23:59:59Z');
  await report('2027-01-10T00:00:00Z');
  await report('2026-02-28T00:00:00Z'); // 13 months ago: not shown
  const action = (action: 'hide' | 'suspend' | 'warn' | 'unsuspend', reason: 'harassment' | 'spam' | null, when: string) =>
    t.ctx.db
      .insertInto('moderation_actions')
      .values({ user_id: reported.userId, actor_id: reporter.userId, action, reason, note: 'SECRET-ACTION-NOTE', created_at: at(when) })
      .execute();
  await action('suspend', 'harassment', '2027-03-03T10:00:00Z');
  await action('hide', 'spam', '2027-03-04T10:00:00Z');
  await action('hide', 'spam', '2027-03-05T10:00:00Z');
  await action('unsuspend', null, '2027-03-06T10:00:00Z');
  await action('warn', null, '2027-01-11T10:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/transparency', () => {
  it('shows anyone, signed in or not, the last 12 months: reports in, actions by kind and reason', async () => {
    const res = await request(t.app).get('/api/transparency').expect(200);
    const { months } = res.body as TransparencyReport;
    expect(months.map((m) => m.month)).toEqual(['2027-03', '2027-02', '2027-01', '2026-12', '2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04']);
    expect(months[0]).toEqual({
      month: '2027-03',
      reports: 2,
      actions: [
        { action: 'hide', reason: 'spam', count: 2 },
        { action: 'suspend', reason: 'harassment', count: 1 },
        { action: 'unsuspend', reason: null, count: 1 },
      ],
    });
    expect(months[1]).toEqual({ month: '2027-02', reports: 0, actions: [] });
    expect(months[2]).toEqual({ month: '2027-01', reports: 1, actions: [{ action: 'warn', reason: null, count: 1 }] });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a member and the administrator exactly as a visitor (a public rule: nothing depends on who asks)', async () => {
    const anonymous = (await request(t.app).get('/api/transparency').expect(200)).body as TransparencyReport;
    const member = await signedInMember(t, 'Mo Member', 'transparency');
    const admin = await signedInMember(t, 'Ops Admin', 'transparency-admin');
    await t.ctx.db.updateTable('users').set({ email: 'ops@transparency.example' }).where('id', '=', admin.userId).execute();
    await t.ctx.services.auth.grantAdmin('ops@transparency.example');
    expect((await member.agent.get('/api/transparency').expect(200)).body).toEqual(anonymous);
    expect((await admin.agent.get('/api/transparency').expect(200)).body).toEqual(anonymous);
  });

  it('holds no personal data: no names, ids, notes or report text', async () => {
    const text = (await request(t.app).get('/api/transparency').expect(200)).text;
    expect(text).not.toMatch(/SECRET|Rae|Sid|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
