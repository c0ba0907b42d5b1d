// What every browser test needs from the server's side: the mailed codes and links (the outbox
// holds one .eml per mail, named so that they sort oldest first) and a member signed up through
// the API on a page's own cookie jar.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import sharp from 'sharp';

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

/** Signs a member up (verified, nothing else saved) through the API, signed in on `page`; returns the address. */
export async function signUp(page: Page, server: RunningServer, prefix = 'e2e', email = freshEmail(prefix)): Promise<string> {
  const request = page.request;
  const signUp = await request.post(`${server.url}/api/auth/signup`, { data: { email, password } });
  assert.equal(signUp.status(), 202, 'sign-up accepted');
  const code = await readCode(server.dataDir, email);
  const verify = await request.post(`${server.url}/api/auth/signup/verify`, { data: { email, code } });
  assert.equal(verify.status(), 200, 'sign-up verified');
  return email;
}

/** Signs a member up and saves their basic information through the API, signed in on `page`. */
export async function signUpWithBasicInfo(page: Page, server: RunningServer, prefix = 'e2e', email?: string): Promise<SignedUpMember> {
  const address = await signUp(page, server, prefix, email);
  const request = page.request;
  const basic = await request.put(`${server.url}/api/profile/basic`, {
    data: { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'Student', relationshipStatus: 'single_lgbtq' },
  });
  assert.equal(basic.status(), 200, `basic information saved: ${await basic.text()}`);
  const profile = (await basic.json()) as { registration_order: number };
  return { email: address, registrationOrder: profile.registration_order };
}

/** Fills in /onboarding's basic-information form (as Ana Lee, born 2004-03-10, female, single) without sending it. */
export async function fillBasicInfoForm(page: Page, values: { location: string; profession: string }, birthDate = '2004-03-10'): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const choose = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await field('Your Name').fill('Ana Lee');
  await page.locator('input[type="date"]').fill(birthDate);
  await field('Your Location').fill(values.location);
  await choose('Gender', 'Female');
  await field('Profession/Identity').fill(values.profession);
  await choose('Relationship Status', 'Single (LGBTQ+)');
}

/** A member whose profile completeMember() completes. */
export interface MemberSpec {
  name: string;
  gender: 'male' | 'female' | 'non-binary';
  answers: string[];
  moment: string;
  /** A photo instead of the text moment. */
  image?: boolean;
  /** Sign up with this address (the administrator's, say) instead of a fresh one. */
  email?: string;
}

// A warm gradient photo, 640×800.
export async function goldenHour(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset="0.6" stop-color="#ff6f61"/><stop offset="1" stop-color="#5b2a86"/></linearGradient></defs><rect width="640" height="800" fill="url(#g)"/><circle cx="320" cy="470" r="90" fill="#ffe29a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Signs a member up on `page`'s cookie jar and completes the profile through the API: basic
 * information, the built-in interviewer's chat and a first moment.
 */
export async function completeMember(page: Page, server: RunningServer, spec: MemberSpec, prefix = 'e2e'): Promise<void> {
  await signUpWithBasicInfo(page, server, prefix, spec.email);
  await completeProfile(page, server, spec);
}

/** Completes the profile of the member signed in on `page` (however they signed in) through the API: basic information, the interview, the first moment. */
export async function completeProfile(page: Page, server: RunningServer, spec: MemberSpec): Promise<void> {
  const request = page.request;
  const basic = await request.put(`${server.url}/api/profile/basic`, {
    data: { name: spec.name, birthDate: '2003-06-15', location: 'Vancouver', gender: spec.gender, profession: 'Student', relationshipStatus: 'single_lgbtq' },
  });
  assert.equal(basic.status(), 200, `basic information saved: ${await basic.text()}`);

  const start = await request.post(`${server.url}/api/chat`, { data: { message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' } });
  assert.equal(start.status(), 200, `chat started: ${await start.text()}`);
  const { sessionId } = (await start.json()) as { sessionId: string };
  let completed = false;
  for (const answer of spec.answers) {
    const reply = await request.post(`${server.url}/api/chat`, { data: { message: answer, sessionId, sessionType: 'onboarding' } });
    assert.equal(reply.status(), 200, `chat answered: ${await reply.text()}`);
    completed = ((await reply.json()) as { completed: boolean }).completed;
  }
  assert.ok(completed, 'the interview is complete');

  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = spec.image
    ? { type: 'image', images: { name: 'golden-hour.png', mimeType: 'image/png', buffer: await goldenHour() } }
    : { type: 'text', text: spec.moment };
  const moment = await request.put(`${server.url}/api/profile/first-moment`, { multipart });
  assert.equal(moment.status(), 200, `first moment saved: ${await moment.text()}`);
  const session = (await (await request.get(`${server.url}/api/auth/session`)).json()) as { profileComplete: boolean };
  assert.equal(session.profileComplete, true, `${spec.name}'s profile is complete`);
}

/** Gives the account the admin role through the built CLI, as an operator would (the server runs with ADMIN_EMAIL = `email`). */
export function grantAdmin(server: RunningServer, email: string): void {
  // The built command line, like the server (npm run test:e2e builds first when the sources changed): it starts in a third of tsx's time.
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, '..', 'dist', 'cli', 'src', 'index.js'), 'users', 'grant-admin', email], {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 0, `grant-admin: ${run.stdout}${run.stderr}`);
}
