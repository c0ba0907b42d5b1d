import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

import sharp from 'sharp';
import type { Response } from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createApp } from '../../app.js';
import { keyFromUrl, variantKey } from '../../storage/storage.js';
import { MomentsRepository } from './moments.repository.js';
import { DEFAULT_MOMENT_LIMITS, MB } from './moments.schema.js';
import { MomentsService } from './moments.service.js';

let t: TestApp;
const basic = {
  name: 'Ana Lee',
  birthDate: '2004-03-10',
  location: 'Vancouver',
  gender: 'female',
  profession: 'student',
  relationshipStatus: 'single_straight',
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.dataDir, 'uploads');
const tempDir = () => path.join(t.dataDir, 'tmp', 'uploads');
const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

async function member(app: TestApp = t): Promise<Agent> {
  const agent = agentFor(app);
  await signUp(app, agent, uniqueEmail('moments'));
  await agent.put('/api/profile/basic').send(basic).expect(200);
  return agent;
}

// ---- files made here, in memory ---------------------------------------------------------------

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();
const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
const webp = (width = 64, height = 48) => solid(width, height).webp().toBuffer();

/** A PNG that declares width x height but is tiny on the wire (1-bit grey, all zero). */
function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO BMFF `ftyp` box (MP4 with brand isom, MOV with "qt  ") and some payload. */
function mp4(brand = 'isom', payload = 2048): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const mdat = Buffer.alloc(8 + payload, 7);
  mdat.writeUInt32BE(8 + payload, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/** An EBML header with DocType "webm", then some payload. */
function webm(payload = 2048): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08,
    0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(payload, 3)]);
}

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(4));

interface Upload {
  type?: string;
  text?: string;
  images?: Array<[Buffer, string]>;
  video?: [Buffer, string];
}

function put(agent: Agent, upload: Upload) {
  let req = agent.put('/api/profile/first-moment');
  if (upload.type !== undefined) req = req.field('type', upload.type);
  if (upload.text !== undefined) req = req.field('text', upload.text);
  for (const [data, filename] of upload.images ?? []) req = req.attach('images', data, { filename, contentType: 'image/jpeg' });
  if (upload.video) req = req.attach('video', upload.video[0], { filename: upload.video[1], contentType: 'video/mp4' });
  return req;
}

function expectError(res: Response, status: number, code: string, message?: string | RegExp) {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  if (typeof message === 'string') expect(res.body.error.message).toBe(message);
  else if (message) expect(res.body.error.message).toMatch(message);
}

/** Runs `fn` and checks it left no file behind, neither stored nor temporary. */
async function leavesNoFiles(fn: () => Promise<unknown>): Promise<void> {
  const before = await list(uploadsDir());
  await fn();
  expect(await list(uploadsDir())).toEqual(before);
  expect(await list(tempDir())).toEqual([]);
}

async function fetchUpload(agent: Agent, url: string) {
  const res = await agent.get(url).buffer(true).parse((response, callback) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => callback(null, Buffer.concat(chunks)));
  });
  expect(res.status).toBe(200);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return { type: res.headers['content-type'], body: res.body as Buffer };
}

const thumbUrl = (url: string) => `/uploads/${variantKey(keyFromUrl(url)!, 'thumb')}`;

// ---- tests ------------------------------------------------------------------------------------

