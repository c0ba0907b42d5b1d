import { agentFor, signUp, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// GET /api/admin/mail: the outgoing mail as the administrator sees it. Who may call it is the
// route-rule test's (policies/route-rules.test.ts); what the queue does, mail/mailer.test.ts.
// Without SMTP_URL nothing else is queued (mail goes to the outbox), so the rows are the test's.

const ADMIN_EMAIL = 'postmaster@campus.example';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL });
  admin = agentFor(t);
  await signUp(t, admin, ADMIN_EMAIL);
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
  // Each written newer than the one before (the clock may give two quick inserts the same instant).
  for (const row of [
    { to_address: 'ana@campus.example', subject: 'Your code', text_body: 'x', html_body: 'x', next_attempt_at: at(0), created_at: at(0) },
    { to_address: 'bo@campus.example', subject: 'Reset', text_body: '', html_body: '', next_attempt_at: at(1), created_at: at(1), state: 'failed' as const, attempts: 8, last_error: 'Greeting never received' },
    { to_address: 'cy@campus.example', subject: 'Welcome', text_body: '', html_body: '', next_attempt_at: at(2), created_at: at(2), state: 'sent' as const, attempts: 1, sent_at: at(3) },
  ]) {
    await t.ctx.db.insertInto('outgoing_mail').values(row).execute();
  }
});
afterAll(() => t.close());

it('counts the mail by state and lists the newest first, with why a failed one failed', async () => {
  const res = await admin.get('/api/admin/mail').expect(200);
  expect(res.body.counts).toEqual({ queued: 1, sending: 0, sent: 1, failed: 1 });
  const listed = res.body.messages as { to: string }[];
  expect(listed.map((m) => m.to)).toEqual(['cy@campus.example', 'bo@campus.example', 'ana@campus.example']);
  expect(listed[1]).toEqual({
    id: expect.any(String),
    to: 'bo@campus.example',
    subject: 'Reset',
    state: 'failed',
    attempts: 8,
    lastError: 'Greeting never received',
    nextAttemptAt: '2026-11-01T09:01:00.000Z',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    sentAt: null,
  });
  expect(listed[0]).toMatchObject({ state: 'sent', sentAt: '2026-11-01T09:03:00.000Z' });
});

it('filters by state and limits the list', async () => {
  const failed = await admin.get('/api/admin/mail?state=failed').expect(200);
  expect(failed.body.messages.map((m: { to: string }) => m.to)).toEqual(['bo@campus.example']);
  expect((await admin.get('/api/admin/mail?limit=1').expect(200)).body.messages).toHaveLength(1);
  expect((await admin.get('/api/admin/mail?state=lost').expect(400)).body.error.code).toBe('validation_failed');
  expect((await admin.get('/api/admin/mail?limit=500').expect(400)).body.error.code).toBe('validation_failed');
});
