/**
 * Built-in, offline profession standardizer: free text in English or Chinese in, one of
 * PROFESSION_CATEGORIES out — or an honest failure. Unrecognized text is never filed under
 * "Other"; that category is only for members who say "other" themselves.
 *
 * How it decides, in order:
 * 1. The whole input is a short term trusted only on its own ("IT", "PM", "RN", "other").
 * 2. A student word anywhere makes it a student category, the level read from words like
 *    "PhD", "master's", "high school", 研究生 (a student is a student first).
 * 3. "Retired" and job-seeking words describe the member's situation better than a past job
 *    ("retired teacher", "unemployed engineer").
 * 4. Otherwise the job: the first clause that names one ("developer, part-time barista"), the
 *    words before "at/for/in…" in it ("manager at a restaurant"), and there the rightmost term,
 *    since English job titles end in their head noun ("restaurant owner", "engineering
 *    manager"). A generic head takes its field from the term just before it
 *    ("machine learning engineer" is a Data Scientist, not a generic Engineer).
 * 5. A bare degree word ("PhD", "硕士") means a student at that level.
 * 6. Nothing found: one pass forgiving a one-letter typo in each long word, then give up.
 */
import {
  DEGREE_ONLY,
  PROFESSION_RULES,
  STUDENT_LEVELS,
  STUDENT_MARKERS,
  type ProfessionCategory,
} from './profession-data.js';
import { foldText, hasHan, isBlank, withinOneEdit } from './text.js';

export { PROFESSION_CATEGORIES, type ProfessionCategory } from './profession-data.js';

export type ProfessionFailure = 'empty' | 'unknown';
export type ProfessionResult =
  | { ok: true; standardized: ProfessionCategory }
  | { ok: false; reason: ProfessionFailure };

// ── Text ─────────────────────────────────────────────────────────────────────

const TOKEN = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;
/** Where one role ends and another begins: "designer / photographer", "sales and marketing". */
const CLAUSE_SEPARATORS = /[,;/|+&、()[\]\n]|\band\b|\bor\b/;
/** Words after which a job title names its employer or field, not the job. */
const PREPOSITIONS: ReadonlySet<string> = new Set(['at', 'for', 'in', 'with', 'of', 'from', 'on', 'by']);
const MAX_INPUT_LENGTH = 300;
const MIN_TYPO_LENGTH = 6;

