import { crc32 } from 'node:zlib';

import sharp from 'sharp';
import request from 'supertest';

import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { keyFromUrl } from '../../storage/storage.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7c3aed' } }).png().toBuffer();

/** A valid PNG whose header claims `width`×`height`: a decompression ("pixel") bomb as far as any decoder can tell. */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const small = Buffer.from(await png(1, 1));
  small.writeUInt32BE(width, 16);
  small.writeUInt32BE(height, 20);
  small.writeUInt32BE(crc32(small.subarray(12, 29)) >>> 0, 29);
  return small;
}

const upload = (m: SignedInMember, path: string, body: Buffer, type = 'image/png') => m.agent.post(path).set('content-type', type).send(body);

it('keeps every signed-in API answer out of shared caches (Cache-Control: no-store)', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  for (const path of ['/api/profile', '/api/auth/session', '/api/likes', '/api/messages?box=inbox', '/api/account/export']) {
    expect((await ana.agent.get(path).expect(200)).headers['cache-control']).toBe('no-store');
  }
});

describe('PATCH /api/profile', () => {
  it('asks for sign-in', async () => {
    await request(t.app).patch('/api/profile').send({ name: 'X' }).expect(401);
  });

  it('changes the display name (trimmed), never the mailbox address', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await ana.agent.patch('/api/profile').send({ name: '  Ana Marie  ' }).expect(200);
    expect(res.body).toMatchObject({ name: 'Ana Marie', mailbox_address: ana.mailbox });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an empty name', { name: '   ' }, 'Display name is required.'],
    ['a long name', { name: 'x'.repeat(61) }, 'Keep it under 60 characters.'],
    ['nothing', {}, 'Nothing to update.'],
    ['an unknown field', { is_vip: true }, undefined],
    ['an opacity out of range', { searchBackgroundOpacity: 0.05 }, 'Opacity must be between 0.1 and 1.'],
    ['too many contacts', { contactInfo: { available: true, entries: Array.from({ length: 7 }, (_, i) => ({ label: `L${i}`, value: 'v' })) } }, 'Share at most 6 contacts.'],
    ['a contact without a value', { contactInfo: { available: true, entries: [{ label: 'Phone', value: ' ' }] } }, 'Each contact needs a value.'],
  ])('refuses %s', async (_case, body, message) => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await ana.agent.patch('/api/profile').send(body).expect(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect((await ana.agent.get('/api/profile').expect(200)).body.name).toBe('Ana Lee');
  });
});

const makePremium = (userId: string) =>
  t.ctx.db.updateTable('profiles').set({ is_vip: true, vip_expires_at: new Date(Date.now() + 30 * 86_400_000), premium_type: 'paid' }).where('user_id', '=', userId).execute();

describe('contact info', () => {
  it('is shown in Quick Contact only when the member made it available', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    await t.ctx.db.updateTable('profiles').set({ bio: 'I like pottery.', interests: ['Pottery'] }).where('user_id', '=', ana.userId).execute();
    const entries = [
      { label: 'Instagram', value: '@ana.pots' },
      { label: 'Phone', value: '+1 604 555 0100' },
    ];
    const own = await ana.agent.patch('/api/profile').send({ contactInfo: { available: false, entries } }).expect(200);
    expect(own.body.contact_info).toEqual({ available: false, entries });

    const hidden = (await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(200)).body;
    expect(hidden.contactInfo).toEqual({ available: false });
    expect(JSON.stringify(hidden)).not.toContain('@ana.pots');

    await ana.agent.patch('/api/profile').send({ contactInfo: { available: true, entries } }).expect(200);
    // Shared: a free member learns only that there is something, for premium members (README "Premium").
    const locked = (await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(200)).body;
    expect(locked.contactInfo).toEqual({ available: true, premiumOnly: true });
    expect(JSON.stringify(locked)).not.toContain('@ana.pots');
    await makePremium(bo.userId);
    expect((await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(200)).body.contactInfo).toEqual({ available: true, entries });

    // Available with nothing to show is the same as not available.
    await ana.agent.patch('/api/profile').send({ contactInfo: { available: true, entries: [] } }).expect(200);
    expect((await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(200)).body.contactInfo).toEqual({ available: false });
  });

  it('reads the older stored shape ({ email, available })', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    await t.ctx.db.updateTable('profiles').set({ bio: 'Hi.', contact_info: { email: 'ana@old.example', available: true } }).where('user_id', '=', ana.userId).execute();
    await makePremium(bo.userId);
    expect((await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(200)).body.contactInfo).toEqual({ available: true, entries: [{ label: 'Email', value: 'ana@old.example' }] });
  });

  it('GET /api/profiles/:id finds no own, unknown or malformed profile', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    await ana.agent.get(`/api/profiles/${ana.profileId}`).expect(404);
    await ana.agent.get('/api/profiles/00000000-0000-4000-8000-000000000000').expect(404);
    await ana.agent.get('/api/profiles/nope').expect(404);
    await request(t.app).get(`/api/profiles/${ana.profileId}`).expect(401);
  });
});

