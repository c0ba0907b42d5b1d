import request from 'supertest';

import { agentFor, TEST_PASSWORD } from '../../../test/auth-helpers.js';
import { decodedMailsTo } from '../../../test/decoded-mail.js';
import { mailsTo } from '../../../test/outbox.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

const ADMIN_EMAIL = 'ops@campus.example';
const clock = new TestClock();
let t: TestApp;
let admin: SignedInMember;
let ana: SignedInMember;
let bo: SignedInMember;
let cy: SignedInMember;

/** A member whose profile is complete (searchable), with a bio search can find. */
async function member(name: string, bio: string): Promise<SignedInMember> {
  const m = await signedInMember(t, name);
  await t.ctx.db.updateTable('profiles').set({ bio, age: 22 }).where('id', '=', m.profileId).execute();
  await t.ctx.services.embeddings.embedProfile(m.profileId);
  return m;
}

const finds = async (viewer: SignedInMember, other: SignedInMember) =>
  (await t.ctx.services.search.search(viewer.userId, { query: 'climbing partner' })).results.some((r) => r.id === other.profileId);

const feedOf = async (viewer: SignedInMember) =>
  ((await viewer.agent.get('/api/moments/recommended').expect(200)).body.moments as { content: string }[]).map((m) => m.content);

const inbox = async (viewer: SignedInMember) =>
  ((await viewer.agent.get('/api/messages?box=inbox').expect(200)).body.messages as { subject: string }[]).map((m) => m.subject);

const send = (from: SignedInMember, to: SignedInMember, subject: string) => from.agent.post('/api/messages').send({ to: to.mailbox, subject, content: 'Hello there' });

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL }, { clock });
  ana = await member('Ana Lee', 'Bouldering and climbing every week.');
  bo = await member('Bo Chen', 'Climbing gym regular, looking for a climbing partner.');
  cy = await member('Cy Park', 'Climbing and coffee.');
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  await t.ctx.db.insertInto('user_moments').values({ user_id: bo.userId, moment_type: 'text', image_url: null, video_url: null, text_content: 'Bo at the crag', caption: null }).execute();
  await t.ctx.db.insertInto('user_moments').values({ user_id: ana.userId, moment_type: 'text', image_url: null, video_url: null, text_content: 'Ana on a boulder', caption: null }).execute();
});
afterAll(() => t.close());

describe('blocking', () => {
  it('hides both members from each other in search, the feed, profiles and the mailbox, and is undone from General', async () => {
    await send(bo, ana, 'Before the block').expect(201);
    expect(await finds(ana, bo)).toBe(true);
    expect(await feedOf(ana)).toContain('Bo at the crag');
    await bo.agent.put(`/api/likes/${ana.profileId}`).expect(200);

    await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201);
    await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201); // twice is once

    expect(await finds(ana, bo)).toBe(false);
    expect(await finds(bo, ana)).toBe(false);
    expect(await finds(cy, bo)).toBe(true);
    expect(await feedOf(ana)).not.toContain('Bo at the crag');
    expect(await feedOf(bo)).not.toContain('Ana on a boulder');
    await ana.agent.get(`/api/profiles/${bo.profileId}`).expect(404);
    await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(404);
    await ana.agent.post('/api/search/analysis').send({ profileId: bo.profileId, searchQuery: 'climbing partner' }).expect(404);
    await bo.agent.post('/api/search/analysis').send({ profileId: ana.profileId, searchQuery: 'climbing partner' }).expect(404);
    // Bo's liked list no longer shows Ana either.
    expect((await bo.agent.get('/api/likes').expect(200)).body.likes).toEqual([]);

    // Bo is not told: the message shows as sent to him, and never reaches Ana (nor her unread count).
    const sent = await send(bo, ana, 'While blocked').expect(201);
    expect(sent.body.subject).toBe('While blocked');
    expect(((await bo.agent.get('/api/messages?box=sent').expect(200)).body.messages as { subject: string }[]).map((m) => m.subject)).toContain('While blocked');
    expect(await inbox(ana)).toEqual([]);
    expect((await ana.agent.get('/api/messages/unread-count').expect(200)).body.unreadCount).toBe(0);

    const list = await ana.agent.get('/api/blocks').expect(200);
    expect(list.body.blocked).toEqual([expect.objectContaining({ profileId: bo.profileId, name: 'Bo Chen' })]);
    await ana.agent.delete(`/api/blocks/${bo.profileId}`).expect(200, { unblocked: true });

    expect(await finds(ana, bo)).toBe(true);
    // What was refused while blocked stays refused; what came before is back.
    expect(await inbox(ana)).toEqual(['Before the block']);
  });

  it('refuses blocking or reporting oneself, and a profile that does not exist', async () => {
    await ana.agent.post('/api/blocks').send({ profileId: ana.profileId }).expect(409);
    await ana.agent.post('/api/reports').send({ profileId: ana.profileId, reason: 'spam' }).expect(409);
    await ana.agent.post('/api/blocks').send({ profileId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await ana.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'because' }).expect(400);
    await request(t.app).post('/api/blocks').send({ profileId: bo.profileId }).expect(401);
    await request(t.app).post('/api/reports').send({ profileId: bo.profileId, reason: 'spam' }).expect(401);
  });
});

