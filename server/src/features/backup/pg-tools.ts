import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * libpq's environment for a postgres:// URL. The password travels in PGPASSWORD, never on a
 * command line that `ps` shows to every user of the machine.
 */
export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    PGHOST: url.hostname.replace(/^\[|\]$/g, ''),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    PGUSER: decodeURIComponent(url.username),
    PGCONNECT_TIMEOUT: '10',
  };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<string> {
  // PATH, HOME and locale only from our environment: a stray PG* variable must not redirect the tool.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  try {
    const { stdout } = await run(name, args, { env: { ...inherited, ...libpqEnv(databaseUrl) }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') throw new Error(`${name} is not installed (Debian: apt-get install postgresql-client; it is in the Kindred image)`, { cause: error });
    throw new Error(`${name} failed: ${(stderr ?? String(error)).trim()}`, { cause: error });
  }
}

/** A custom-format dump (compressed, restorable table by table) of the whole database. */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl);
}

/** The dump's table of contents, one entry a line (pg_restore --list). */
export function pgRestoreList(file: string, databaseUrl: string): Promise<string> {
  return tool('pg_restore', ['--list', file], databaseUrl);
}

/** Restores the entries of `listFile` from the dump, all or nothing (one transaction). */
export async function pgRestore(databaseUrl: string, file: string, listFile: string): Promise<void> {
  await tool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${libpqEnv(databaseUrl).PGDATABASE}`, file], databaseUrl);
}
