import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pino from 'pino';

import { issuesOf } from '../../test/config-issues.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { loadConfig } from '../config.js';
import { createMailer } from './mailer.js';

// The rule: with SMTP_PASSWORD (or SMTP_PASSWORD_FILE) set, the mailer logs in as SMTP_URL's user
// with that password; an SMTP_URL that carries its own password works as before.

const logger = pino({ level: 'silent' });
const PASSWORD = 'p@ss/w:rd #1 from a file';
const message = { to: 'ana@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp({ users: { 'mailer@campus.test': PASSWORD } });
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
  smtp.logins.length = 0;
});

async function sendWith(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, smtpPassword: config.smtpPassword, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger, smtpTimeoutMs: 5000 });
  try {
    await mailer.send(message);
  } finally {
    mailer.close();
  }
}

it('logs in with the password read from SMTP_PASSWORD_FILE, as the user SMTP_URL names', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kindred-smtp-'));
  const file = path.join(dir, 'smtp-password');
  writeFileSync(file, `${PASSWORD}\n`);
  try {
    await sendWith({ SMTP_URL: `smtp://mailer%40campus.test@127.0.0.1:${smtp.port}`, SMTP_PASSWORD_FILE: file });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(smtp.logins).toEqual([{ username: 'mailer@campus.test', password: PASSWORD }]);
  expect(smtp.received).toHaveLength(1);
});

it('still takes the password from SMTP_URL when SMTP_PASSWORD is unset', async () => {
  await sendWith({ SMTP_URL: `smtp://mailer%40campus.test:${encodeURIComponent(PASSWORD)}@127.0.0.1:${smtp.port}` });
  expect(smtp.logins).toEqual([{ username: 'mailer@campus.test', password: PASSWORD }]);
  expect(smtp.received).toHaveLength(1);
});

it('fails the delivery on a wrong password (the stand-in checks it)', async () => {
  await expect(sendWith({ SMTP_URL: `smtp://mailer%40campus.test@127.0.0.1:${smtp.port}`, SMTP_PASSWORD: 'wrong' })).rejects.toThrow();
  expect(smtp.received).toHaveLength(0);
});

it('wants SMTP_PASSWORD beside an SMTP_URL that names a user and holds no password', () => {
  expect(issuesOf({ SMTP_PASSWORD: 'x' })).toEqual(['SMTP_PASSWORD: needs SMTP_URL (smtp://user@host:587) to say which server and user it is for']);
  expect(issuesOf({ SMTP_URL: 'smtp://u:p@host:587', SMTP_PASSWORD: 'x' })[0]).toMatch(/^SMTP_PASSWORD: SMTP_URL already holds a password/);
  expect(issuesOf({ SMTP_URL: 'smtp://host:587', SMTP_PASSWORD: 'x' })[0]).toMatch(/^SMTP_PASSWORD: SMTP_URL must name the user/);
});