describe('reports and the moderation queue', () => {
  it('report → queue (oldest first, evidence as it was, distinct reporters) → action → audit row', async () => {
    const message = await send(bo, cy, 'Rude message').expect(201);
    await cy.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'harassment', note: 'He was rude', messageId: message.body.id }).expect(201);
    // A message that Bo did not send to Ana is no evidence for Ana.
    await ana.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'spam', messageId: message.body.id }).expect(404);
    clock.advance(1000);
    await ana.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'fake_profile' }).expect(201);
    await ana.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'spam' }).expect(201);
    clock.advance(1000);
    await bo.agent.post('/api/reports').send({ profileId: cy.profileId, reason: 'spam' }).expect(201);

    await ana.agent.get('/api/admin/moderation').expect(403);
    await request(t.app).get('/api/admin/moderation').expect(401);
    const { body } = await admin.agent.get('/api/admin/moderation').expect(200);
    expect(body.queue.map((entry: { name: string }) => entry.name)).toEqual(['Bo Chen', 'Cy Park']);
    const [first] = body.queue;
    expect(first).toMatchObject({ userId: bo.userId, distinctReporters: 2, overdue: false, hidden: false });
    expect(first.reports).toHaveLength(3);
    expect(first.reports[0]).toMatchObject({ reason: 'harassment', note: 'He was rude', evidence: { type: 'message', subject: 'Rude message', content: 'Hello there' } });
    expect(first.reports[1].evidence).toMatchObject({ type: 'profile', name: 'Bo Chen', bio: 'Climbing gym regular, looking for a climbing partner.' });

    // Hide pending review: nobody finds Bo; his reports are closed.
    await admin.agent.post(`/api/admin/moderation/${bo.userId}/actions`).send({ action: 'hide', reason: 'spam' }).expect(200, { action: 'hide', resolved: 3 });
    expect(await finds(cy, bo)).toBe(false);
    await admin.agent.post(`/api/admin/moderation/${bo.userId}/actions`).send({ action: 'unhide' }).expect(200);
    expect(await finds(cy, bo)).toBe(true);

    // Warn: a mailbox message from the product.
    await admin.agent.post(`/api/admin/moderation/${cy.userId}/actions`).send({ action: 'warn' }).expect(200, { action: 'warn', resolved: 1 });
    expect(await inbox(cy)).toContain('A note from the Kindred team');
    expect((await admin.agent.get('/api/admin/moderation').expect(200)).body.queue).toEqual([]);

    const audit = await t.ctx.db.selectFrom('admin_audit_log').select(['action', 'target_id', 'actor_email']).where('action', 'like', 'report.%').orderBy('created_at').execute();
    expect(audit).toEqual([
      { action: 'report.hide', target_id: bo.userId, actor_email: ADMIN_EMAIL },
      { action: 'report.unhide', target_id: bo.userId, actor_email: ADMIN_EMAIL },
      { action: 'report.warn', target_id: cy.userId, actor_email: ADMIN_EMAIL },
    ]);
  });

  it('flags reports waiting over 24 hours, and deletes an account through the members’ deletion path', async () => {
    await ana.agent.post('/api/reports').send({ profileId: bo.profileId, reason: 'harassment' }).expect(201);
    expect(await t.ctx.services.moderation.overdueReport()).toEqual({ overdue: 0, oldest: null });
    clock.advance(25 * 3_600_000);
    expect((await t.ctx.services.moderation.overdueReport()).overdue).toBe(1);
    expect((await admin.agent.get('/api/admin/moderation').expect(200)).body.queue[0]).toMatchObject({ userId: bo.userId, overdue: true });

    await admin.agent.post(`/api/admin/moderation/${bo.userId}/actions`).send({ action: 'delete', reason: 'spam', currentPassword: TEST_PASSWORD }).expect(200, { action: 'delete', resolved: 1 });
    // The deleted-account answer (spec part 3 §4), as for a member who deleted their own account.
    await agentFor(t).post('/api/auth/login').send({ email: bo.email, password: 'maple-orbit-lantern' }).expect(403);
    expect(await t.ctx.db.selectFrom('deleted_profiles').select('user_id').where('user_id', '=', bo.userId).executeTakeFirst()).toBeDefined();
    expect(await t.ctx.db.selectFrom('admin_audit_log').select('action').where('action', '=', 'report.delete').where('target_id', '=', bo.userId).executeTakeFirst()).toBeDefined();
    await admin.agent.post(`/api/admin/moderation/${bo.userId}/actions`).send({ action: 'delete', reason: 'spam', currentPassword: TEST_PASSWORD }).expect(404);
  });
});

