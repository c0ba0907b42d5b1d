import { hash, verify } from '@node-rs/argon2';

type HashOptions = { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number };

// argon2id with OWASP's baseline parameters (19 MiB, 2 passes): ~70 ms a hash on these machines.
// (algorithm 2 is Algorithm.Argon2id: a const enum, which isolated modules cannot import.)
export const PASSWORD_HASH_OPTIONS: HashOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let options: HashOptions = PASSWORD_HASH_OPTIONS;

/**
 * For the jest suites only (server/test/fast-password-hashes.ts, a jest setup file): argon2id at a
 * trivial cost, so the ~2,500 sign-ups and sign-ins of a test run do not spend minutes hashing.
 * The server and the CLI never call it. Verifying reads the cost from each stored hash, so hashes
 * of either cost verify everywhere.
 */
export function useTrivialHashCostForTests(): void {
  options = { ...PASSWORD_HASH_OPTIONS, memoryCost: 64, timeCost: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A campus-only account has no password (null): nothing verifies against it. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let standIn: Promise<string> | undefined;

/**
 * A hash of no account's password, at the current cost, made once: checking a password against it
 * for an unknown account takes as long as a wrong password does (AUTH_UNIFORM_ERRORS).
 */
export function standInHash(): Promise<string> {
  standIn ??= hash(`no account ${String(Math.random())}`, options);
  return standIn;
}
