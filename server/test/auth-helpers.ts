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

/** Signs up through the real flow (code read from the outbox) and leaves `agent` signed in. */
export async function signUp(t: TestApp, agent: Agent, email: string, password = 'secret-pass'): Promise<void> {
  await agent.post('/api/auth/signup').send({ email, password }).expect(202);
  const code = await latestCode(t.dataDir, email);
  await agent.post('/api/auth/signup/verify').send({ email, code }).expect(200);
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = res.headers['set-cookie'] as string[] | undefined;
  return cookies?.find((c) => c.startsWith('kindred.sid='))?.split(';')[0];
}