describe('reporting a moment from the feed', () => {
  it('keeps the member’s own moment (posted or first) as the evidence, and refuses anyone else’s or a deleted one', async () => {
    const di = await member('Di Fox', 'Trail running and climbing.');
    const ed = await member('Ed Moss', 'Climbing on weekends.');
    const post = (userId: string, text: string) =>
      t.ctx.db.insertInto('user_moments').values({ user_id: userId, moment_type: 'text', image_url: null, video_url: null, text_content: text, caption: null }).returning('id').executeTakeFirstOrThrow();
    const dis = await post(di.userId, 'Di shouting at the crag');
    const eds = await post(ed.userId, 'Ed on a slab');
    await t.ctx.db.updateTable('profiles').set({ card_type: 'text', card_text: 'Di’s first moment' }).where('id', '=', di.profileId).execute();

    // The feed names the moment and its author's profile, which is what a report sends.
    const feed = (await cy.agent.get('/api/moments/recommended').expect(200)).body.moments as { id: string; author: { profileId: string } }[];
    expect(feed.find((m) => m.id === dis.id)?.author.profileId).toBe(di.profileId);

    await cy.agent.post('/api/reports').send({ profileId: di.profileId, reason: 'harassment', momentId: dis.id }).expect(201);
    clock.advance(1000);
    await cy.agent.post('/api/reports').send({ profileId: di.profileId, reason: 'inappropriate_content', firstMoment: true }).expect(201);
    // Ed's moment is no evidence against Di; nor is a moment Di deleted; nor a first moment Ed never made.
    await cy.agent.post('/api/reports').send({ profileId: di.profileId, reason: 'spam', momentId: eds.id }).expect(404);
    await di.agent.delete(`/api/moments/${dis.id}`).expect(204);
    await cy.agent.post('/api/reports').send({ profileId: di.profileId, reason: 'spam', momentId: dis.id }).expect(404);
    await t.ctx.db.updateTable('profiles').set({ card_type: null, card_text: null }).where('id', '=', ed.profileId).execute();
    await cy.agent.post('/api/reports').send({ profileId: ed.profileId, reason: 'spam', firstMoment: true }).expect(404);
    // One piece of evidence at a time.
    await cy.agent.post('/api/reports').send({ profileId: ed.profileId, reason: 'spam', momentId: eds.id, firstMoment: true }).expect(400);

    const { body } = await admin.agent.get('/api/admin/moderation').expect(200);
    const entry = body.queue.find((e: { userId: string }) => e.userId === di.userId);
    expect(entry.reports.map((r: { evidence: unknown }) => r.evidence)).toEqual([
      { type: 'moment', momentType: 'text', text: 'Di shouting at the crag', caption: null, imageUrl: null, videoUrl: null, postedAt: expect.any(String) },
      { type: 'moment', firstMoment: true, momentType: 'text', text: 'Di’s first moment', caption: null, imageUrl: null, videoUrl: null },
    ]);
    expect(body.queue.some((e: { userId: string }) => e.userId === ed.userId)).toBe(false);
  });
});

