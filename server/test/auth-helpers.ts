import { sql } from 'kysely';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

import { latestCode } from './outbox.js';
import type { TestApp } from './test-app.js';

export type Agent = TestAgent;

export function agentFor(t: TestApp): Agent {
  return request.agent(t.app);
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}@example.com`;
}

/** The members' password in the tests: strong enough for the sign-up rules (auth/password-strength.ts). */
export const TEST_PASSWORD = 'maple-orbit-lantern';

/** Signs up through the real flow (code read from the outbox) and leaves `agent` signed in. */
export async function signUp(t: TestApp, agent: Agent, email: string, password = TEST_PASSWORD): Promise<void> {
  await agent.post('/api/auth/signup').send({ email, password }).expect(202);
  const code = await latestCode(t.dataDir, email);
  await agent.post('/api/auth/signup/verify').send({ email, code }).expect(200);
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = res.headers['set-cookie'] as string[] | undefined;
  return cookies?.find((c) => /^(__Host-)?kindred\.sid=/.test(c))?.split(';')[0];
}

/**
 * Writes sign-in facts into every stored session of a user, as another sign-in path would have
 * set them (e.g. `{ signInMethod: 'campus', signedInAt, campusAuthenticatedAt }` for the campus provider's step-up path).
 */
export async function setSessionFields(t: TestApp, userId: string, fields: Record<string, unknown>): Promise<void> {
  await sql`UPDATE sessions SET sess = (sess::jsonb || ${JSON.stringify(fields)}::jsonb)::json WHERE sess -> 'passport' ->> 'user' = ${userId}`.execute(t.ctx.db);
}