describe('avatar', () => {
  it('re-encodes whatever image arrives as a 400×400 PNG without metadata, and replaces the old file', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const withExif = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const first = (await upload(ana, '/api/profile/avatar', withExif, 'image/jpeg').expect(201)).body.avatarUrl as string;
    const stored = await t.ctx.storage.open(keyFromUrl(first)!);
    const bytes = await streamToBuffer(stored!.stream());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-gps-owner'))).toBe(false);

    const second = (await upload(ana, '/api/profile/avatar', await png(400, 400)).expect(201)).body.avatarUrl as string;
    expect(second).not.toBe(first);
    expect(await t.ctx.storage.open(keyFromUrl(first)!)).toBeNull();
    expect((await ana.agent.get('/api/profile').expect(200)).body.avatar_url).toBe(second);

    await ana.agent.delete('/api/profile/avatar').expect(200, { avatarUrl: null });
    expect(await t.ctx.storage.open(keyFromUrl(second)!)).toBeNull();
  });

  it.each([
    ['HTML named as a PNG', async () => Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 415, 'Please select an image file.'],
    ['an empty body', async () => Buffer.alloc(0), 'image/png', 415, 'Please select an image file.'],
    ['a file over 5MB', async () => Buffer.concat([await png(1, 1), Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 413, 'Please select an image smaller than 5MB.'],
    ['a pixel bomb', () => pixelBomb(30_000, 30_000), 'image/png', 413, 'This image has too many pixels. Please choose a smaller one.'],
    ['a truncated PNG', async () => (await png(300, 300)).subarray(0, 120), 'image/png', 422, 'This image could not be read. Please choose another one.'],
    ['text/html', async () => Buffer.from('<p>hi</p>'), 'text/html', 415, undefined],
  ])('refuses %s and changes nothing', async (_case, body, type, status, message) => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await upload(ana, '/api/profile/avatar', await body(), type).expect(status);
    if (message) expect(res.body.error.message).toBe(message);
    expect((await ana.agent.get('/api/profile').expect(200)).body.avatar_url).toBeNull();
  });

  it('shows on the liked-profiles list and the mailbox', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    const { avatarUrl } = (await upload(ana, '/api/profile/avatar', await png(400, 400)).expect(201)).body;
    await bo.agent.put(`/api/likes/${ana.profileId}`).expect(200);
    expect((await bo.agent.get('/api/likes').expect(200)).body.likes[0].avatarUrl).toBe(avatarUrl);
    await ana.agent.post('/api/messages').send({ to: bo.mailbox, subject: 'Hi', content: 'Hi' }).expect(201);
    expect((await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages[0].counterpart.avatarUrl).toBe(avatarUrl);
  });
});

describe('search background', () => {
  it('keeps a 1080×1920 crop as it is, stores the opacity, and can be removed', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await upload(ana, '/api/profile/background?opacity=0.45', await png(1080, 1920)).expect(201);
    expect(res.body.searchBackgroundOpacity).toBe(0.45);
    const stored = await t.ctx.storage.open(keyFromUrl(res.body.searchBackgroundUrl)!);
    expect(await sharp(await streamToBuffer(stored!.stream())).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1920 });
    const profile = (await ana.agent.get('/api/profile').expect(200)).body;
    expect(profile).toMatchObject({ search_background_url: res.body.searchBackgroundUrl });
    expect(profile.search_background_opacity).toBeCloseTo(0.45);

    await ana.agent.patch('/api/profile').send({ searchBackgroundOpacity: 0.9 }).expect(200);
    await ana.agent.delete('/api/profile/background').expect(200, { searchBackgroundUrl: null });
    expect(await t.ctx.storage.open(keyFromUrl(res.body.searchBackgroundUrl)!)).toBeNull();
  });

  it.each([
    ['an opacity out of range', '/api/profile/background?opacity=2', async () => png(10, 10), 400, 'Opacity must be between 0.1 and 1.'],
    ['a file over 10MB', '/api/profile/background', async () => Buffer.concat([await png(1, 1), Buffer.alloc(10 * 1024 * 1024)]), 413, 'Please select an image smaller than 10MB.'],
    ['HTML named as a PNG', '/api/profile/background', async () => Buffer.from('<svg onload=alert(1)>'), 415, 'Please select an image file.'],
    ['a pixel bomb', '/api/profile/background', () => pixelBomb(50_000, 50_000), 413, 'This image has too many pixels. Please choose a smaller one.'],
  ])('refuses %s', async (_case, path, body, status, message) => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await upload(ana, path, await body()).expect(status);
    expect(res.body.error.message).toBe(message);
    expect((await ana.agent.get('/api/profile').expect(200)).body.search_background_url).toBeNull();
  });

  it('shrinks a larger upload to fit 1920 px, keeping its shape', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const res = await upload(ana, '/api/profile/background', await png(3840, 2160)).expect(201);
    const stored = await t.ctx.storage.open(keyFromUrl(res.body.searchBackgroundUrl)!);
    expect(await sharp(await streamToBuffer(stored!.stream())).metadata()).toMatchObject({ width: 1920, height: 1080 });
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
