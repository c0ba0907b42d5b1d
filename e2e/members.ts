// What every browser test needs from the server's side: the mailed codes and links (the outbox
// holds one .eml per mail, named so that they sort oldest first) and a member signed up through
// the API on a page's own cookie jar.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';

import type { RunningServer } from './harness.js';

export const password = 'correct-horse-7';

export const freshEmail = (prefix = 'e2e') => `${prefix}-${randomBytes(6).toString('hex')}@example.com`;

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export async function poll<T>(read: () => Promise<T | null>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// The text of the newest mail to `to` that matches `pattern`, or null.
async function newestMailMatching(dataDir: string, to: string, pattern: RegExp): Promise<RegExpMatchArray | null> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    const recipient = /^To: (.*)$/im.exec(raw)?.[1]?.trim().toLowerCase() ?? '';
    if (recipient !== to.toLowerCase() && !recipient.includes(`<${to.toLowerCase()}>`)) continue;
    return decodeQuotedPrintable(raw).match(pattern);
  }
  return null;
}

export function readCode(dataDir: string, to: string): Promise<string> {
  return poll(
    async () => (await newestMailMatching(dataDir, to, /Your verification code is: (\d{6})/))?.[1] ?? null,
    `the verification code mailed to ${to}`,
  );
}

export function readResetLink(dataDir: string, to: string): Promise<string> {
  return poll(
    async () => (await newestMailMatching(dataDir, to, /(\/auth\?type=recovery&token=[A-Za-z0-9_-]+)/))?.[1] ?? null,
    `the reset link mailed to ${to}`,
  );
}

export interface SignedUpMember {
  email: string;
  registrationOrder: number;
}

/** Signs a member up and saves their basic information through the API, signed in on `page`. */
export async function signUpWithBasicInfo(page: Page, server: RunningServer, prefix = 'e2e'): Promise<SignedUpMember> {
  const email = freshEmail(prefix);
  const request = page.request;
  const signUp = await request.post(`${server.url}/api/auth/signup`, { data: { email, password } });
  assert.equal(signUp.status(), 202, 'sign-up accepted');
  const code = await readCode(server.dataDir, email);
  const verify = await request.post(`${server.url}/api/auth/signup/verify`, { data: { email, code } });
  assert.equal(verify.status(), 200, 'sign-up verified');
  const basic = await request.put(`${server.url}/api/profile/basic`, {
    data: { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'Student', relationshipStatus: 'single_lgbtq' },
  });
  assert.equal(basic.status(), 200, `basic information saved: ${await basic.text()}`);
  const profile = (await basic.json()) as { registration_order: number };
  return { email, registrationOrder: profile.registration_order };
}