/**
 * An action as the Moderation and Users tabs send it: hide, suspend and delete with a reason (due
 * process), suspend and delete with the administrator's password (step-up).
 */
const act = (who: SignedInMember, action: string, grounds: { reason?: string; note?: string } = { reason: 'harassment' }) =>
  admin.agent
    .post(`/api/admin/moderation/${who.userId}/actions`)
    .send({ action, ...(['hide', 'suspend', 'delete'].includes(action) ? grounds : {}), ...(['suspend', 'delete'].includes(action) ? { currentPassword: TEST_PASSWORD } : {}) });
const subjects = async (who: SignedInMember) => (await mailsTo(t.dataDir, who.email)).map((mail) => mail.subject);
const codeOf = async (who: SignedInMember) => (await who.agent.get('/api/profile').expect(200)).body.user_code as string;

describe('hiding a profile', () => {
  it('keeps it from every discovery surface, and from strangers; members it wrote to still see it', async () => {
    const dee = await member('Dee Ray', 'Climbing at dawn, looking for a climbing partner.');
    const eve = await member('Eve Moss', 'Climbing and chess.'); // a stranger to Dee
    const fay = await member('Fay Lin', 'Climbing on weekends.'); // in conversation with Dee
    await send(fay, dee, 'Climb on Sunday?').expect(201);
    await send(dee, fay, 'Re: Climb on Sunday?').expect(201);
    await t.ctx.db.insertInto('user_moments').values({ user_id: dee.userId, moment_type: 'text', image_url: null, video_url: null, text_content: 'Dee on the wall', caption: null }).execute();
    expect(await finds(eve, dee)).toBe(true);
    expect(await feedOf(eve)).toContain('Dee on the wall');

    await act(dee, 'hide').expect(200, { action: 'hide', resolved: 0 });
    expect(await subjects(dee)).toContain('Your Kindred profile is hidden for now');

    // Discovery: nobody, not even Fay.
    for (const viewer of [eve, fay]) {
      expect(await finds(viewer, dee)).toBe(false);
      expect(await feedOf(viewer)).not.toContain('Dee on the wall');
      await viewer.agent.get(`/api/connections/code/${await codeOf(dee)}`).expect(404);
    }
    // The profile by id: not to a stranger, as if it did not exist; to Fay, as before.
    const analysis = { profileId: dee.profileId, searchQuery: 'climbing partner' };
    await eve.agent.get(`/api/profiles/${dee.profileId}`).expect(404);
    await eve.agent.post('/api/search/analysis').send(analysis).expect(404);
    await eve.agent.get(`/api/likes/${dee.profileId}`).expect(404);
    // Writing to her uninvited opens nothing (finding 8): only a conversation Dee took part in does.
    const gia = await member('Gia Cole', 'Climbing now and then.');
    await send(gia, dee, 'Let me see you').expect(201);
    await gia.agent.get(`/api/profiles/${dee.profileId}`).expect(404);
    await gia.agent.get(`/api/likes/${dee.profileId}`).expect(404);
    expect((await fay.agent.get(`/api/profiles/${dee.profileId}`).expect(200)).body.name).toBe('Dee Ray');
    await fay.agent.post('/api/search/analysis').send(analysis).expect(200);
    await fay.agent.get(`/api/likes/${dee.profileId}`).expect(200);

    // Dee answers Fay again, and starts nothing new.
    await send(dee, fay, 'Re: Re: Climb on Sunday?').expect(201);
    const hiddenWords = { code: 'profile_hidden', message: 'Your profile is hidden while a report is reviewed, so you cannot start new conversations.' };
    expect((await send(dee, eve, 'Hello Eve').expect(403)).body.error).toEqual(hiddenWords);
    expect((await dee.agent.post('/api/introductions').send({ recipientUserId: eve.userId }).expect(403)).body.error).toEqual(hiddenWords);
    expect((await dee.agent.post('/api/locations/demo/comments').send({ comment: 'Anyone climbing?' }).expect(403)).body.error).toEqual(hiddenWords);

    await act(dee, 'unhide').expect(200);
    expect(await subjects(dee)).toContain('Your Kindred profile is visible again');
    expect(await finds(eve, dee)).toBe(true);
    await eve.agent.get(`/api/profiles/${dee.profileId}`).expect(200);
    await send(dee, eve, 'Hello Eve').expect(201);
  });
});

