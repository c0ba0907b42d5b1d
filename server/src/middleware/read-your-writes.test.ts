import express from 'express';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import request from 'supertest';

import { ReadRouting } from '../db/read-routing.js';
import type { DB } from '../db/schema.js';
import { readsOnly, readYourWrites } from './read-your-writes.js';

const primary = { name: 'primary' } as unknown as Kysely<DB>;
const replica = { name: 'replica' } as unknown as Kysely<DB>;

describe('read-your-writes', () => {
  let now = 1_000_000;
  let routing: ReadRouting;
  const app = express();
  const servedBy = () => (routing.reader() === primary ? 'primary' : 'replica');

  beforeAll(async () => {
    const probe = { primaryLsn: async () => '0/10', replica: async () => ({ inRecovery: true, replayedLsn: '0/10', replayAgeMs: 0 }) };
    // The replica stays fresh on its own clock; only the browser's clock moves.
    routing = new ReadRouting({ primary, replica: { db: replica, probe }, maxLagMs: 2000, logger: pino({ level: 'silent' }), now: () => 0 });
    await routing.check();
    app.use(readYourWrites({ env: 'test', windowMs: 2000, now: () => now }));
    app.get('/feed', async (_req, res) => {
      await new Promise((resolve) => setImmediate(resolve)); // the pin holds across awaits
      res.json({ servedBy: servedBy() });
    });
    app.post('/blocks', (_req, res) => {
      now += 300; // the change commits while the request runs: the stamp is the answer's time
      res.status(201).json({});
    });
    app.post('/search', readsOnly, (_req, res: express.Response) => {
      res.json({ servedBy: servedBy() });
    });
  });

  it('keeps a browser on the primary for the allowed lag after its own change, then lets it read the replica', async () => {
    const agent = request.agent(app);
    expect((await agent.get('/feed').expect(200)).body.servedBy).toBe('replica');
    const res = await agent.post('/blocks').expect(201);
    expect(res.headers['set-cookie']).toEqual([expect.stringMatching(new RegExp(`^kindred\\.wrote=${now}; Max-Age=2; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`))]);
    now += 1999;
    expect((await agent.get('/feed').expect(200)).body.servedBy).toBe('primary');
    expect((await agent.post('/search').expect(200)).body.servedBy).toBe('primary');
    now += 1;
    expect((await agent.get('/feed').expect(200)).body.servedBy).toBe('replica');
  });

  it('does not count a search, which only reads, as a change', async () => {
    const res = await request(app).post('/search').expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body.servedBy).toBe('replica');
  });

  it('shrugs off a cookie that is not a time', async () => {
    const res = await request(app).get('/feed').set('Cookie', 'kindred.wrote=soon').expect(200);
    expect(res.body.servedBy).toBe('replica');
  });
});
