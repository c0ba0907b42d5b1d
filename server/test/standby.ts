import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { freePort } from './processes.js';
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
 * Copies the whole cluster of `serverUrl` with pg_basebackup and starts the copy as a streaming
 * hot standby on a free port: the recipe of docs/operations.md, "Adding a read replica", without
 * Docker. Needs a replication connection from 127.0.0.1 (.ci/provision-postgres.sh allows it) and
 * the server's own binaries. As root (CI), Postgres runs as the postgres user; otherwise as us.
 */
export async function startStandby(serverUrl: string): Promise<Standby> {
  const primary = new URL(serverUrl);
  const settings = await withAdminClient(serverUrl, async (c) => {
    // A hot standby refuses to start with less of these than its primary has.
    const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
    const { rows } = await c.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [names]);
    const version = await c.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    return { values: rows, major: Math.floor(version.rows[0]!.v / 10_000) };
  });
  const bin = (name: string) => `/usr/lib/postgresql/${settings.major}/bin/${name}`;
  const asRoot = process.getuid?.() === 0;
  const asServer = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));

  const work = await mkdtemp(path.join(os.tmpdir(), 'kindred-standby-'));
  if (asRoot) await chown(work, ...(await postgresIds()));
  const data = path.join(work, 'pgdata');
  const port = await freePort();
  const ctl = (...args: string[]) => asServer(bin('pg_ctl'), ['-D', data, ...args]);
  let running = false;
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
      await ctl('-m', 'immediate', '-w', 'stop');
    },
    remove: async () => {
      await standby.stop().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    },
  };
  try {
    // -c fast: a spread checkpoint on the primary could take minutes; -R makes the copy a standby;
    // -N: a copy thrown away after the test need not wait for the disk.
    await asServer(bin('pg_basebackup'), ['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username) || 'postgres', '-D', data, '-R', '-c', 'fast', '-X', 'stream', '-N']);
    // Debian keeps the server's configuration in /etc, outside the copied data directory.
    const conf = [
      ...settings.values.map(({ name, setting }) => `${name} = ${setting}`),
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${work}'`,
      'shared_buffers = 32MB',
      'hot_standby = on',
    ];
    await writeConfig(data, asRoot, {
      'postgresql.conf': `${conf.join('\n')}\n`,
      'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
      'pg_ident.conf': '',
    });
    await ctl('-l', path.join(work, 'log'), '-w', '-t', '60', 'start');
    running = true;
    return standby;
  } catch (error) {
    await standby.remove();
    throw error;
  }
}

async function writeConfig(data: string, asRoot: boolean, files: Record<string, string>): Promise<void> {
  const [uid, gid] = asRoot ? await postgresIds() : [undefined, undefined];
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(data, name);
    await writeFile(file, text);
    await chmod(file, 0o600);
    if (uid !== undefined && gid !== undefined) await chown(file, uid, gid);
  }
}

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}
