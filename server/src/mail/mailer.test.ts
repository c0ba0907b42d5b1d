import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';
import request from 'supertest';

import { uniqueEmail } from '../../test/auth-helpers.js';
import { mailsTo, parseEml } from '../../test/outbox.js';
import { startTestSmtp } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';
import { createMailer } from './mailer.js';
import { signupCodeMail } from './templates.js';

const logger = pino({ level: 'silent' });

it('delivers the sign-up code over real SMTP when SMTP_URL is set', async () => {
  const smtp = await startTestSmtp();
  const { port, received } = smtp;
  const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kindred <no-reply@kindred.test>' });
  try {
    expect(t.ctx.mailer.transport).toBe('smtp');
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'secret-pass' }).expect(202);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([email]);
    const mail = parseEml(received[0]!.raw);
    expect(mail.subject).toBe('Your Kindred verification code');
    const code = mail.text.match(/Your verification code is: (\d{6})/)?.[1];
    expect(code).toBeDefined();
    expect(await mailsTo(t.dataDir, email)).toHaveLength(0); // nothing went to the outbox
    await request(t.app).post('/api/auth/signup/verify').send({ email, code }).expect(200);
  } finally {
    await t.close();
    await smtp.close();
  }
});

it('answers 502 with the spec message when the code cannot be sent', async () => {
  const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  try {
    const res = await request(t.app).post('/api/auth/signup').send({ email: uniqueEmail(), password: 'secret-pass' }).expect(502);
    expect(res.body.error).toEqual({ code: 'mail_failed', message: 'Failed to send verification code' });
  } finally {
    await t.close();
  }
});

it('writes each message to the outbox as an .eml file without SMTP', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-outbox-'));
  try {
    const mailer = createMailer({ from: 'Kindred <no-reply@kindred.local>', outboxDir: dir, logger });
    expect(mailer.transport).toBe('outbox');
    await mailer.send(signupCodeMail('ana@example.com', '123456', 'Campus <Match>'));
    const [file] = await readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, file!), 'utf8');
    expect(parseEml(raw)).toMatchObject({ to: 'ana@example.com', subject: 'Your Campus <Match> verification code' });
    expect(raw).toContain('Campus &#60;Match&#62;'); // escaped in the HTML part
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
