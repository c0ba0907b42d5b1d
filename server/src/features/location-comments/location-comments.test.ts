import { agentFor } from '../../../test/auth-helpers.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const ADMIN_EMAIL = 'ops@campus.example';
let t: TestApp;
let admin: SignedInMember;
let ana: SignedInMember;
let bo: SignedInMember;

interface WallComment {
  id: string;
  comment: string;
  parentCommentId: string | null;
  author: 'member' | 'visitor';
  mine: boolean;
  canDelete: boolean;
}

const wall = async (agent = agentFor(t)) => (await agent.get('/api/locations/demo/comments').expect(200)).body.comments as WallComment[];
const post = (agent: ReturnType<typeof agentFor>, comment: unknown, parentCommentId?: string) =>
  agent.post('/api/locations/demo/comments').send(parentCommentId ? { comment, parentCommentId } : { comment });

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL, RATE_LIMIT_COMMENT_IP: '1000/1h', RATE_LIMIT_COMMENT_USER: '5/1h' });
  ana = await signedInMember(t, 'Ana Lee');
  bo = await signedInMember(t, 'Bo Chen');
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
});
afterAll(() => t.close());

describe('the touchpoint wall', () => {
  it('takes comments from visitors and members, trimmed, stored as typed and never naming who wrote them', async () => {
    const visitor = agentFor(t);
    const res = await post(visitor, '   <img src=x onerror=alert(1)> hello   ').expect(201);
    expect(res.body.comment).toMatchObject({ comment: '<img src=x onerror=alert(1)> hello', author: 'visitor', mine: false, canDelete: false, parentCommentId: null });
    await post(ana.agent, 'Great spot for coffee').expect(201);

    const comments = await wall(ana.agent);
    expect(comments.map((c) => c.comment)).toEqual(['Great spot for coffee', '<img src=x onerror=alert(1)> hello']); // newest first
    expect(comments[0]).toMatchObject({ author: 'member', mine: true, canDelete: true });
    expect(JSON.stringify(comments)).not.toMatch(/Ana|user_?id/i);
  });

  it('refuses empty, too long and unknown fields in plain words', async () => {
    for (const comment of ['', '   ', '\n\t ']) {
      expect((await post(agentFor(t), comment).expect(400)).body.error.message).toBe('Please write a comment first.');
    }
    expect((await post(agentFor(t), 'x'.repeat(501)).expect(400)).body.error.message).toBe('A comment can be at most 500 characters.');
    await post(agentFor(t), 'x'.repeat(500)).expect(201);
    await agentFor(t).post('/api/locations/demo/comments').send({ comment: 'hi', userId: ana.userId }).expect(400);
    await agentFor(t).post('/api/locations/nowhere/comments').send({ comment: 'hi' }).expect(404);
  });

  it('takes replies one level deep, shown under their comment in the order written', async () => {
    const top = (await post(bo.agent, 'Anyone up for climbing?').expect(201)).body.comment as WallComment;
    const first = (await post(agentFor(t), 'Me!', top.id).expect(201)).body.comment as WallComment;
    await post(ana.agent, 'Me too', top.id).expect(201);
    expect((await post(ana.agent, 'Nested', first.id).expect(400)).body.error.message).toBe('You can reply to a comment, not to a reply.');
    await post(ana.agent, 'Nowhere', '00000000-0000-4000-8000-000000000000').expect(404);

    const comments = await wall();
    const index = comments.findIndex((c) => c.id === top.id);
    expect(comments.slice(index + 1).filter((c) => c.parentCommentId === top.id).map((c) => c.comment)).toEqual(['Me!', 'Me too']);
  });

  it('lets members delete their own comments and replies, the admin any, and nobody another member\'s', async () => {
    const anas = (await post(ana.agent, 'Delete me later').expect(201)).body.comment as WallComment;
    const reply = (await post(bo.agent, 'A reply by Bo', anas.id).expect(201)).body.comment as WallComment;
    const visitors = (await post(agentFor(t), 'By a visitor').expect(201)).body.comment as WallComment;

    await agentFor(t).delete(`/api/comments/${anas.id}`).expect(401);
    expect((await bo.agent.delete(`/api/comments/${anas.id}`).expect(403)).body.error.message).toBe('You can only delete your own comments.');
    await ana.agent.delete(`/api/comments/${visitors.id}`).expect(403);
    expect((await wall(bo.agent)).find((c) => c.id === anas.id)).toMatchObject({ canDelete: false });
    expect((await wall(admin.agent)).every((c) => c.canDelete)).toBe(true);

    await bo.agent.delete(`/api/comments/${reply.id}`).expect(200, { deleted: true });
    await admin.agent.delete(`/api/comments/${visitors.id}`).expect(200);
    const again = (await post(bo.agent, 'Another reply', anas.id).expect(201)).body.comment as WallComment;
    await ana.agent.delete(`/api/comments/${anas.id}`).expect(200);
    const ids = (await wall()).map((c) => c.id);
    for (const gone of [anas.id, reply.id, visitors.id, again.id]) expect(ids).not.toContain(gone); // its replies went with it
    await ana.agent.delete(`/api/comments/${anas.id}`).expect(404);
    await ana.agent.delete('/api/comments/not-a-uuid').expect(404);
  });

  it('hides comments of deleted members and of members blocked either way', async () => {
    const cy = await signedInMember(t, 'Cy Park');
    const c = (await post(cy.agent, 'Cy was here').expect(201)).body.comment as WallComment;
    await t.ctx.db.insertInto('blocks').values({ blocker_id: ana.userId, blocked_id: cy.userId }).execute();
    expect((await wall(ana.agent)).map((x) => x.id)).not.toContain(c.id);
    expect((await wall()).map((x) => x.id)).toContain(c.id);
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', cy.userId).execute();
    expect((await wall()).map((x) => x.id)).not.toContain(c.id);
  });

  it('shows the newest 100 comments', async () => {
    const location = await t.ctx.db.selectFrom('nfc_locations').select('id').where('location_id', '=', 'demo').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('location_comments')
      .values(Array.from({ length: 120 }, (_, i) => ({ location_id: location.id, user_id: null, comment: `bulk ${i}`, parent_comment_id: null })))
      .execute();
    expect((await wall()).filter((c) => c.parentCommentId === null)).toHaveLength(100);
  });

  it('limits comments per member with a clear message', async () => {
    const dee = await signedInMember(t, 'Dee');
    for (let i = 0; i < 5; i++) await post(dee.agent, `comment ${i}`).expect(201);
    const refused = await post(dee.agent, 'one too many').expect(429);
    expect(refused.body.error.message).toMatch(/^You are posting comments too quickly\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the wall per address', () => {
  it('limits visitors who are not signed in by their address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_COMMENT_IP: '3/10m' });
    try {
      for (let i = 0; i < 3; i++) await agentFor(limited).post('/api/locations/demo/comments').send({ comment: `hi ${i}` }).expect(201);
      const refused = await agentFor(limited).post('/api/locations/demo/comments').send({ comment: 'again' }).expect(429);
      expect(refused.body.error.message).toMatch(/^You are posting comments too quickly/);
    } finally {
      await limited.close();
    }
  });
});
