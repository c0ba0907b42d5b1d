import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { z } from 'zod';

import { AppError } from '../errors.js';
import { ruledRouter } from './routes.js';

// A route's contract (contract/): its body and query are parsed before the handler (400 in the
// schema's words), and a response that does not match fails loudly outside production and is
// logged in production.

const Body = z.strictObject({ name: z.string({ error: 'A name is required.' }).min(1, 'A name is required.') });
const Query = z.strictObject({ page: z.coerce.number().int().min(1).default(1) });
const Reply = z.strictObject({ greeting: z.string() });

function app(env: 'test' | 'production', reply: (name: string) => unknown, logged: unknown[] = []) {
  const server = express();
  server.set('env', env);
  server.use(express.json());
  server.use((req, _res, next) => {
    (req as unknown as { log: { error: (entry: unknown) => void } }).log = { error: (entry) => logged.push(entry) };
    next();
  });
  const routes = ruledRouter();
  routes.post('/hello', 'public', { body: Body, query: Query, response: Reply }, (req, res) => {
    // Typed by the contract: a body that is not { name: string } would not compile.
    const name: string = req.body.name;
    const page: number = req.query.page;
    res.json(reply(`${name}${page > 1 ? ` ${page}` : ''}`) as z.input<typeof Reply>);
  });
  server.use(routes.router);
  const errors: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(error instanceof AppError ? error.status : 500).json({ error: { message: error.message } });
  };
  server.use(errors);
  return server;
}

it('parses the body and the query before the handler', async () => {
  const server = app('test', (name) => ({ greeting: `Hello ${name}` }));
  expect((await request(server).post('/hello?page=2').send({ name: 'Ana' }).expect(200)).body).toEqual({ greeting: 'Hello Ana 2' });
  const missing = await request(server).post('/hello').send({}).expect(400);
  expect(missing.body.error.message).toBe('A name is required.');
  await request(server).post('/hello').send({ name: 'Ana', extra: 1 }).expect(400);
  await request(server).post('/hello?page=0').send({ name: 'Ana' }).expect(400);
});

it('fails a response that does not match its contract outside production, and logs it in production', async () => {
  const wrong = (name: string) => ({ greeting: `Hello ${name}`, secret: 'leaked' });
  const failed = await request(app('test', wrong)).post('/hello').send({ name: 'Ana' }).expect(500);
  expect(failed.body.error.message).toMatch(/POST \/hello: the response does not match its contract/);
  const logged: unknown[] = [];
  const sent = await request(app('production', wrong, logged)).post('/hello').send({ name: 'Ana' }).expect(200);
  expect(sent.body.greeting).toBe('Hello Ana');
  expect(logged).toHaveLength(1);
});

it('asks for the contract after the rule', () => {
  const routes = ruledRouter();
  expect(() => (routes.get as (...args: unknown[]) => unknown)('/x', 'public', () => undefined)).toThrow(/the contract/);
});

it('asks every route for its JSON response or what it sends instead, one of the two', () => {
  const routes = ruledRouter();
  const declare = routes.get as (...args: unknown[]) => unknown;
  expect(() => declare('/x', 'public', {}, () => undefined)).toThrow(/names its JSON response or what it sends instead/);
  expect(() => declare('/y', 'public', { response: Reply, sends: 'file' }, () => undefined)).toThrow(/one of the two/);
  expect(() => declare('/z', 'public', { sends: 'file' }, () => undefined)).not.toThrow();
});

it('runs the contract\'s `before` handlers ahead of reading the body', async () => {
  const server = express();
  server.use(express.json());
  const routes = ruledRouter();
  const closed: express.RequestHandler = (_req, res) => void res.status(403).json({ error: { message: 'closed' } });
  routes.post('/closed', 'public', { body: Body, response: Reply, before: [closed] }, (_req, res) => void res.json({ greeting: 'never' }));
  server.use(routes.router);
  server.use(((error: AppError, _req, res, _next) => void res.status(error.status).json({ error: { message: error.message } })) as ErrorRequestHandler);
  // A malformed body would be a 400; the refusal that does not depend on it answers first.
  expect((await request(server).post('/closed').send({}).expect(403)).body.error.message).toBe('closed');
});

it('loads a resource rule\'s thing and asks authorize with it before the handler', async () => {
  const server = express();
  server.use(express.json());
  server.use((req, _res, next) => {
    req.user = { id: 'ana', email: 'ana@campus.example', admin: false } as Express.User;
    next();
  });
  const comments: Record<string, { id: string; authorId: string }> = { mine: { id: 'mine', authorId: 'ana' }, theirs: { id: 'theirs', authorId: 'bo' } };
  const routes = ruledRouter();
  const resource = {
    load: (req: express.Request<Record<string, string>, unknown, never>) => Promise.resolve(comments[req.params.id!]),
    notFound: { message: 'Comment not found.', code: 'comment_not_found' },
    wording: { message: 'That is not your comment.', code: 'not_your_comment' },
  };
  routes.delete('/comments/:id', 'comment.delete', { response: Reply, resource }, (_req, res) => void res.json({ greeting: `deleted ${res.locals.resource.id}` }));
  server.use(routes.router);
  server.use(((error: AppError, _req, res, _next) => void res.status(error.status).json({ error: { message: error.message, code: error.code } })) as ErrorRequestHandler);
  expect((await request(server).delete('/comments/mine').expect(200)).body).toEqual({ greeting: 'deleted mine' });
  expect((await request(server).delete('/comments/theirs').expect(403)).body.error).toEqual({ message: 'That is not your comment.', code: 'not_your_comment' });
  expect((await request(server).delete('/comments/none').expect(404)).body.error.code).toBe('comment_not_found');
});

it('refuses a resource rule without a loader, and a loader under a rule about nothing', () => {
  const routes = ruledRouter();
  const declare = routes.delete as (...args: unknown[]) => unknown;
  expect(() => declare('/comments/:id', 'comment.delete', { sends: 'nothing' }, () => undefined)).toThrow(/is about a resource, so its contract loads it/);
  const loader = { load: () => Promise.resolve({ authorId: null }), notFound: {} };
  expect(() => declare('/mine', 'member', { sends: 'nothing', resource: loader }, () => undefined)).toThrow(/loads no resource/);
});
