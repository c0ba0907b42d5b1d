import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Config } from './config.js';

/**
 * The secret that signs session cookies and keys the hashes of one-time codes. Production sets
 * SESSION_SECRET (config refuses to start without it). A laptop run keeps a random one in
 * DATA_DIR, so sessions survive restarts and nobody has to invent a secret to try Kindred.
 */
export async function resolveSessionSecret(config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
