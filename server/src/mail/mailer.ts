import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

import type { Language } from '../i18n/languages.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language the mail is written in: its Content-Language header. */
  language?: Language;
}

/** What nodemailer is handed: the message, with its language as a Content-Language header. */
function nodemailerMessage(from: string, { language, ...message }: MailMessage) {
  return { from, ...message, ...(language ? { headers: { 'Content-Language': language } } : {}) };
}

export interface Mailer {
  /** Where mail goes: 'smtp' or 'outbox' (files in DATA_DIR/outbox). */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * With SMTP_PASSWORD, the user moves from the URL into `auth` beside that password: nodemailer
 * lets a URL's credentials override `auth`, so the URL handed to it carries none. Without it,
 * SMTP_URL (credentials included) is used as it is.
 */
function smtpConnection(smtpUrl: string, smtpPassword: string | undefined): { url: string; auth?: { user: string; pass: string } } {
  if (!smtpPassword) return { url: smtpUrl };
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  url.username = '';
  url.password = '';
  return { url: url.toString(), auth: { user, pass: smtpPassword } };
}

/**
 * nodemailer either way: with SMTP_URL over SMTP; without it, the same message is rendered to
 * an .eml file in DATA_DIR/outbox and its subject logged, so a newcomer can sign up with no mail
 * server and open the message in any mail client.
 */
export function createMailer(options: { smtpUrl?: string; smtpPassword?: string; from: string; outboxDir: string; logger: Logger; smtpTimeoutMs?: number }): Mailer {
  if (options.smtpUrl) {
    // Short timeouts: a silent server fails one delivery fast, and the queue retries it later.
    const timeout = options.smtpTimeoutMs ?? 10_000;
    const transporter = nodemailer.createTransport({ ...smtpConnection(options.smtpUrl, options.smtpPassword), connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
    return {
      transport: 'smtp',
      send: async (message) => {
        await transporter.sendMail(nodemailerMessage(options.from, message));
      },
      close: () => transporter.close(),
    };
  }

  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    send: async (message) => {
      const info = await renderer.sendMail(nodemailerMessage(options.from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ to: message.to, file }, `mail written to the outbox: ${message.subject}`);
    },
    close: () => renderer.close(),
  };
}