describe('suspending an account', () => {
  it('signs the member out everywhere, refuses their sign-in in clear words, and is lifted', async () => {
    const gil = await member('Gil Hart', 'Climbing and running.');
    const phone = agentFor(t); // a second device
    await phone.post('/api/auth/login').send({ email: gil.email, password: TEST_PASSWORD }).expect(200);
    await ana.agent.post('/api/reports').send({ profileId: gil.profileId, reason: 'harassment' }).expect(201);

    expect(await finds(cy, gil)).toBe(true);
    await act(gil, 'suspend').expect(200, { action: 'suspend', resolved: 1 });
    // Nobody finds a suspended member, nor opens their profile card (finding 10).
    expect(await finds(cy, gil)).toBe(false);
    await cy.agent.get(`/api/profiles/${gil.profileId}`).expect(404);
    expect(await t.ctx.db.selectFrom('reports').select('status').where('reported_user_id', '=', gil.userId).execute()).toEqual([{ status: 'suspended' }]);
    const audit = await t.ctx.db.selectFrom('admin_audit_log').select(['action', 'actor_email']).where('target_id', '=', gil.userId).execute();
    expect(audit).toEqual([{ action: 'report.suspend', actor_email: ADMIN_EMAIL }]);
    expect(await subjects(gil)).toContain('Your Kindred account has been suspended');

    for (const device of [gil.agent, phone]) {
      await device.get('/api/profile').expect(401);
      expect((await device.get('/api/auth/session').expect(200)).body.user).toBeNull();
    }
    const refused = await agentFor(t).post('/api/auth/login').send({ email: gil.email, password: TEST_PASSWORD }).expect(403);
    expect(refused.body.error).toEqual({
      code: 'account_suspended',
      message: 'This account has been suspended for harassment. Please contact support@kindred.local if you think this is a mistake.',
      details: { reason: 'harassment', supportEmail: 'support@kindred.local' },
    });
    expect(refused.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^kindred\.sid=s%3A/)]));
    // Only the right password learns it.
    expect((await agentFor(t).post('/api/auth/login').send({ email: gil.email, password: 'wrong-pass' }).expect(401)).body.error.code).toBe('invalid_credentials');
    // Nor does a password reset sign them in: the link stays unused, the password as it was.
    await agentFor(t).post('/api/auth/password/forgot').send({ email: gil.email }).expect(200);
    const token = (await mailsTo(t.dataDir, gil.email)).at(-1)!.text.match(/token=([A-Za-z0-9_-]{43})/)![1];
    expect((await agentFor(t).post('/api/auth/password/reset').send({ token, password: 'other-pass' }).expect(403)).body.error.code).toBe('account_suspended');

    const listed = (await admin.agent.get(`/api/admin/users?search=${encodeURIComponent(gil.email)}`).expect(200)).body.users;
    expect(listed).toEqual([expect.objectContaining({ id: gil.userId, suspended: true, hidden: false })]);

    await act(gil, 'unsuspend').expect(200, { action: 'unsuspend', resolved: 0 });
    expect(await finds(cy, gil)).toBe(true);
    expect(await subjects(gil)).toContain('Your Kindred account is active again');
    await agentFor(t).post('/api/auth/login').send({ email: gil.email, password: TEST_PASSWORD }).expect(200);
    await agentFor(t).post('/api/auth/password/reset').send({ token, password: 'other-pass' }).expect(200);
  });

  it('needs the administrator’s password, as deleting from the Users tab does; so does deleting (finding 1)', async () => {
    const hal = await member('Hal Kim', 'Climbing twice a week.');
    const actions = `/api/admin/moderation/${hal.userId}/actions`;
    for (const action of ['suspend', 'delete']) {
      expect((await admin.agent.post(actions).send({ action, reason: 'spam' }).expect(403)).body.error.code).toBe('step_up_required');
      expect((await admin.agent.post(actions).send({ action, reason: 'spam', currentPassword: 'not-the-password' }).expect(403)).body.error.code).toBe('step_up_failed');
    }
    // Nothing happened: Hal still signs in, and no action was audited.
    await agentFor(t).post('/api/auth/login').send({ email: hal.email, password: TEST_PASSWORD }).expect(200);
    expect(await t.ctx.db.selectFrom('admin_audit_log').select('action').where('target_id', '=', hal.userId).execute()).toEqual([]);
    // Hiding is undone as easily as it is done: no password.
    await admin.agent.post(actions).send({ action: 'hide', reason: 'spam' }).expect(200);
    await admin.agent.post(actions).send({ action: 'unhide' }).expect(200);
    await act(hal, 'suspend').expect(200);
    await act(hal, 'unsuspend').expect(200);
  });

  it('is not for the administrator’s own account', async () => {
    const res = await act(admin, 'suspend').expect(403);
    expect(res.body.error).toEqual({ code: 'self', message: 'You cannot suspend your own account.' });
    await ana.agent.post(`/api/admin/moderation/${bo.userId}/actions`).send({ action: 'suspend' }).expect(403);
    await admin.agent.get('/api/admin/overview').expect(200);
  });
});

