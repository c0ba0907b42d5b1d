import { areaOfLocation } from '../src/features/matching/metro-areas.js';
import { interestConcepts } from '../src/features/matching/query-parser.js';

/**
 * Checks a result's `whyMatch` against the two profiles it talks about, sentence by sentence,
 * reading each sentence back from its wording alone (not from the code that wrote it). A
 * sentence that no known form parses counts as false: a new kind of claim must be taught here
 * before it can pass. Used by the search tests and the search evaluation (`npm run eval:search`).
 */

/** The profile columns a whyMatch may talk about. */
export interface CheckedProfile {
  name: string | null;
  age: number | null;
  location: string | null;
  interests: readonly string[];
  looking_for: readonly string[];
  /** Needed only to check how a result differs from a stated gender ("A man — you asked for women"). */
  gender?: string | null;
}

export interface FalseSentence {
  sentence: string;
  reason: string;
}

const GOALS: Readonly<Record<string, string>> = { 'new friends': 'friend', 'activity partners': 'activity_partner', 'a partner': 'partner' };

const lower = (list: readonly string[]) => list.map((s) => s.toLowerCase());
/** "hiking, camping and photography" → ['hiking', 'camping', 'photography']. */
const items = (list: string) => list.split(/, | and /).map((s) => s.trim().toLowerCase());
const cityOf = (location: string | null) => location?.split(',')[0]?.trim() ?? null;

/** The query names the interest: in its words (its first four letters), or through a lexicon concept ("徒步" for hiking). */
function queryNames(query: string, item: string): boolean {
  if (query.toLowerCase().includes(item.slice(0, 4))) return true;
  const asked = interestConcepts(query);
  return interestConcepts(item).some((id) => asked.includes(id));
}

const GENDER_WORDS: Readonly<Record<string, string>> = { 'A woman': 'female', 'A man': 'male', 'Non-binary': 'non-binary' };

/**
 * One way a result differs from the query's rules ("26 — a year above your range", "In Toronto,
 * not Vancouver"): null when true of the result, else why not. The rule itself is the
 * searcher's own words, so only the result's side is checked.
 */
function checkDifference(part: string, candidate: CheckedProfile): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^(\d+) — (a year|(\d+) years) (above|below) your range$/.exec(part))) {
    if (Number(m[1]) !== candidate.age) return `${candidate.name} is ${candidate.age}, not ${m[1]}`;
    if (m[3] !== undefined && Number(m[3]) < 2) return `"${m[2]}" is not how one year is said`;
    return null;
  }
  if ((m = /^(A woman|A man|Non-binary) — you asked for (women|men|non-binary people)$/.exec(part))) {
    if (candidate.gender === undefined) return 'the checker was not given the gender';
    return candidate.gender === GENDER_WORDS[m[1]!] ? null : `${candidate.name} is ${candidate.gender}`;
  }
  if (part === 'Gender not shared') return candidate.gender === undefined || candidate.gender === null || candidate.gender === 'prefer-not-to-say' ? null : `${candidate.name} shared their gender`;
  if ((m = /^Looking for (a partner|friends) — you asked for (a partner|friends)$/.exec(part))) {
    if (m[1] === m[2]) return 'says they differ in the same thing';
    if (m[1] === 'a partner') return candidate.looking_for.includes('partner') ? null : `${candidate.name} is not looking for a partner`;
    return candidate.looking_for.some((g) => g === 'friend' || g === 'activity_partner') ? null : `${candidate.name} is not looking for friends`;
  }
  if (part === "Hasn't said what they're looking for") return candidate.looking_for.length === 0 ? null : `${candidate.name} says what they are looking for`;
  if ((m = /^In (.+), not (.+)$/.exec(part))) {
    if (cityOf(candidate.location) !== m[1]) return `${candidate.name} is not in ${m[1]}`;
    return m[1]!.toLowerCase() === m[2]!.toLowerCase() ? 'says they differ in the same city' : null;
  }
  if (part === 'Age not given') return candidate.age === null ? null : `${candidate.name}'s age is given`;
  if (part === 'Location not given') return cityOf(candidate.location) ? `${candidate.name}'s location is given` : null;
  return 'not a difference the checker knows';
}

/** One sentence: null when true of both profiles (and the query), else why not. */
function check(sentence: string, query: string, viewer: CheckedProfile, candidate: CheckedProfile): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^(.+) lists (.+) among their interests, which you searched for\.$/.exec(sentence))) {
    if (m[1] !== candidate.name) return `names ${m[1]}, not ${candidate.name}`;
    for (const item of items(m[2]!)) {
      if (!lower(candidate.interests).includes(item)) return `"${item}" is not among ${candidate.name}'s interests`;
      if (!queryNames(query, item)) return `the query does not ask for "${item}"`;
    }
    return null;
  }
  if ((m = /^You both enjoy (.+)\.$/.exec(sentence))) {
    for (const item of items(m[1]!)) {
      if (!lower(candidate.interests).includes(item)) return `"${item}" is not among ${candidate.name}'s interests`;
      if (!lower(viewer.interests).includes(item)) return `"${item}" is not among the searcher's interests`;
    }
    return null;
  }
  if ((m = /^You're both looking for (.+)\.$/.exec(sentence))) {
    const goal = GOALS[m[1]!];
    if (!goal) return `unknown goal "${m[1]}"`;
    if (!viewer.looking_for.includes(goal)) return `the searcher is not looking for ${m[1]}`;
    if (!candidate.looking_for.includes(goal)) return `${candidate.name} is not looking for ${m[1]}`;
    return null;
  }
  if ((m = /^You're both in (.+)\.$/.exec(sentence))) {
    // A metropolitan area (content/search/metro-areas.json): both live in one of its cities.
    const area = m[1]!;
    if (areaOfLocation(viewer.location) === area && areaOfLocation(candidate.location) === area) return null;
    if (cityOf(viewer.location) !== m[1]) return `the searcher is not in ${m[1]}`;
    if (cityOf(candidate.location) !== m[1]) return `${candidate.name} is not in ${m[1]}`;
    return null;
  }
  if ((m = /^You're close in age \((\d+) and (\d+)\)\.$/.exec(sentence))) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a !== viewer.age || b !== candidate.age) return `the ages are ${viewer.age} and ${candidate.age}`;
    if (Math.abs(a - b) > 3) return `${a} and ${b} are not close`;
    return null;
  }
  if (sentence === `${candidate.name}'s profile is close to what you described.`) return null;
  if (/^\d+ — |^(A woman|A man|Non-binary|Gender not shared|Looking for|Hasn't said|In .+, not |Age not given|Location not given)/.test(sentence)) {
    for (const part of sentence.replace(/\.$/, '').split('; ')) {
      const reason = checkDifference(part, candidate);
      if (reason !== null) return reason;
    }
    return null;
  }
  return 'not a sentence the checker knows';
}

/** The sentences of `whyMatch` that are false of the searcher, the result or the query (empty: all true). */
export function falseSentences(whyMatch: string, query: string, viewer: CheckedProfile, candidate: CheckedProfile): FalseSentence[] {
  const sentences = whyMatch.trim().split(/(?<=\.)\s+/).filter(Boolean);
  if (sentences.length === 0) return [{ sentence: whyMatch, reason: 'empty' }];
  return sentences.flatMap((sentence) => {
    const reason = check(sentence, query, viewer, candidate);
    return reason === null ? [] : [{ sentence, reason }];
  });
}
