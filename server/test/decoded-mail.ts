import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox's mails decoded as a mail client would: the Subject's RFC 2047 words and the text
 * part (quoted-printable or base64) as UTF-8, and the Content-Language header. (outbox.ts reads
 * the English mails byte by byte; a translated mail needs this.)
 */
export interface DecodedMail {
  to: string;
  subject: string;
  contentLanguage: string;
  text: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/\s*=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
    .trim();
}

export function decodeEml(raw: string): DecodedMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => unfolded.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
  const part = raw.split(/^--.*$/m).find((p) => /Content-Type: text\/plain/i.test(p)) ?? '';
  const [partHead = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').trim();
  const text = /base64/i.test(partHead)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : /quoted-printable/i.test(partHead)
      ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
      : body;
  return { to: header('To'), subject: decodeWords(header('Subject')), contentLanguage: header('Content-Language'), text };
}

/** Every mail the outbox holds for `to`, oldest first, decoded. */
export async function decodedMailsTo(dataDir: string, to: string): Promise<DecodedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => decodeEml(await readFile(path.join(dir, f), 'utf8'))));
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
