import { sql } from 'kysely';
import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basic = {
  name: 'Ana Lee',
  birthDate: '2004-03-10',
  location: 'Vancouver',
  gender: 'female',
  profession: 'software developer',
  relationshipStatus: 'single_straight',
};

async function member(overrides: Partial<typeof basic> = {}): Promise<Agent> {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('chat'));
  await agent.put('/api/profile/basic').send({ ...basic, ...overrides }).expect(200);
  return agent;
}

const ANSWERS = [
  'I love hiking, photography and board games. I hate running though.',
  'Weekend hikes and badminton would be great',
  'Friends say I am outgoing, curious and a bit goofy',
  'Small groups, planned ahead. I am usually free on weekends',
  'Mostly new friends and someone to go climbing with. Honesty and kindness matter to me',
];

async function interview(agent: Agent, answers = ANSWERS): Promise<{ sessionId: string; last: request.Response }> {
  const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' }).expect(200);
  const sessionId = start.body.sessionId as string;
  let last = start;
  for (const message of answers) last = await agent.post('/api/chat').send({ message, sessionId, sessionType: 'onboarding' }).expect(200);
  return { sessionId, last };
}

async function embeddingCount(agent: Agent): Promise<number> {
  const profile = (await agent.get('/api/profile').expect(200)).body as { id: string };
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_embeddings WHERE profile_id = ${profile.id}`.execute(t.ctx.db);
  return rows[0]!.n;
}

describe('onboarding chat with the built-in interviewer', () => {
  it('asks the five topics, writes a complete profile from the answers, and embeds it', async () => {
    const agent = await member();
    expect((await agent.get('/api/auth/session').expect(200)).body.profileComplete).toBe(false);

    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' }).expect(200);
    expect(start.body).toMatchObject({ sessionType: 'onboarding', completed: false, extractedName: null });
    expect(start.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(start.body.response).toContain('Hi Ana Lee!');
    expect(start.body.response).toMatch(/hobbies and interests/);

    const { last } = await interview(agent);
    expect(last.body.completed).toBe(true);
    expect(last.body.response).toContain("that's everything I need");
    expect(last.body.messages).toHaveLength(1 + 2 * ANSWERS.length);
    expect(last.body.messages[1]).toMatchObject({ content: ANSWERS[0], isUser: true });

    const profile = (await agent.get('/api/profile').expect(200)).body;
    expect(profile.interests).toEqual(expect.arrayContaining(['Hiking', 'Photography', 'Board games', 'Badminton', 'Climbing']));
    expect(profile.interests).not.toContain('Running');
    expect(profile.bio).toContain("I'm into hiking, photography, board games and climbing.");
    expect(profile.bio).not.toMatch(/running/i);
    expect(profile.personality_type).toBe('Extrovert');
    expect(profile.social_style).toBe('Enjoys small groups and planned meetups; free on weekends');
    expect(profile.relationship_style).toBe('Looking for new friends and activity partners');
    expect(profile.core_values).toEqual(['Honesty', 'Kindness']);
    expect(profile.looking_for).toEqual(['friend', 'activity_partner']);
    expect(profile.enhanced_background).toMatch(/^Ana Lee is a \d+-year-old software developer based in Vancouver\./);

    expect((await agent.get('/api/auth/session').expect(200)).body.profileComplete).toBe(true);
    expect(await embeddingCount(agent)).toBe(1);
  });

  it('asks a topic again once when the answer says nothing about it, then moves on', async () => {
    const agent = await member();
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    const sessionId = start.body.sessionId as string;
    const again = await agent.post('/api/chat').send({ message: 'hmm, not sure', sessionId }).expect(200);
    expect(again.body.response).toMatch(/name a few/);
    const moved = await agent.post('/api/chat').send({ message: 'still thinking about it', sessionId }).expect(200);
    expect(moved.body.response).toMatch(/with other people/);
  });

  it('resumes the conversation after a reload instead of starting over', async () => {
    const agent = await member();
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    await agent.post('/api/chat').send({ message: ANSWERS[0], sessionId: start.body.sessionId }).expect(200);
    const resumed = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    expect(resumed.body.sessionId).toBe(start.body.sessionId);
    expect(resumed.body.messages).toHaveLength(3);
    expect(resumed.body.response).toBe(resumed.body.messages[2].content);
  });

  it('never offers a member who is not single as a partner', async () => {
    const agent = await member({ relationshipStatus: 'not_single' });
    await interview(agent, [...ANSWERS.slice(0, 4), 'a long-term relationship and new friends']);
    const profile = (await agent.get('/api/profile').expect(200)).body;
    expect(profile.looking_for).toEqual(['friend']);
  });

  it('passes on a name the member gives', async () => {
    const agent = await member();
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    const res = await agent.post('/api/chat').send({ message: 'Call me Annie! I love cooking and anime', sessionId: start.body.sessionId }).expect(200);
    expect(res.body.extractedName).toBe('Annie');
  });

  it('answers politely once the interview is over', async () => {
    const agent = await member();
    const { sessionId } = await interview(agent);
    const res = await agent.post('/api/chat').send({ message: 'one more thing', sessionId }).expect(200);
    expect(res.body).toMatchObject({ completed: true });
    expect(res.body.response).toMatch(/profile is complete/);
  });
});

describe('profile update chat', () => {
  it('revises the existing profile and embeds it again', async () => {
    const agent = await member();
    await interview(agent);
    const { rows: before } = await sql<{ content_hash: string }>`SELECT content_hash FROM profile_embeddings`.execute(t.ctx.db);

    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_PROFILE_UPDATE', sessionType: 'profile_update' }).expect(200);
    expect(start.body.sessionType).toBe('profile_update');
    expect(start.body.response).toContain('Welcome back, Ana Lee!');
    expect(start.body.response).toContain('• Interests: Hiking, Photography, Board games, Climbing, Badminton');

    const res = await agent
      .post('/api/chat')
      .send({ message: "Add pottery. I'm not into board games anymore", sessionId: start.body.sessionId, sessionType: 'profile_update' })
      .expect(200);
    expect(res.body.response).toMatch(/^Done — I added .*Pottery.* and removed Board games\./);
    const profile = (await agent.get('/api/profile').expect(200)).body;
    expect(profile.interests).toContain('Pottery');
    expect(profile.interests).not.toContain('Board games');
    expect(profile.bio).not.toMatch(/board games/i);

    const { rows: after } = await sql<{ content_hash: string }>`SELECT content_hash FROM profile_embeddings`.execute(t.ctx.db);
    expect(after.map((r) => r.content_hash)).not.toEqual(before.map((r) => r.content_hash));
  });

  it('says so when a message changes nothing, and leaves the profile alone', async () => {
    const agent = await member();
    await interview(agent);
    const before = (await agent.get('/api/profile').expect(200)).body;
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_PROFILE_UPDATE', sessionType: 'profile_update' }).expect(200);
    const res = await agent.post('/api/chat').send({ message: 'hello there', sessionId: start.body.sessionId }).expect(200);
    expect(res.body.response).toMatch(/couldn't find anything to change/);
    expect((await agent.get('/api/profile').expect(200)).body.updated_at).toBe(before.updated_at);
  });
});

describe('POST /api/chat refuses', () => {
  it('blank messages, missing sessions and oversized messages', async () => {
    const agent = await member();
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    const blank = await agent.post('/api/chat').send({ message: '   ', sessionId: start.body.sessionId }).expect(400);
    expect(blank.body.error.message).toBe('Message cannot be empty.');
    const missing = await agent.post('/api/chat').send({ message: 'hello' }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'session_required', message: 'A chat session is required.' });
    await agent.post('/api/chat').send({ message: 'x'.repeat(2001), sessionId: start.body.sessionId }).expect(400);
    await agent.post('/api/chat').send({ message: 'hi', sessionId: start.body.sessionId, extra: 1 }).expect(400);
  });

  it("another member's session as not found, and signed-out callers", async () => {
    const ana = await member();
    const start = await ana.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
    const other = await member();
    const res = await other.post('/api/chat').send({ message: 'I love chess', sessionId: start.body.sessionId }).expect(404);
    expect(res.body.error.code).toBe('session_not_found');
    await request(t.app).post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(401);
  });

  it('members who have not saved their basic information yet', async () => {
    const agent = agentFor(t);
    await signUp(t, agent, uniqueEmail('chat'));
    const res = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(409);
    expect(res.body.error.code).toBe('basic_info_required');
  });
});

it('applies each turn once when two messages race', async () => {
  const agent = await member();
  const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING' }).expect(200);
  const sessionId = start.body.sessionId as string;
  const results = await Promise.all(['I love chess', 'I love cooking'].map((message) => agent.post('/api/chat').send({ message, sessionId })));
  const ok = results.filter((r) => r.status === 200).length;
  expect(ok).toBeGreaterThanOrEqual(1);
  for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error.code).toBe('chat_busy');
  const { rows } = await sql<{ n: number; turn: number }>`
    SELECT (SELECT count(*)::int FROM chat_messages WHERE session_id = ${sessionId}) AS n,
           (state->>'turn')::int AS turn
    FROM chat_sessions WHERE id = ${sessionId}`.execute(t.ctx.db);
  expect(rows[0]).toEqual({ n: 1 + 2 * ok, turn: ok });
});

describe('the whole onboarding through the API', () => {
  it('ends with a complete, embedded profile, a first moment and the pioneer gift', async () => {
    const agent = await member();
    // A moment before the interview is saved, but onboarding is not finished: no gift yet.
    await agent.put('/api/profile/first-moment').field('type', 'text').field('text', 'Hello!').expect(200);
    expect((await agent.get('/api/auth/session').expect(200)).body.subscription.subscribed).toBe(false);

    await interview(agent);
    const saved = await agent.put('/api/profile/first-moment').field('type', 'text').field('text', 'Sunrise hike, then pancakes.').expect(200);
    expect(saved.body).toMatchObject({ card_type: 'text', card_text: 'Sunrise hike, then pancakes.', is_vip: true, premium_type: 'early_user' });

    const session = (await agent.get('/api/auth/session').expect(200)).body;
    expect(session.profileComplete).toBe(true);
    expect(session.subscription).toMatchObject({ subscribed: true, premiumType: 'early_user' });
    expect(await embeddingCount(agent)).toBe(1);

    // Saving the moment again does not extend or repeat the gift.
    await agent.put('/api/profile/first-moment').field('type', 'text').field('text', 'Second thoughts.').expect(200);
    expect((await agent.get('/api/auth/session').expect(200)).body.subscription.subscriptionEnd).toBe(session.subscription.subscriptionEnd);
  });
});