describe('PUT /api/profile/first-moment: images', () => {
  it('stores one image re-encoded at most 2048 px, with a 480 px thumbnail, served with nosniff', async () => {
    const agent = await member();
    const res = await put(agent, { type: 'image', images: [[await png(3000, 1000), 'wide.png']] }).expect(200);
    expect(res.body).toMatchObject({ card_type: 'image', card_video_url: null, card_text: null, name: 'Ana Lee' });
    expect(res.body.card_image_urls).toHaveLength(1);
    const [url] = res.body.card_image_urls as string[];
    expect(res.body.card_image_url).toBe(url);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const image = await fetchUpload(agent, url!);
    expect(image.type).toBe('image/png');
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'png', width: 2048, height: 683 });
    const thumb = await fetchUpload(agent, thumbUrl(url!));
    expect(thumb.type).toBe('image/png');
    expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 480, height: 160 });

    expect((await agent.get('/api/profile').expect(200)).body).toEqual(res.body);
    expect(await list(tempDir())).toEqual([]);
  });

  it('stores three images of the three kinds, in order', async () => {
    const agent = await member();
    const res = await put(agent, { type: 'image', images: [[await png(), 'a.png'], [await jpeg(), 'b.jpg'], [await webp(), 'c.webp']] }).expect(200);
    const urls = res.body.card_image_urls as string[];
    expect(urls).toHaveLength(3);
    expect(res.body.card_image_url).toBe(urls[0]);
    const types = [];
    for (const url of urls) {
      types.push((await fetchUpload(agent, url)).type);
      await fetchUpload(agent, thumbUrl(url));
    }
    expect(types).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });

  it('strips EXIF, GPS included, from a photo', async () => {
    const agent = await member();
    const photo = await solid(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Spy 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 15/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '123/1 6/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('TestCam');

    const res = await put(agent, { type: 'image', images: [[photo, 'IMG_0001.JPG']] }).expect(200);
    for (const url of [res.body.card_image_url as string, thumbUrl(res.body.card_image_url)]) {
      const { body } = await fetchUpload(agent, url);
      const after = await sharp(body).metadata();
      expect(after.format).toBe('jpeg');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(body.includes('TestCam')).toBe(false);
    }
  });

  it('refuses HTML named .jpg (magic bytes, not the name or declared type) and stores nothing', async () => {
    const agent = await member();
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'image', images: [[await png(), 'ok.png'], [html, 'cat.jpg']] });
      expectError(res, 415, 'unsupported_file_type', 'Only PNG, JPG or WEBP images are allowed.');
    });
    expect((await agent.get('/api/profile').expect(200)).body.card_type).toBeNull();
  });

  it.each([
    [8000, 8000],
    [20000, 20000],
  ])('refuses a pixel flood (%i x %i) before decoding it', async (width, height) => {
    const agent = await member();
    const flood = pixelFloodPng(width, height);
    expect(flood.length).toBeLessThan(200_000);
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'image', images: [[flood, 'flood.png']] });
      expectError(res, 422, 'image_too_many_pixels', 'flood.png is too large: images may have at most 40 megapixels.');
    });
  });

  it('refuses an image sharp cannot read', async () => {
    const agent = await member();
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 1)]);
    const res = await put(agent, { type: 'image', images: [[broken, 'broken.png']] });
    expectError(res, 422, 'invalid_image', 'broken.png could not be read as an image.');
  });

  it('refuses an 11 MB image while it streams, naming it, and stores nothing', async () => {
    const agent = await member();
    const big = Buffer.concat([await png(), Buffer.alloc(11 * MB, 1)]);
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'image', images: [[await png(), 'small.png'], [big, 'holiday.png']] });
      expectError(res, 413, 'file_too_large', 'holiday.png is larger than 10MB');
    });
    // The connection survived: the same member can go on.
    await put(agent, { type: 'text', text: 'still here' }).expect(200);
  });

  it('refuses a 9th image', async () => {
    const agent = await member();
    const image = await png();
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'image', images: Array.from({ length: 9 }, (_, i) => [image, `${i}.png`] as [Buffer, string]) });
      expectError(res, 400, 'too_many_images', 'Too many images');
    });
    const eight = await put(agent, { type: 'image', images: Array.from({ length: 8 }, (_, i) => [image, `${i}.png`] as [Buffer, string]) }).expect(200);
    expect(eight.body.card_image_urls).toHaveLength(8);
  });

  it('needs at least one image for an image moment, and no files on a text moment', async () => {
    const agent = await member();
    expectError(await put(agent, { type: 'image' }), 400, 'images_required');
    await leavesNoFiles(async () => {
      expectError(await put(agent, { type: 'text', text: 'hi', images: [[await png(), 'a.png']] }), 400, 'unexpected_field');
      expectError(await put(agent, { type: 'image', images: [[await png(), 'a.png']], video: [mp4(), 'v.mp4'] }), 400, 'unexpected_field');
    });
  });
});

