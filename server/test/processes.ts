import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { buildIsCurrent } from '../../scripts/build-inputs.mjs';
import { projectRoot } from '../src/paths.js';

/**
 * Whether dist/ is the build of the sources as they are (CI builds before it tests): its entry
 * points then start in half the time and a third of the CPU of tsx compiling the TypeScript on
 * every start, which adds up over the suite's ~90 processes. Decided once per test file.
 */
const buildIsFresh = buildIsCurrent(projectRoot);

/** The command that runs `entry` (server/src/main.ts, cli/src/index.ts, ...): its build, or tsx. */
export function entryArgs(entry: string): string[] {
  const built = path.join(projectRoot, 'dist', entry.replace(/\.ts$/, '.js'));
  return buildIsFresh && existsSync(built) ? [built] : ['--import', 'tsx', path.join(projectRoot, entry)];
}

export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Runs a TypeScript entry point (server or CLI) in its own Node process, as a user would. */
export function spawnTs(entry: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [...entryArgs(entry), ...args], {
    cwd: projectRoot,
    // Only what the test passes, plus what Node itself needs: no stray settings from the shell.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => output, exited };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
