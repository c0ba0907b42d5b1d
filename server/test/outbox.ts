import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { decodedMailsTo } from './decoded-mail.js';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Reads one .eml the outbox mailer wrote: its To, Subject and decoded text/plain part. */
export function parseEml(raw: string): OutboxMail {
  const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
  const textPart = raw.split(/^--.*$/m).find((part) => /Content-Type: text\/plain/i.test(part)) ?? raw;
  const [partHeaders = '', ...rest] = textPart.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  return {
    to: header('To'),
    subject: header('Subject'),
    text: /quoted-printable/i.test(partHeaders) ? decodeQuotedPrintable(body) : body,
  };
}

/** Every mail sent to `to`, oldest first. */
export async function mailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => parseEml(await readFile(path.join(dir, f), 'utf8'))));
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The six-digit code of the newest mail to `to`, in whichever language it was written (decoded as a mail client would). */
export async function latestCode(dataDir: string, to: string): Promise<string> {
  const mails = await decodedMailsTo(dataDir, to);
  const code = mails.at(-1)?.text.match(/(?:^|\D)(\d{6})(?:\D|$)/)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${to}`);
  return code;
}

export async function latestResetToken(dataDir: string, to: string): Promise<string> {
  const mails = await mailsTo(dataDir, to);
  const token = mails.at(-1)?.text.match(/\/auth\?type=recovery&token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}
