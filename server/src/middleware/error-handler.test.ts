import express from 'express';
import { pinoHttp } from 'pino-http';
import pino from 'pino';
import request from 'supertest';

import { ErrorBody } from '../../../contract/errors.js';
import { AppError, BadRequestError } from '../errors.js';
import { errorHandler } from './error-handler.js';

function appThrowing(error: unknown) {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

describe('errorHandler', () => {
  it('maps an AppError to its status, code and message', async () => {
    const res = await request(appThrowing(new BadRequestError('Password too short', 'weak_password'))).get('/boom').expect(400);
    expect(res.body).toEqual({ error: { code: 'weak_password', message: 'Password too short' } });
    const teapot = await request(appThrowing(new AppError(409, 'conflict', 'Already there'))).get('/boom').expect(409);
    expect(teapot.body.error.code).toBe('conflict');
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
  ])('answers 503 with Retry-After when the database is unavailable (%s)', async (_label, error) => {
    const res = await request(appThrowing(error)).get('/boom').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error.code).toBe('database_unavailable');
  });

  it('hides the details of an unexpected error', async () => {
    const res = await request(appThrowing(new TypeError("Cannot read properties of undefined (reading 'x')"))).get('/boom').expect(500);
    expect(res.body).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
    expect(res.text).not.toMatch(/TypeError|reading|\.ts:/);
  });

  it('answers every error in the contract\'s shape', async () => {
    const errors = [new BadRequestError('Password too short', 'weak_password'), new AppError(429, 'too_many', 'Later', { retryAfter: 5 }), new Error('Connection terminated unexpectedly'), new TypeError('x')];
    for (const error of errors) {
      const res = await request(appThrowing(error)).get('/boom');
      expect(ErrorBody.safeParse(res.body).success).toBe(true);
    }
  });
});
