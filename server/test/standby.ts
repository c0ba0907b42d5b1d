import { execFile, spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { projectRoot } from '../src/paths.js';
import { freePort, waitFor } from './processes.js';
import { databaseUrl, withAdminClient } from './test-database.js';

const run = promisify(execFile);

/** A hot standby of the test server, on this machine, for as long as a test needs it. */
export interface Standby {
  port: number;
  /** The standby's URL of one of the primary's databases. */
  url(database: string): string;
  /** Runs one statement on the standby as the primary's superuser. */
  query<T>(database: string, text: string): Promise<T[]>;
  /** Stops it at once, as a crash would (connections cut, nothing flushed). */
  stop(): Promise<void>;
  /** Stops it if it runs and deletes its files. */
  remove(): Promise<void>;
}

/**
 * Starts a streaming hot standby of `serverUrl` on a free port with the compose stack's own
 * entrypoint (docker/postgres/replica.sh: pg_basebackup of the whole cluster, then Postgres),
 * without Docker. Needs a replication connection from 127.0.0.1 (.ci/provision-postgres.sh allows
 * it) and the server's binaries. As root (CI), Postgres runs as the postgres user; else as us.
 */
export async function startStandby(serverUrl: string): Promise<Standby> {
  const primary = new URL(serverUrl);
  const settings = await withAdminClient(serverUrl, async (c) => {
    // A hot standby refuses to start with less of these than its primary has.
    const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
    const { rows } = await c.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [names]);
    const version = await c.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    return { values: rows, bin: `/usr/lib/postgresql/${Math.floor(version.rows[0]!.v / 10_000)}/bin` };
  });
  const owner = process.getuid?.() === 0 ? await postgresIds() : undefined;
  const asServer = (command: string, args: string[]) => (owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]) as [string, string[]];

  const work = await mkdtemp(path.join(os.tmpdir(), 'kindred-standby-'));
  const data = path.join(work, 'pgdata');
  const port = await freePort();
  let running = false;
  let output = '';
  const standby: Standby = {
    port,
    url: (database) => {
      const url = new URL(databaseUrl(serverUrl, database));
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    query: (database, text) => withAdminClient(standby.url(database), async (c) => (await c.query(text)).rows),
    stop: async () => {
      if (!running) return;
      running = false;
      await run(...asServer(`${settings.bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']));
    },
    remove: async () => {
      await standby.stop().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    },
  };
  try {
    // Debian keeps the server's configuration outside the data directory the copy is made of.
    await writeOwned(work, owner, {
      'standby.conf': [
        ...settings.values.map(({ name, setting }) => `${name} = ${setting}`),
        `hba_file = '${path.join(work, 'pg_hba.conf')}'`,
        `ident_file = '${path.join(work, 'pg_ident.conf')}'`,
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${work}'`,
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
      'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
      'pg_ident.conf': '',
    });
    const env = {
      PATH: `${settings.bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      PGDATA: data,
      PRIMARY_HOST: primary.hostname,
      PRIMARY_PORT: primary.port || '5432',
      REPLICATION_USER: decodeURIComponent(primary.username) || 'postgres',
      REPLICATION_PASSWORD_FILE: path.join(work, 'no-password'),
    };
    // A copy in the work directory: the server's user may not be able to reach the checkout (a
    // clone in a 0700 temporary directory, as CI makes).
    const script = path.join(work, 'replica.sh');
    await writeOwned(work, owner, { 'replica.sh': await readFile(path.join(projectRoot, 'docker/postgres/replica.sh'), 'utf8') });
    const args = ['sh', script, '-c', `config_file=${path.join(work, 'standby.conf')}`];
    const [command, commandArgs] = asServer('env', [...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...args]);
    const child = spawn(command, commandArgs, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exited = false;
    child.on('exit', () => (exited = true));
    running = true;
    await waitFor(async () => {
      if (exited) throw new Error('exited');
      return (await standby.query<{ r: boolean }>('postgres', 'SELECT pg_is_in_recovery() AS r'))[0]!.r;
    }, 120_000).catch((error: unknown) => {
      throw new Error(`the standby did not start: ${output}`, { cause: error });
    });
    return standby;
  } catch (error) {
    await standby.remove();
    throw error;
  }
}

/** The standby's own files in its work directory, owned by the user the server runs as. */
async function writeOwned(dir: string, owner: [number, number] | undefined, files: Record<string, string>): Promise<void> {
  if (owner) await chown(dir, ...owner);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    await chmod(file, 0o600);
    if (owner) await chown(file, ...owner);
  }
}

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}
