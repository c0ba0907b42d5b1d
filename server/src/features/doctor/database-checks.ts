import { BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import type { DatabaseMode } from '../../db/database.js';
import { knownMigrationNames } from '../../db/migrator.js';
import { vectorIndexName } from '../search/search.repository.js';
import { fail, ok, type Outcome, skip, warn } from './check.js';
import type { DoctorReads } from './doctor.repository.js';

/** The built-in model's index is made by the migrations under this name (20261125000000_halfvec_hnsw). */
export const BUILTIN_INDEX = 'profile_embeddings_builtin_hnsw_idx';
/** pgvector's HNSW takes halfvecs of at most this many dimensions; a larger model has no index (search.repository.ts). */
const HNSW_MAX_DIMENSIONS = 4000;

export const COVERAGE_HINT = 'run: npm run cli -- jobs run regenerate-embeddings';

export interface MigrationState {
  pending: string[];
  unknown: string[];
}

/** Pending and unknown migrations, for the check and for the checks that read the schema. */
export async function migrationState(repository: DoctorReads): Promise<MigrationState> {
  const known = knownMigrationNames();
  const applied = (await repository.appliedMigrations()) ?? [];
  return { pending: known.filter((name) => !applied.includes(name)), unknown: applied.filter((name) => !known.includes(name)) };
}

export function checkMigrations(state: MigrationState, mode: DatabaseMode): Outcome {
  const known = knownMigrationNames();
  if (state.unknown.length > 0) {
    // A newer release migrated this database. Its migrations only expand the schema, so this
    // release runs on it after a rollback, for one release (docs/upgrading.md); migrate up and the
    // embedded start then have nothing to do (migrator.ts, newerThanThisRelease). Unknown ones
    // older than this release's newest, or with some of its own missing, are another history.
    const which = `${state.unknown.length} applied migration(s) unknown to this release (latest ${state.unknown.at(-1)})`;
    const laterRelease = state.pending.length === 0 && state.unknown.every((name) => name > (known.at(-1) ?? ''));
    if (laterRelease) return warn(`${which}: a newer Kindred migrated this database; fine after a rollback, for one release`);
    return fail(`${which}, not a later release's: this database's migration history is not this Kindred's`);
  }
  if (state.pending.length === 0) return ok(`all ${known.length} applied (latest ${known.at(-1)})`);
  const which = `${state.pending.length} of ${known.length} pending (first ${state.pending[0]})`;
  // The embedded database is migrated by the server as it starts; an external one never implicitly.
  if (mode === 'embedded') return warn(`${which}: the next start applies them`);
  return fail(`${which}: run npm run cli -- migrate up`);
}

export async function checkPgvector(repository: DoctorReads): Promise<Outcome> {
  const version = await repository.vectorExtensionVersion();
  if (version === null) return fail('the vector extension is not installed in this database: as a superuser, CREATE EXTENSION vector (README, "Running against an external Postgres")');
  return ok(`vector ${version}`);
}

/** The index search walks (its model's) must exist and be valid; another invalid one only costs disk. */
export async function checkSearchIndex(repository: DoctorReads): Promise<Outcome> {
  const stored = await repository.searchModel();
  const model = stored?.model ?? BUILTIN_EMBEDDING_MODEL;
  const expected = model === BUILTIN_EMBEDDING_MODEL ? BUILTIN_INDEX : vectorIndexName(model);
  const indexes = await repository.embeddingIndexes();
  const found = indexes.find((index) => index.name === expected);
  const otherInvalid = indexes.filter((index) => !index.valid && index.name !== expected).map((index) => index.name);
  if (!found) {
    if (stored && stored.dimensions > HNSW_MAX_DIMENSIONS) return warn(`${model} has ${stored.dimensions} dimensions, more than an HNSW index takes: every search scans its vectors`);
    const remedy = expected === BUILTIN_INDEX ? 'the migrations make it: npm run cli -- migrate status' : 'a server builds it as it starts: restart one';
    return fail(`no HNSW index ${expected} for the search model ${model}: ${remedy}`);
  }
  if (!found.valid) return fail(`${expected} (search model ${model}) is invalid, a failed build: a server rebuilds it as it starts, or REINDEX INDEX CONCURRENTLY ${expected}`);
  if (otherInvalid.length > 0) return warn(`${expected} valid; invalid and unused: ${otherInvalid.join(', ')} (DROP INDEX CONCURRENTLY each)`);
  return ok(`${expected} valid (search model ${model}; ${indexes.length} HNSW index${indexes.length === 1 ? '' : 'es'})`);
}

export async function checkCoverage(repository: DoctorReads): Promise<Outcome> {
  const model = (await repository.searchModel())?.model ?? BUILTIN_EMBEDDING_MODEL;
  const { profiles, withVector } = await repository.coverage(model);
  if (profiles === 0) return ok(`no member profiles to embed yet (model ${model})`);
  if (withVector >= profiles) return ok(`all ${profiles} visible member profiles have a vector of ${model}`);
  // Rounded down, so 99.96 % does not read as 100 %.
  const share = Math.floor((withVector / profiles) * 1000) / 10;
  return warn(`${withVector} of ${profiles} visible member profiles (${share} %) have a vector of ${model}; the rest cannot be found by search: ${COVERAGE_HINT}`);
}

export const CLOCK_WARN_MS = 2000;
export const CLOCK_FAIL_MS = 30_000;

/** The app stamps times with its own clock (sessions, codes, job heartbeats) and Postgres with now(): skew makes ages wrong. */
export async function checkClock(repository: DoctorReads, now: () => number = Date.now): Promise<Outcome> {
  const before = now();
  const database = (await repository.now()).getTime();
  const after = now();
  // Compared with the middle of the round trip, so a slow answer is not counted as skew.
  const skew = database - (before + after) / 2;
  const abs = Math.abs(skew);
  const detail = `the database's clock is ${Math.round(abs)} ms ${skew >= 0 ? 'ahead of' : 'behind'} this machine's (round trip ${after - before} ms)`;
  if (abs > CLOCK_FAIL_MS) return fail(`${detail}: fix time sync (NTP, chrony) on both machines`);
  if (abs > CLOCK_WARN_MS) return warn(`${detail}: check time sync (NTP, chrony)`);
  return ok(detail);
}

/** The checks that read tables the migrations make wait for them. */
export function pendingSkip(state: MigrationState | undefined): Outcome | undefined {
  if (!state) return skip('the migrations could not be read');
  if (state.pending.length > 0) return skip('migrations pending: the tables it reads may not exist yet');
  return undefined;
}
