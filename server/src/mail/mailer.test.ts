import net, { type AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';
import request from 'supertest';

import { uniqueEmail } from '../../test/auth-helpers.js';
import { mailsTo, parseEml } from '../../test/outbox.js';
import { startTestSmtp } from '../../test/smtp.js';
import { createTestApp, TestClock } from '../../test/test-app.js';
import { backoffMs, languageOfHtml } from './mail-queue.js';
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
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    await t.ctx.mailQueue!.idle();
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

it('keeps a mail\'s language through the queue: a French sign-up code goes over SMTP with Content-Language: fr', async () => {
  const smtp = await startTestSmtp();
  const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kindred <no-reply@kindred.test>' });
  try {
    await request(t.app).post('/api/auth/signup').set('Cookie', 'kindred_lang=fr').send({ email: uniqueEmail(), password: 'maple-orbit-lantern' }).expect(202);
    await request(t.app).post('/api/auth/signup').send({ email: uniqueEmail(), password: 'maple-orbit-lantern' }).expect(202);
    await t.ctx.mailQueue!.idle();
    expect(smtp.received).toHaveLength(2);
    // Delivered in either order.
    const raws = smtp.received.map((mail) => mail.raw);
    const french = raws.find((raw) => raw.includes('Votre code'))!;
    const english = raws.find((raw) => raw.includes('Your verification code'))!;
    expect(french).toMatch(/^Content-Language: fr$/m);
    expect(french).toContain('<html lang=3D"fr">');
    expect(english).toMatch(/^Content-Language: en$/m);
  } finally {
    await t.close();
    await smtp.close();
  }
});

it('reads a queued mail\'s language from its HTML part, English when it says none', () => {
  expect(languageOfHtml(signupCodeMail('a@example.com', '123456', 'Kindred', 'zh-Hans').html)).toBe('zh-Hans');
  expect(languageOfHtml(signupCodeMail('a@example.com', '123456', 'Kindred').html)).toBe('en');
  expect(languageOfHtml('<!doctype html><html lang="xx"><body></body></html>')).toBe('en');
});

describe('the outgoing mail queue', () => {
  /** An SMTP server that accepts connections and never says a word (the one that held sign-up for 30 s). */
  async function startSilentSmtp(): Promise<{ port: number; close(): Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('a silent mail server never holds sign-up; the message is retried, then kept as failed for the admin', async () => {
    const silent = await startSilentSmtp();
    const clock = new TestClock();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${silent.port}`, SMTP_TIMEOUT_MS: '800', MAIL_MAX_ATTEMPTS: '2', }, { clock });
    try {
      const email = uniqueEmail();
      const res = await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
      expect(res.body.message).toMatch(/code/i);
      // Answered while the first delivery was still waiting on the silent server.
      const queued = () => t.ctx.db.selectFrom('outgoing_mail').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
      expect(await queued()).toMatchObject({ last_error: null, sent_at: null });

      await t.ctx.mailQueue!.idle();
      const first = await queued();
      expect(first).toMatchObject({ state: 'queued', attempts: 1 });
      expect(first.last_error).toMatch(/greeting never received|timeout/i);
      expect(first.next_attempt_at.getTime() - clock.now().getTime()).toBe(backoffMs(1));

      // Not due yet: nothing is tried.
      expect(await t.ctx.mailQueue!.deliverDue()).toBe(0);
      clock.advance(backoffMs(1));
      expect(await t.ctx.mailQueue!.deliverDue()).toBe(1);
      const given = await queued();
      expect(given).toMatchObject({ state: 'failed', attempts: 2, text_body: '', html_body: '' });

      // What the admin's mail page shows (features/admin-mail, tested there).
      const failed = await t.ctx.services.adminMail.overview('failed', 50);
      expect(failed.counts.failed).toBe(1);
      expect(failed.messages[0]).toMatchObject({ to: email, state: 'failed', attempts: 2 });
      expect(failed.messages[0]!.lastError).toMatch(/greeting never received|timeout/i);
    } finally {
      await t.close();
      await silent.close();
    }
  });

  it('a mail server that is down does not fail sign-up; the code goes out when it is back', async () => {
    const smtp = await startTestSmtp();
    await smtp.close();
    const clock = new TestClock();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TIMEOUT_MS: '1000' }, { clock });
    try {
      const email = uniqueEmail();
      await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
      await t.ctx.mailQueue!.idle();
      expect(await t.ctx.db.selectFrom('outgoing_mail').select(['state', 'attempts']).where('to_address', '=', email).executeTakeFirstOrThrow()).toEqual({ state: 'queued', attempts: 1 });
    } finally {
      await t.close();
    }
  });
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
