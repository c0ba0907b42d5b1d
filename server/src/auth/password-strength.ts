import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

import { BadRequestError } from '../errors.js';
import { AUTH_MESSAGES as M } from './messages.js';

/** zxcvbn's scale is 0–4; below 3 ("safely unguessable: moderate protection from offline attacks") is refused. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn judges the first 64 characters only. Its matching grows faster than the length: the
 * slowest inputs found (a short pattern repeated) took about 300 ms at 128 characters and 145 ms
 * at 64 on these machines. A prefix scores no higher than the whole in practice, so this refuses
 * more if anything, and 64 characters of a passphrase are plenty to judge it.
 */
export const STRENGTH_CHECKED_LENGTH = 64;

interface StrengthChecker {
  zxcvbn: ZxcvbnFactory;
  /** zxcvbn-ts's common-password list (about 49,000), lower-cased: an exact match is refused whatever its score. */
  common: Set<string>;
}

let loading: Promise<StrengthChecker> | undefined;

/**
 * The dictionaries are a few megabytes of JavaScript: they load on the first password check, once
 * per process, never at boot. They ship inside @zxcvbn-ts/language-common; nothing is fetched.
 */
function checker(): Promise<StrengthChecker> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return {
      zxcvbn: new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: STRENGTH_CHECKED_LENGTH }),
      common: new Set(common.dictionary['passwords-common'].map((word) => word.toLowerCase())),
    };
  })().catch((error: unknown) => {
    loading = undefined; // a failed load is tried again by the next check
    throw error;
  });
  return loading;
}

/**
 * The words a guesser would try first for this member: the e-mail, its local part and the pieces
 * of it (ana.lee+kindred → ana, lee, kindred), the name and its pieces, the product's name.
 */
export function userInputsFor(facts: { email?: string | null; name?: string | null; productName?: string }): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const word = value?.trim().toLowerCase();
    if (word && word.length >= 3) words.add(word);
  };
  const email = facts.email?.trim().toLowerCase();
  if (email) {
    add(email);
    const [local = '', domain = ''] = email.split('@');
    add(local);
    for (const piece of local.split(/[^a-z0-9]+/)) add(piece);
    add(domain.split('.')[0]);
  }
  add(facts.name);
  for (const piece of (facts.name ?? '').split(/\s+/)) add(piece);
  add(facts.productName);
  return [...words];
}

/** True when the password is on the common-password list or zxcvbn scores it below MIN_PASSWORD_SCORE. */
export async function isWeakPassword(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  const { zxcvbn, common } = await checker();
  if (common.has(password.toLowerCase())) return true;
  return zxcvbn.check(password, [...userInputs]).score < MIN_PASSWORD_SCORE;
}

/**
 * Sign-up, reset and change all pass a new password through here (after the spec's 6-character
 * minimum, which the schemas check): 400 `weak_password` when it is easy to guess.
 */
export async function assertStrongPassword(password: string, userInputs: readonly string[] = []): Promise<void> {
  if (await isWeakPassword(password, userInputs)) throw new BadRequestError(M.passwordTooWeak, 'weak_password');
}

/** Whether the dictionaries have been loaded in this process (a test checks boot does not load them). */
export function passwordStrengthLoaded(): boolean {
  return loading !== undefined;
}