describe('due process: every action that takes something names its reason', () => {
  it('refuses a hide, a suspension or a deletion without a reason from the list, and records nothing', async () => {
    const ivy = await member('Ivy Stone', 'Climbing and cooking.');
    for (const action of ['hide', 'suspend', 'delete']) {
      const res = await act(ivy, action, {}).expect(400);
      expect(res.body.error.message).toContain('Please choose a reason.');
      expect((await act(ivy, action, { reason: 'rudeness' }).expect(400)).body.error.message).toContain('Please choose a reason.');
    }
    expect((await act(ivy, 'hide', { reason: 'spam', note: 'x'.repeat(1001) }).expect(400)).body.error.message).toContain('The note can be at most 1000 characters.');
    expect(await t.ctx.db.selectFrom('moderation_actions').select('action').where('user_id', '=', ivy.userId).execute()).toEqual([]);
    await agentFor(t).post('/api/auth/login').send({ email: ivy.email, password: TEST_PASSWORD }).expect(200);
  });

  it('tells the member the reason and the note in their own language, by mail and on the sign-in refusal; keeps and audits them', async () => {
    const jo = await member('Jo Brun', 'Escalade et café.');
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', jo.userId).execute();
    await act(jo, 'suspend', { reason: 'fake_profile', note: 'Les photos sont celles d’une autre personne.' }).expect(200);

    const mail = (await decodedMailsTo(t.dataDir, jo.email)).at(-1)!;
    expect(mail.subject).toBe('Votre compte Kindred a été suspendu');
    expect(mail.text).toContain('Motif : faux profil.');
    expect(mail.text).toContain('Un mot de l’équipe de Kindred : Les photos sont celles d’une autre personne.');

    const refused = await agentFor(t).post('/api/auth/login').send({ email: jo.email, password: TEST_PASSWORD }).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'account_suspended', details: { reason: 'fake_profile' } });
    expect(refused.body.error.message).toContain('suspended for a fake profile');

    const kept = await t.ctx.db.selectFrom('moderation_actions').select(['action', 'reason', 'note', 'actor_id']).where('user_id', '=', jo.userId).execute();
    expect(kept).toEqual([{ action: 'suspend', reason: 'fake_profile', note: 'Les photos sont celles d’une autre personne.', actor_id: admin.userId }]);
    const audit = await t.ctx.db.selectFrom('admin_audit_log').select(['action', 'details']).where('target_id', '=', jo.userId).execute();
    expect(audit).toEqual([{ action: 'report.suspend', details: expect.objectContaining({ reason: 'fake_profile', note: 'Les photos sont celles d’une autre personne.' }) }]);

    // Lifted: the next refusal would read the latest suspension's reason; an undo needs none.
    await act(jo, 'unsuspend').expect(200);
    await agentFor(t).post('/api/auth/login').send({ email: jo.email, password: TEST_PASSWORD }).expect(200);
  });

  it('mails a deletion with its reason, not the "at your request" receipt of a member’s own deletion', async () => {
    const kit = await member('Kit Vale', 'Climbing and films.');
    const before = (await mailsTo(t.dataDir, kit.email)).length;
    await act(kit, 'delete', { reason: 'underage' }).expect(200);
    const mails = (await mailsTo(t.dataDir, kit.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Your Kindred account has been removed']);
    expect(mails[0]!.text).toContain('Reason: being under the minimum age.');
    expect(mails[0]!.text).not.toContain('at your request');
  });
});