/** Plural and possessive endings, so "nurses", "secretaries" and "master's" meet their term. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Folded, de-punctuated, stemmed tokens; a Chinese run stays one token. */
function tokens(text: string): string[] {
  const folded = foldText(text).replace(/['’.]/g, '');
  return (folded.match(TOKEN) ?? []).map((t) => (hasHan(t) ? t : stem(t)));
}

function normalizeTerm(term: string): string {
  return tokens(term).join(' ');
}

// ── Vocabulary ───────────────────────────────────────────────────────────────

interface Term {
  readonly text: string;
  /** Pure Chinese terms match anywhere; others only on whole words. */
  readonly han: boolean;
}

function toTerm(raw: string): Term {
  const text = normalizeTerm(raw);
  return { text, han: hasHan(text) && !text.includes(' ') };
}

interface JobTerm extends Term {
  readonly category: ProfessionCategory;
}

const JOB_TERMS: readonly JobTerm[] = PROFESSION_RULES.flatMap((rule) =>
  rule.terms.map((raw) => ({ ...toTerm(raw), category: rule.category })),
);

const EXACT_TERMS: ReadonlyMap<string, ProfessionCategory> = new Map(
  PROFESSION_RULES.flatMap((rule) => (rule.exact ?? []).map((raw): [string, ProfessionCategory] => [normalizeTerm(raw), rule.category])),
);

const MARKER_TERMS: readonly Term[] = STUDENT_MARKERS.map(toTerm);

const LEVELS = STUDENT_LEVELS.map((level) => ({ category: level.category, cues: level.cues.map(toTerm) }));
const DEGREES = DEGREE_ONLY.map((degree) => ({ category: degree.category, terms: degree.terms.map(toTerm) }));

/** Job heads too generic to name a field on their own when a field term sits right before them. */
const GENERIC_HEADS: ReadonlySet<string> = new Set(['engineer', 'engineering', 'developer']);

/** Every Latin word the standardizer knows, for typo repair. */
const VOCABULARY: readonly string[] = [
  ...new Set(
    [...JOB_TERMS, ...MARKER_TERMS, ...LEVELS.flatMap((l) => l.cues), ...DEGREES.flatMap((d) => d.terms)]
      .filter((term) => !term.han)
      .flatMap((term) => term.text.split(' '))
      .concat([...EXACT_TERMS.keys()].flatMap((key) => key.split(' ')))
      .filter((word) => !hasHan(word)),
  ),
];

// ── Matching ─────────────────────────────────────────────────────────────────

interface Occurrence<T extends Term = Term> {
  readonly term: T;
  readonly start: number;
  readonly end: number;
}

/**
 * Where terms occur in a token string (tokens joined by single spaces). Chinese terms match
 * anywhere, since Chinese has no spaces; other terms only on whole words.
 */
function occurrences<T extends Term>(text: string, terms: readonly T[]): Occurrence<T>[] {
  const found: Occurrence<T>[] = [];
  const padded = ` ${text} `;
  for (const term of terms) {
    if (!term.text) continue;
    // In `padded`, a whole-word match starts at its leading space, which is exactly where the
    // word starts in `text`; a Chinese match is searched in `text` itself.
    const [haystack, needle] = term.han ? [text, term.text] : [padded, ` ${term.text} `];
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      found.push({ term, start: at, end: at + term.text.length });
    }
  }
  return found;
}

function contains(outer: Occurrence, inner: Occurrence): boolean {
  return outer !== inner && outer.start <= inner.start && outer.end >= inner.end && outer.end - outer.start > inner.end - inner.start;
}

/** Drops every occurrence that sits inside a longer one ("engineer" in "software engineer"). */
function maximal<T extends Occurrence>(all: readonly T[], others: readonly Occurrence[] = []): T[] {
  const pool: readonly Occurrence[] = [...all, ...others];
  return all.filter((o) => !pool.some((other) => contains(other, o)));
}

function hasAny(text: string, terms: readonly Term[]): boolean {
  return occurrences(text, terms).length > 0;
}

function studentLevel(text: string): ProfessionCategory {
  return LEVELS.find((level) => hasAny(text, level.cues))?.category ?? 'Undergraduate Student';
}

/** The job a clause names: its rightmost term, or the field term right before a generic head. */
function headOf(found: readonly Occurrence<JobTerm>[]): ProfessionCategory | undefined {
  const ordered = [...found].sort((a, b) => a.end - b.end || b.end - b.start - (a.end - a.start));
  const head = ordered[ordered.length - 1];
  if (!head) return undefined;
  if (GENERIC_HEADS.has(head.term.text)) {
    const field = ordered.find((o) => o.end + 1 === head.start && o.term.category !== head.term.category);
    if (field) return field.term.category;
  }
  return head.term.category;
}

/** The words of a clause before its first preposition, when there are any. */
function beforePreposition(clause: string): string {
  const words = clause.split(' ');
  const cut = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  return cut > 0 ? words.slice(0, cut).join(' ') : clause;
}

function jobOf(clauses: readonly string[]): ProfessionCategory | undefined {
  for (const clause of clauses) {
    for (const part of [beforePreposition(clause), clause]) {
      const category = headOf(maximal(occurrences(part, JOB_TERMS)));
      if (category) return category;
    }
  }
  return undefined;
}

/** The decision on already-tokenized text; undefined when nothing is recognized. */
function classify(clauses: readonly string[]): ProfessionCategory | undefined {
  const whole = clauses.join(' ');
  const exact = EXACT_TERMS.get(whole);
  if (exact) return exact;

  const jobs = maximal(occurrences(whole, JOB_TERMS));
  const markers = maximal(occurrences(whole, MARKER_TERMS), occurrences(whole, JOB_TERMS));
  if (markers.length > 0) return studentLevel(whole);

  for (const status of ['Retired', 'Job Seeker'] as const) {
    if (jobs.some((o) => o.term.category === status)) return status;
  }
  return jobOf(clauses) ?? DEGREES.find((degree) => hasAny(whole, degree.terms))?.category;
}

function repairTypos(clause: string): string {
  return clause
    .split(' ')
    .map((word) => {
      if (word.length < MIN_TYPO_LENGTH || hasHan(word) || VOCABULARY.includes(word)) return word;
      return VOCABULARY.find((known) => known.length >= MIN_TYPO_LENGTH - 1 && withinOneEdit(word, known)) ?? word;
    })
    .join(' ');
}

function toClauses(input: string): string[] {
  return foldText(input)
    .split(CLAUSE_SEPARATORS)
    .map((clause) => tokens(clause).join(' '))
    .filter(Boolean);
}

export function standardizeProfession(input: string): ProfessionResult {
  if (isBlank(input)) return { ok: false, reason: 'empty' };
  if (input.length > MAX_INPUT_LENGTH) return { ok: false, reason: 'unknown' };
  const clauses = toClauses(input);
  const category = classify(clauses) ?? classify(clauses.map(repairTypos));
  return category ? { ok: true, standardized: category } : { ok: false, reason: 'unknown' };
}
