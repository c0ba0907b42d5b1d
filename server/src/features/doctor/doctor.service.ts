import { type Config, loadConfig } from '../../config.js';
import { type CheckResult, fail, messageOf, ok, type Outcome, runCheck, skip, warn, withTimeout } from './check.js';
import { checkClock, checkCoverage, checkMigrations, checkPgvector, checkSearchIndex, type MigrationState, migrationState, pendingSkip } from './database-checks.js';
import { checkDisk, type SpaceOf } from './disk-check.js';
import { describeDatabase, type DoctorDatabase, embeddedDatabaseExists, openDoctorDatabase } from './doctor-database.js';
import { checkOllama, checkS3, checkSmtp, checkStripe, checkWhisper, type OllamaProbe, type S3Probe, type SmtpProbe } from './service-checks.js';

/** The checks in the order they are reported: what the rest depends on first. */
export const CHECK_NAMES = ['configuration', 'database', 'migrations', 'pgvector', 'search-index', 'embedding-coverage', 'ollama', 'whisper', 'smtp', 's3', 'stripe', 'disk', 'clock'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface DoctorReport {
  /** False when any check failed; a warning does not make it false. */
  ok: boolean;
  checks: CheckResult[];
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Opening PGlite takes a few seconds, more on a busy machine; an external server gets its 5 s connect timeout and a little more. */
const EMBEDDED_OPEN_TIMEOUT_MS = 60_000;

export interface DoctorDeps {
  env: NodeJS.ProcessEnv;
  /** Tests hand in fakes for what the checks reach; unset, the real thing. */
  openDatabase?: (config: Config) => Promise<DoctorDatabase>;
  ollama?: OllamaProbe;
  smtp?: SmtpProbe;
  s3?: S3Probe;
  space?: SpaceOf;
  now?: () => number;
  timeouts?: Partial<Record<CheckName, number>>;
}

/**
 * `cli doctor`: every check, in order, one result each. It reads and never writes: no migration,
 * no embedded database made where none is, read-only connections. Checks that need nothing of
 * each other run side by side (the database's in one lane, the rest in another), and each has a
 * timeout, so a hung dependency costs its own line and no more.
 */
export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const timeout = (name: CheckName) => deps.timeouts?.[name] ?? DEFAULT_TIMEOUT_MS;
  let config: Config | undefined;
  const configuration = await runCheck('configuration', timeout('configuration'), () => {
    try {
      config = loadConfig(deps.env);
    } catch (error) {
      return fail(messageOf(error).replace(/^Invalid configuration:\n\s*- /, '').replace(/\n\s*- /g, '; '));
    }
    return ok(`NODE_ENV=${config.env}, ${describeDatabase(config)}`);
  });
  if (!config) return report([configuration, ...CHECK_NAMES.slice(1).map((name) => ({ name, ...skip('needs a valid configuration') }))]);

  const [database, services] = await Promise.all([databaseLane(config, deps, timeout), serviceLane(config, deps, timeout)]);
  const byName = new Map([configuration, ...database, ...services].map((check) => [check.name, check]));
  return report(CHECK_NAMES.map((name) => byName.get(name)!));
}

function report(checks: CheckResult[]): DoctorReport {
  return { ok: checks.every((check) => check.status !== 'fail'), checks };
}

/** database, then what is read through it: migrations, pgvector, search-index, embedding-coverage, clock. */
async function databaseLane(config: Config, deps: DoctorDeps, timeout: (name: CheckName) => number): Promise<CheckResult[]> {
  const after = ['migrations', 'pgvector', 'search-index', 'embedding-coverage', 'clock'] as const;
  const skipAll = (outcome: Outcome) => after.map((name) => ({ name, ...outcome }));

  if (!config.databaseUrl && !embeddedDatabaseExists(config.dataDir)) {
    const absent = warn(`no database in ${describeDatabase(config).replace(/^the embedded database in /, '')} yet: the first start creates and migrates it (if members already use this server, DATA_DIR points at the wrong folder)`);
    return [{ name: 'database', ...absent }, ...skipAll(skip('no database yet'))];
  }

  const openMs = deps.timeouts?.database ?? (config.databaseUrl ? DEFAULT_TIMEOUT_MS : EMBEDDED_OPEN_TIMEOUT_MS);
  let opening: Promise<DoctorDatabase> | undefined;
  const opened = await runCheck('database', openMs + 1000, async () => {
    const started = Date.now();
    opening = (deps.openDatabase ?? openDoctorDatabase)(config);
    try {
      const database = await withTimeout(opening, openMs);
      const version = await withTimeout(database.repository.serverVersion(), openMs);
      const where = database.mode === 'embedded' ? 'embedded (PGlite)' : 'reachable';
      return ok(`${where}, Postgres ${version} (${Date.now() - started} ms)`);
    } catch (error) {
      return fail(`cannot ${config.databaseUrl ? 'reach' : 'open'} ${describeDatabase(config)}: ${messageOf(error)} (after ${Date.now() - started} ms)`);
    }
  });
  const database = opened.status === 'ok' ? await opening : undefined;
  if (!database) {
    // Opened too late or half-way: whatever did open is closed again, now or when it finishes.
    void opening?.then(closeQuietly, () => undefined);
    return [opened, ...skipAll(skip('the database is not reachable'))];
  }

  const { repository, mode } = database;
  try {
    let state: MigrationState | undefined;
    const migrations = await runCheck('migrations', timeout('migrations'), async () => checkMigrations((state = await migrationState(repository)), mode));
    const pgvector = await runCheck('pgvector', timeout('pgvector'), () => checkPgvector(repository));
    const searchIndex = await runCheck('search-index', timeout('search-index'), () => pendingSkip(state) ?? checkSearchIndex(repository));
    const coverage = await runCheck('embedding-coverage', timeout('embedding-coverage'), () => pendingSkip(state) ?? checkCoverage(repository));
    const clock = await runCheck('clock', timeout('clock'), () => checkClock(repository, deps.now));
    return [opened, migrations, pgvector, searchIndex, coverage, clock];
  } finally {
    await closeQuietly(database);
  }
}

async function closeQuietly(database: DoctorDatabase): Promise<void> {
  await withTimeout(database.close(), 5000).catch(() => undefined);
}

/** ollama, whisper, smtp, s3, stripe, disk: independent of the database and of each other. */
function serviceLane(config: Config, deps: DoctorDeps, timeout: (name: CheckName) => number): Promise<CheckResult[]> {
  const disks = [{ label: 'DATA_DIR', dir: config.dataDir }, ...(config.backup.dir ? [{ label: 'BACKUP_DIR', dir: config.backup.dir }] : [])];
  return Promise.all([
    runCheck('ollama', timeout('ollama'), () => checkOllama(config.ai, deps.ollama)),
    runCheck('whisper', timeout('whisper'), () => checkWhisper(config.speech)),
    runCheck('smtp', timeout('smtp'), () => checkSmtp(config, deps.smtp)),
    runCheck('s3', timeout('s3'), () => checkS3(config.storage, deps.s3)),
    runCheck('stripe', timeout('stripe'), () => checkStripe(config)),
    runCheck('disk', timeout('disk'), () => checkDisk(disks, deps.space)),
  ]);
}
