import { readdir } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';
import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basic = { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' };

interface Member {
  agent: Agent;
  userId: string;
  profileId: string;
}

async function member(name = 'Ana Lee', interests: string[] = []): Promise<Member> {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('posts'));
  const profile = await agent.put('/api/profile/basic').send({ ...basic, name }).expect(200);
  const userId = profile.body.user_id as string;
  if (interests.length > 0) await t.ctx.db.updateTable('profiles').set({ interests }).where('user_id', '=', userId).execute();
  return { agent, userId, profileId: profile.body.id as string };
}

const png = (r = 40) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 120, b: 200 } } }).png().toBuffer();
const uploads = () => readdir(path.join(t.dataDir, 'uploads')).catch(() => [] as string[]);
const deleteAccount = (userId: string) => t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', userId).execute();

/** A moment inserted directly, `minutesAgo` old. */
async function insertMoment(userId: string, text: string, minutesAgo: number, extra: { is_first_moment?: boolean; is_sample?: boolean } = {}): Promise<string> {
  const row = await t.ctx.db
    .insertInto('user_moments')
    .values({ user_id: userId, moment_type: 'text', image_url: null, video_url: null, text_content: text, caption: null, created_at: new Date(Date.now() - minutesAgo * 60_000), ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function postText(agent: Agent, text: string) {
  return agent.post('/api/moments').field('type', 'text').field('text', text);
}

it('asks for sign-in on every route', async () => {
  await request(t.app).post('/api/moments').field('type', 'text').field('text', 'hi').expect(401);
  await request(t.app).get('/api/moments/mine').expect(401);
  await request(t.app).get('/api/moments/recommended').expect(401);
  await request(t.app).delete('/api/moments/00000000-0000-4000-8000-000000000000').expect(401);
});

// First in the file: nothing real has been posted yet.
it('falls back to sample moments only when there is nothing real to show', async () => {
  const viewer = await member('Vera View');
  expect((await viewer.agent.get('/api/moments/recommended').expect(200)).body).toEqual({ moments: [], sample: false });

  const user = await t.ctx.db.insertInto('users').values({ email: uniqueEmail('sample'), password_hash: 'x', email_confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('profiles').values({ user_id: user.id, name: 'Sample Sam', is_sample: true, card_type: 'text', card_text: 'Sample first moment' }).execute();
  await insertMoment(user.id, 'A sample post', 5, { is_sample: true });
  await insertMoment(user.id, 'The sample first moment row', 6, { is_sample: true, is_first_moment: true });
  const feed = (await viewer.agent.get('/api/moments/recommended').expect(200)).body;
  expect(feed.sample).toBe(true);
  expect(feed.moments.map((m: { content: string }) => m.content).sort()).toEqual(['A sample post', 'Sample first moment']);

  const real = await member('Real Rita');
  await postText(real.agent, 'A real post').expect(201);
  const after = (await viewer.agent.get('/api/moments/recommended').expect(200)).body;
  expect(after.sample).toBe(false);
  expect(after.moments.map((m: { content: string }) => m.content)).toEqual(['A real post']);
});

describe('POST /api/moments', () => {
  it('posts a trimmed text moment (201) and needs non-blank text', async () => {
    const ana = await member();
    const res = await postText(ana.agent, '  Coffee and a good book  ').field('caption', 'ignored on text').expect(201);
    expect(res.body).toEqual({ id: expect.any(String), type: 'text', text: 'Coffee and a good book', imageUrl: null, videoUrl: null, caption: null, createdAt: expect.any(String) });
    const blank = await postText(ana.agent, '   ').expect(400);
    expect(blank.body.error).toEqual({ code: 'content_required', message: 'Please enter some text content' });
    await postText(ana.agent, 'x'.repeat(501)).expect(400);
  });

  it('stores only the first of several images, with its caption', async () => {
    const ana = await member();
    const before = (await uploads()).length;
    const res = await ana.agent
      .post('/api/moments')
      .field('type', 'image')
      .field('caption', '  Sunset walk  ')
      .attach('images', await png(10), { filename: 'a.png', contentType: 'image/png' })
      .attach('images', await png(200), { filename: 'b.png', contentType: 'image/png' })
      .expect(201);
    expect(res.body).toMatchObject({ type: 'image', text: null, videoUrl: null, caption: 'Sunset walk', imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/) });
    // One image and its thumbnail.
    expect((await uploads()).length - before).toBe(2);
    await ana.agent.get(res.body.imageUrl).expect(200).expect('Content-Type', 'image/png');
  });

  it('needs a file for image and video moments (the spec words), and refuses a long caption', async () => {
    const ana = await member();
    const noImage = await ana.agent.post('/api/moments').field('type', 'image').expect(400);
    expect(noImage.body.error).toEqual({ code: 'file_required', message: 'Please select an image to upload' });
    const noVideo = await ana.agent.post('/api/moments').field('type', 'video').expect(400);
    expect(noVideo.body.error).toEqual({ code: 'file_required', message: 'Please select a video to upload' });
    const long = await ana.agent
      .post('/api/moments')
      .field('type', 'image')
      .field('caption', 'x'.repeat(301))
      .attach('images', await png(), { filename: 'a.png', contentType: 'image/png' })
      .expect(400);
    expect(long.body.error.code).toBe('caption_too_long');
  });

  it('posts a video moment with a caption', async () => {
    const ana = await member();
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypisom', 4, 'latin1');
    ftyp.writeUInt32BE(0x200, 12);
    ftyp.write('isomiso2', 16, 'latin1');
    const mp4 = Buffer.concat([ftyp, Buffer.alloc(2048, 7)]);
    const res = await ana.agent.post('/api/moments').field('type', 'video').field('caption', 'Jam session').attach('video', mp4, { filename: 'clip.mp4', contentType: 'video/mp4' }).expect(201);
    expect(res.body).toMatchObject({ type: 'video', imageUrl: null, text: null, caption: 'Jam session', videoUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.mp4$/) });
  });

  it('is rate-limited per member (the upload limit)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_UPLOAD_USER: '1/1h' });
    try {
      const agent = agentFor(limited);
      await signUp(limited, agent, uniqueEmail('limit'));
      await agent.put('/api/profile/basic').send(basic).expect(200);
      await agent.post('/api/moments').field('type', 'text').field('text', 'one').expect(201);
      await agent.post('/api/moments').field('type', 'text').field('text', 'two').expect(429);
    } finally {
      await limited.close();
    }
  });

  it('leaves the first-moment editor as it was: it takes no caption', async () => {
    const ana = await member();
    const res = await ana.agent.put('/api/profile/first-moment').field('type', 'text').field('text', 'hi').field('caption', 'no').expect(400);
    expect(res.body.error.code).toBe('unexpected_field');
  });

  it('needs basic information first', async () => {
    const agent = agentFor(t);
    await signUp(t, agent, uniqueEmail('nobasic'));
    const res = await postText(agent, 'hello').expect(409);
    expect(res.body.error.code).toBe('basic_info_required');
  });
});

describe('history and delete', () => {
  it('lists own moments except the first, newest first, and soft-deletes only the owner’s', async () => {
    const ana = await member();
    const bo = await member('Bo Chen');
    const older = await insertMoment(ana.userId, 'older', 10);
    await insertMoment(ana.userId, 'first moment row', 20, { is_first_moment: true });
    const newer = (await postText(ana.agent, 'newer').expect(201)).body.id as string;
    await postText(bo.agent, 'Bo’s').expect(201);

    const mine = (await ana.agent.get('/api/moments/mine').expect(200)).body.moments;
    expect(mine.map((m: { id: string }) => m.id)).toEqual([newer, older]);

    // Bo cannot delete Ana's moment (404, and it stays), nor see it in his history.
    const idor = await bo.agent.delete(`/api/moments/${older}`).expect(404);
    expect(idor.body.error.code).toBe('moment_not_found');
    expect((await bo.agent.get('/api/moments/mine').expect(200)).body.moments.map((m: { text: string }) => m.text)).toEqual(['Bo’s']);

    await ana.agent.delete(`/api/moments/${older}`).expect(204);
    await ana.agent.delete(`/api/moments/${older}`).expect(404);
    await ana.agent.delete('/api/moments/not-a-uuid').expect(404);
    expect((await ana.agent.get('/api/moments/mine').expect(200)).body.moments.map((m: { id: string }) => m.id)).toEqual([newer]);
    const row = await t.ctx.db.selectFrom('user_moments').select('deleted_at').where('id', '=', older).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
  });
});

describe('GET /api/moments/recommended', () => {
  it('ranks by shared interests, then recency; hides own, deleted moments and deleted accounts; counts likes', async () => {
    const viewer = await member('Vic Viewer', ['hiking', 'photography']);
    const hiker = await member('Hana Hiker', ['hiking', 'photography']);
    const knitter = await member('Kai Knitter', ['knitting']);
    const gone = await member('Gus Gone', ['hiking', 'photography']);
    const fan = await member('Fay Fan');

    const hikerPost = await insertMoment(hiker.userId, 'Trail day', 60);
    const knitterPost = await insertMoment(knitter.userId, 'New scarf', 1);
    const deletedPost = await insertMoment(hiker.userId, 'Deleted one', 0);
    await hiker.agent.delete(`/api/moments/${deletedPost}`).expect(204);
    await insertMoment(gone.userId, 'Gone post', 0);
    await postText(gone.agent, 'Gone post via API').expect(201);
    await postText(viewer.agent, 'My own post').expect(201);
    await hiker.agent.put('/api/profile/first-moment').field('type', 'text').field('text', 'Hana first moment').expect(200);
    await fan.agent.put(`/api/likes/${hiker.profileId}`).expect(200);
    await viewer.agent.put(`/api/likes/${hiker.profileId}`).expect(200);
    await deleteAccount(gone.userId);

    const feed = (await viewer.agent.get('/api/moments/recommended').expect(200)).body;
    expect(feed.sample).toBe(false);
    const contents = feed.moments.map((m: { content: string }) => m.content);
    expect(contents).not.toContain('My own post');
    expect(contents).not.toContain('Deleted one');
    expect(contents).not.toContain('Gone post');
    expect(contents).not.toContain('Gone post via API');
    // The hiker shares two interests with the viewer: both of her moments come before the knitter's newer one.
    const at = (text: string) => contents.indexOf(text);
    expect(at('Trail day')).toBeGreaterThanOrEqual(0);
    expect(at('Hana first moment')).toBeGreaterThanOrEqual(0);
    expect(at('Trail day')).toBeLessThan(at('New scarf'));
    expect(at('Hana first moment')).toBeLessThan(at('New scarf'));

    const trail = feed.moments.find((m: { id: string }) => m.id === hikerPost);
    expect(trail).toEqual({
      id: hikerPost,
      type: 'text',
      content: 'Trail day',
      image: null,
      video: null,
      caption: null,
      likes: 2,
      comments: 0,
      createdAt: expect.any(String),
      author: { name: 'Hana Hiker', avatar: null, bio: null, aiBackground: null, userId: hiker.userId, profileId: hiker.profileId },
    });
    expect(feed.moments.find((m: { content: string }) => m.content === 'Hana first moment').id).toBe(`first-moment:${hiker.profileId}`);
    expect(feed.moments.find((m: { id: string }) => m.id === knitterPost).likes).toBe(0);

    // A liker whose account is deleted no longer counts.
    await deleteAccount(fan.userId);
    const again = (await viewer.agent.get('/api/moments/recommended').expect(200)).body;
    expect(again.moments.find((m: { id: string }) => m.id === hikerPost).likes).toBe(1);
  });
});