describe('PUT /api/profile/first-moment: video', () => {
  it.each([
    ['clip.mp4', mp4('isom'), 'video/mp4', /\.mp4$/],
    ['clip.mov', mp4('qt  '), 'video/quicktime', /\.mov$/],
    ['clip.webm', webm(), 'video/webm', /\.webm$/],
  ])('stores %s by its magic bytes', async (filename, data, contentType, extension) => {
    const agent = await member();
    const res = await put(agent, { type: 'video', video: [data, filename] }).expect(200);
    expect(res.body).toMatchObject({ card_type: 'video', card_image_url: null, card_image_urls: [], card_text: null });
    expect(res.body.card_video_url).toMatch(extension);
    const stored = await fetchUpload(agent, res.body.card_video_url);
    expect(stored.type).toBe(contentType);
    expect(stored.body.equals(data)).toBe(true);

    const part = await agent.get(res.body.card_video_url).set('Range', 'bytes=4-11').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${data.length}`);
    expect(await list(tempDir())).toEqual([]);
  });

  it('refuses what only looks like a video by name, and HEIC images (ISO BMFF, not video)', async () => {
    const agent = await member();
    await leavesNoFiles(async () => {
      expectError(await put(agent, { type: 'video', video: [html, 'movie.mp4'] }), 415, 'unsupported_file_type', 'Only MP4, MOV or WEBM videos are allowed.');
      expectError(await put(agent, { type: 'video', video: [mp4('heic'), 'photo.mp4'] }), 415, 'unsupported_file_type');
      expectError(await put(agent, { type: 'video', video: [await png(), 'still.webm'] }), 415, 'unsupported_file_type');
    });
    expectError(await put(agent, { type: 'video' }), 400, 'video_required');
  });

  it('stops a video over the limit while it streams (limit made small here; 100 MB by default)', async () => {
    expect(DEFAULT_MOMENT_LIMITS.maxVideoBytes).toBe(100 * MB);
    expect(t.ctx.services.moments.limits).toMatchObject({ maxVideoBytes: 100 * MB, maxImageBytes: 10 * MB, maxImages: 8, maxTextLength: 500 });

    const moments = new MomentsService({
      db: t.ctx.db,
      moments: new MomentsRepository(t.ctx.db),
      storage: t.ctx.storage,
      logger: t.ctx.logger,
      tempDir: tempDir(),
      limits: { maxVideoBytes: 1 * MB },
    });
    const small = { ...t, app: createApp({ ...t.ctx, services: { ...t.ctx.services, moments } }) };
    const agent = await member(small);
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'video', video: [mp4('isom', 3 * MB), 'long.mp4'] });
      expectError(res, 413, 'file_too_large', 'Video must be less than 1MB');
    });
    await put(agent, { type: 'video', video: [mp4('isom', MB / 2), 'short.mp4'] }).expect(200);
  });
});

describe('PUT /api/profile/first-moment: text and the form', () => {
  it('stores trimmed text up to 500 characters (counted as Postgres counts them)', async () => {
    const agent = await member();
    const res = await put(agent, { type: 'text', text: '  I climb on weekends.  ' }).expect(200);
    expect(res.body).toMatchObject({ card_type: 'text', card_text: 'I climb on weekends.', card_image_url: null, card_image_urls: [], card_video_url: null });
    const emoji = '🧗'.repeat(500); // 1000 UTF-16 units, 500 characters
    expect((await put(agent, { type: 'text', text: emoji }).expect(200)).body.card_text).toBe(emoji);
  });

  it('refuses blank and over-long text', async () => {
    const agent = await member();
    expectError(await put(agent, { type: 'text', text: '   \n ' }), 400, 'text_required', 'Text required');
    expectError(await put(agent, { type: 'text' }), 400, 'text_required', 'Text required');
    expectError(await put(agent, { type: 'text', text: 'a'.repeat(501) }), 400, 'text_too_long', 'Text must be 500 characters or fewer.');
    expectError(await put(agent, { type: 'text', text: 'a'.repeat(100_000) }), 400, 'text_too_long');
  });

  it('needs a type, and one of the three', async () => {
    const agent = await member();
    expectError(await put(agent, { text: 'hello' }), 400, 'moment_type_required', 'Please select a moment type');
    expectError(await put(agent, { type: 'audio' }), 400, 'invalid_moment_type');
    expectError(await put(agent, { type: 'text', text: 'x' }).field('extra', '1'), 400, 'unexpected_field');
  });

  it('takes only multipart bodies', async () => {
    const agent = await member();
    expectError(await agent.put('/api/profile/first-moment').send({ type: 'text', text: 'hi' }), 415, 'unsupported_media_type');
    expectError(await agent.put('/api/profile/first-moment').set('Content-Type', 'multipart/form-data').send('garbage'), 400, 'malformed_upload');
  });

  it('asks for sign-in, and for basic information first', async () => {
    expectError(await put(agentFor(t), { type: 'text', text: 'hi' }), 401, 'unauthorized');
    const agent = agentFor(t);
    await signUp(t, agent, uniqueEmail('moments'));
    await leavesNoFiles(async () => {
      expectError(await put(agent, { type: 'image', images: [[await png(), 'a.png']] }), 409, 'basic_info_required');
    });
  });
});

describe('replacing a first moment', () => {
  it('switching from images to text clears the image fields and deletes the old files', async () => {
    const agent = await member();
    const other = await member();
    const others = await put(other, { type: 'image', images: [[await png(), 'theirs.png']] }).expect(200);

    const images = await put(agent, { type: 'image', images: [[await png(), 'a.png'], [await jpeg(), 'b.jpg']] }).expect(200);
    const oldKeys = (images.body.card_image_urls as string[]).flatMap((url) => [keyFromUrl(url)!, variantKey(keyFromUrl(url)!, 'thumb')]);
    for (const key of oldKeys) expect(existsSync(path.join(uploadsDir(), key))).toBe(true);

    const text = await put(agent, { type: 'text', text: 'Now in words.' }).expect(200);
    expect(text.body).toMatchObject({ card_type: 'text', card_text: 'Now in words.', card_image_url: null, card_image_urls: [], card_video_url: null });
    for (const key of oldKeys) expect(existsSync(path.join(uploadsDir(), key))).toBe(false);
    await agent.get(images.body.card_image_url).expect(404);

    const video = await put(agent, { type: 'video', video: [webm(), 'v.webm'] }).expect(200);
    expect(video.body).toMatchObject({ card_type: 'video', card_text: null });
    const image = await put(agent, { type: 'image', images: [[await webp(), 'c.webp']] }).expect(200);
    expect(image.body).toMatchObject({ card_type: 'image', card_video_url: null });
    expect(existsSync(path.join(uploadsDir(), keyFromUrl(video.body.card_video_url)!))).toBe(false);

    // The other member's moment was never touched.
    expect((await other.get('/api/profile').expect(200)).body).toMatchObject({ card_image_urls: others.body.card_image_urls });
    await fetchUpload(other, others.body.card_image_url);
  });

  it('a save that fails midway (third image unreadable) deletes what it stored and keeps the old moment', async () => {
    const agent = await member();
    const before = await put(agent, { type: 'text', text: 'old' }).expect(200);
    await leavesNoFiles(async () => {
      const res = await put(agent, { type: 'image', images: [[await png(), 'a.png'], [await jpeg(), 'b.jpg'], [pixelFloodPng(8000, 8000), 'c.png']] });
      expectError(res, 422, 'image_too_many_pixels');
    });
    expect((await agent.get('/api/profile').expect(200)).body).toEqual(before.body);
  });

  it('a database failure after the files were stored removes them and says "Failed to save moment"', async () => {
    const agent = await member();
    const { user_id: userId } = (await agent.get('/api/profile').expect(200)).body as { user_id: string };
    class FailingRepository extends MomentsRepository {
      override async saveFirstMoment(): Promise<never> {
        throw new Error('disk full');
      }
    }
    const moments = new MomentsService({
      db: t.ctx.db,
      moments: new FailingRepository(t.ctx.db),
      storage: t.ctx.storage,
      logger: t.ctx.logger,
      tempDir: tempDir(),
    });
    const scratch = path.join(t.dataDir, 'scratch');
    await mkdir(scratch, { recursive: true });
    await writeFile(path.join(scratch, 'a.png'), await png());
    await leavesNoFiles(async () => {
      await expect(moments.saveFirstMoment(userId, { type: 'image', images: [{ path: path.join(scratch, 'a.png'), filename: 'a.png', size: 1, format: 'png' }] })).rejects.toMatchObject({
        status: 500,
        code: 'moment_save_failed',
        message: 'Failed to save moment',
      });
    });
  });
});

describe('GET /uploads/:key', () => {
  it.each([
    '/uploads/..%2f..%2fetc%2fpasswd',
    '/uploads/..%2F..%2Fsession-secret',
    '/uploads/%2e%2e',
    '/uploads/../session-secret',
    '/uploads/0123456789abcdef0123456789abcdef.html',
    '/uploads/0123456789ABCDEF0123456789ABCDEF.png',
    '/uploads/0123456789abcdef0123456789abcdef.png',
    '/uploads/',
  ])('answers 404 for %s', async (url) => {
    const res = await agentFor(t).get(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

it('housekeeping deletes temporary upload files a crash left behind, and only those', async () => {
  const tempDir = path.join(t.dataDir, 'tmp', 'uploads');
  await mkdir(tempDir, { recursive: true });
  const orphan = path.join(tempDir, 'orphan.part');
  const live = path.join(tempDir, 'live.part');
  await writeFile(orphan, 'x');
  await writeFile(live, 'y');
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await utimes(orphan, twoDaysAgo, twoDaysAgo);
  await t.ctx.housekeeping();
  expect(existsSync(orphan)).toBe(false);
  expect(existsSync(live)).toBe(true);
});
