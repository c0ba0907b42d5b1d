import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// A backup folder travels off the host as one tar archive, encrypted with age when a recipient is
// set. Both are the system's tools, run as child processes, rather than npm packages: they stream
// (a backup can be gigabytes of uploads and none of it is held in memory), GNU tar and age are
// what an operator has on a laptop to open a copy by hand (`age -d -i key f.tar.age | tar x`), and
// the age key format stays exactly the one age-keygen writes. Both are in the Kindred image.

const INSTALL = { tar: 'apt-get install tar', age: 'apt-get install age' } as const;

/** One child process of a pipeline, and its end: resolves on exit 0, rejects with its stderr otherwise. */
interface Step {
  child: ChildProcess;
  exited: Promise<void>;
}

function start(tool: keyof typeof INSTALL, args: string[], stdin: 'pipe' | 'ignore'): Step {
  // Not our environment: it holds the database's and the bucket's secrets, which neither tool
  // needs. LC_ALL=C keeps their messages in English, as the errors reported here expect.
  const child = spawn(tool, args, { stdio: [stdin, 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LC_ALL: 'C' } });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${tool} is not installed (Debian: ${INSTALL[tool]}; it is in the Kindred image)`) : error),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool}: ${stderr.trim() || (signal ? `ended by ${signal}` : `exit code ${code}`)}`));
    });
  });
  return { child, exited };
}

/**
 * A pipe into a tool that stopped reading: age stops at its authenticated last chunk and tar at
 * its end-of-archive blocks, which may leave a few bytes of padding unread. Harmless when the tool
 * exits 0; when it does not, its exit is the error reported.
 */
function isEarlyReaderExit(error: unknown): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Waits for every step and pipe of a pipeline. When one fails the others are stopped (a reader
 * that went away must not leave a writer blocked forever), and the tools' own messages win over
 * the broken pipes they caused: "age: … no identity matched" says more than EPIPE.
 */
async function finish(steps: Step[], pipes: Promise<void>[]): Promise<void> {
  const kill = () => steps.forEach(({ child }) => child.exitCode === null && child.kill());
  const watched = [...steps.map((step) => step.exited), ...pipes].map((promise, index) =>
    promise.catch((error: unknown) => {
      if (index < steps.length || !isEarlyReaderExit(error)) kill();
      throw error;
    }),
  );
  const results = await Promise.allSettled(watched);
  const failed = results.slice(0, steps.length).filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) throw new Error(failed.map((r) => (r.reason as Error).message).join('; '));
  // A source that failed (the download cut off) is an error even if the tools saw a clean end.
  const broken = results.slice(steps.length).find((r): r is PromiseRejectedResult => r.status === 'rejected' && !isEarlyReaderExit(r.reason));
  if (broken) throw broken.reason;
}

export interface Archive {
  /** The archive's bytes, to be read to the end. */
  stream: Readable;
  /** Resolves once tar (and age) exited cleanly: only then is what was read a whole archive. */
  done: Promise<void>;
  /** Stops the tools when the reader gives up. */
  abort(): void;
}

/** `folder` as a tar archive holding it by name, encrypted to `recipients` when there are any. */
export function packArchive(folder: string, recipients: string[]): Archive {
  const tar = start('tar', ['-C', path.dirname(folder), '-cf', '-', path.basename(folder)], 'ignore');
  const age = recipients.length > 0 ? start('age', recipients.flatMap((recipient) => ['-r', recipient]), 'pipe') : undefined;
  const steps = age ? [tar, age] : [tar];
  const done = finish(steps, age ? [pipeline(tar.child.stdout!, age.child.stdin as Writable)] : []);
  // The reader awaits `done` only after the last byte; a tool failing earlier must not count as
  // an unhandled rejection meanwhile (that would end the process).
  done.catch(() => undefined);
  // Node discards a child's unread output when it exits (child_process flushStdio), and a small
  // backup fits in the pipe's buffer before the reader starts: a PassThrough holds it, with backpressure.
  const stream = (age ?? tar).child.stdout!.pipe(new PassThrough());
  return { stream, done, abort: () => steps.forEach(({ child }) => child.kill()) };
}

/**
 * Unpacks an archive read from `source` into `dest`, decrypting it with the age key in
 * `identityFile` first when given. Resolves only when every byte was authenticated (age) and
 * unpacked (tar); a damaged or truncated archive rejects, whatever it left in `dest`.
 */
export async function unpackArchive(source: Readable, dest: string, identityFile: string | undefined): Promise<void> {
  // --no-same-owner: files belong to whoever restores, never to the uids recorded in the archive.
  const tar = start('tar', ['-x', '-f', '-', '-C', dest, '--no-same-owner'], 'pipe');
  if (!identityFile) {
    await finish([tar], [pipeline(source, tar.child.stdin as Writable)]);
    return;
  }
  const age = start('age', ['-d', '-i', identityFile], 'pipe');
  await finish([age, tar], [pipeline(source, age.child.stdin as Writable), pipeline(age.child.stdout!, tar.child.stdin as Writable)]);
}
