import type { Kysely } from 'kysely';

import type { DB, Gender, LookingFor, RelationshipStatus } from '../../server/src/db/schema.js';
import type { EmbeddingsService } from '../../server/src/features/embeddings/embeddings.service.js';
import { wishesAllow } from '../../server/src/features/matching/partner-filters.js';
import { parseQuery } from '../../server/src/features/matching/query-parser.js';
import type { SearchResponse } from '../../server/src/features/search/search.service.js';
import { type CheckedProfile, falseSentences, type FalseSentence } from '../../server/test/why-match-check.js';
import { interviewProfileColumns } from '../../server/src/features/chat/interview/compose.js';
import { initialContactInfo } from '../../server/src/features/profiles/contact-info.js';
import { COMMUNITY, type CommunityMember, composeCommunity } from './community.js';
import type { EvalQuery } from './judgments.js';

/**
 * The search evaluation's machinery, shared by `run.ts` (`npm run eval:search`) and its
 * test: load the fixed community into a database, ask each query as its searcher, and score the
 * answers (nDCG@10 against the graded judgments; every whyMatch sentence checked against both
 * profiles).
 */

export const EVAL_PASSWORD = 'eval-search-password';
/** Mean nDCG@10 that each query set must reach (`npm run eval:search -- --check`). */
export const NDCG_TARGET = 0.95;
export const K = 10;

export interface LoadedMember extends CheckedProfile {
  name: string;
  userId: string;
  profileId: string;
  email: string;
  status: RelationshipStatus;
  gender: Gender;
  looking_for: LookingFor[];
}

export function emailOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${slug}@eval.kindred.local`;
}

/**
 * Inserts the community as complete, signed-up members (all with `passwordHash`), embedded
 * through the app's own embedding path. Returns them by name.
 */
export async function loadCommunity(
  db: Kysely<DB>,
  embeddings: EmbeddingsService,
  passwordHash: string,
  members: readonly CommunityMember[] = COMMUNITY,
): Promise<Map<string, LoadedMember>> {
  const loaded = new Map<string, LoadedMember>();
  for (const { member, profile, birthDate } of composeCommunity(members)) {
    if (loaded.has(member.name)) throw new Error(`two community members are called ${member.name}`);
    const email = emailOf(member.name);
    const user = await db
      .insertInto('users')
      .values({ email, password_hash: passwordHash, email_confirmed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('profiles')
      .values({
        user_id: user.id,
        name: member.name,
        birth_date: birthDate,
        age: member.age,
        location: member.location,
        gender: member.gender,
        profession: member.profession,
        relationship_status: member.status,
        contact_info: initialContactInfo(email),
        ...interviewProfileColumns(profile),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await embeddings.embedProfile(row.id);
    loaded.set(member.name, {
      name: member.name,
      userId: user.id,
      profileId: row.id,
      email,
      status: member.status,
      age: member.age,
      gender: member.gender,
      location: member.location,
      interests: profile.interests,
      looking_for: profile.lookingFor,
    });
  }
  return loaded;
}

/**
 * Precision of the first results: of the first min(k, R) results, the share judged relevant (grade
 * ≥ 1), where R is the number of members judged relevant. Capped at R so that a query with three
 * relevant members can reach 1 (R-precision, at most k).
 */
export function precisionAt(ranked: readonly string[], grades: Readonly<Record<string, number>>, k = K): number {
  const relevant = Object.values(grades).filter((g) => g >= 1).length;
  const depth = Math.min(k, relevant);
  if (depth === 0) return 1;
  return ranked.slice(0, depth).filter((name) => (grades[name] ?? 0) >= 1).length / depth;
}

/** Normalized discounted cumulative gain at `k`: gain 2^rel − 1, discount log2(rank + 1), ideal from the judgments. */
export function ndcgAt(ranked: readonly string[], grades: Readonly<Record<string, number>>, k = K): number {
  const dcg = (rels: readonly number[]) => rels.slice(0, k).reduce((sum, rel, i) => sum + (2 ** rel - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 1 : dcg(ranked.map((name) => grades[name] ?? 0)) / ideal;
}

/**
 * The judgments less the members whose own stated wishes leave the searcher out of a search of
 * `intent` (two-way wishes, matching/partner-filters): search does not show them by default, so
 * the best answer cannot hold them either. `withheld`: how many judged relevant were left out.
 */
export function gradesShownTo(
  grades: Readonly<Record<string, number>>,
  members: ReadonlyMap<string, LoadedMember>,
  searcher: LoadedMember,
  intent: LookingFor,
): { grades: Record<string, number>; withheld: number } {
  const asWisher = (m: LoadedMember) => ({ relationship_status: m.status, gender: m.gender, looking_for: m.looking_for });
  const shown: Record<string, number> = {};
  let withheld = 0;
  for (const [name, grade] of Object.entries(grades)) {
    if (wishesAllow(asWisher(members.get(name)!), asWisher(searcher), intent)) shown[name] = grade;
    else if (grade >= 1) withheld += 1;
  }
  return { grades: shown, withheld };
}

export interface QueryOutcome {
  query: EvalQuery;
  intent: string;
  /** What the rule parser read, for the table ("activity_partner; hiking; Vancouver"). */
  parsed: string;
  ndcg: number;
  /** precisionAt: the share of the first min(10, relevant) results that are relevant. */
  precision: number;
  /** Result names, best first (all of them, up to the service's limit). */
  results: string[];
  /** Judged relevant, but their own wishes leave the searcher out (gradesShownTo): not in the ideal. */
  withheld: number;
  checked: number;
  falseResults: Array<{ name: string; whyMatch: string; sentences: FalseSentence[] }>;
}

export interface EvalReport {
  outcomes: QueryOutcome[];
  meanNdcg: number;
  meanPrecision: number;
  checked: number;
  falseResults: number;
  /** Share of checked results whose whyMatch has a false sentence. */
  falseShare: number;
}

export type SearchAs = (searcher: LoadedMember, query: string) => Promise<SearchResponse>;

function describeParse(text: string, cities: readonly string[], viewerCity: string | null): string {
  const q = parseQuery(text, cities, viewerCity);
  return [
    q.concepts.join('+') || '–',
    q.traits.length > 0 ? q.traits.join('+') : null,
    q.professions.length + q.professionHints.length > 0 ? [...q.professions, ...q.professionHints.map((p) => `${p}?`)].join('+') : null,
    q.values.length > 0 ? `values ${q.values.join('+')}` : null,
    q.social.length > 0 ? q.social.join('+') : null,
    q.partnerStyle,
    q.ageRange ? `${q.ageRange.min}–${q.ageRange.max}` : null,
    q.gender,
    q.city,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Runs every query as its searcher and scores the answers. */
export async function evaluate(queries: readonly EvalQuery[], members: ReadonlyMap<string, LoadedMember>, searchAs: SearchAs): Promise<EvalReport> {
  const byProfile = new Map([...members.values()].map((m) => [m.profileId, m]));
  const cities = [...new Set([...members.values()].flatMap((m) => m.location?.split(',')[0]?.trim() ?? []))];
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const searcher = members.get(query.searcher);
    if (!searcher) throw new Error(`unknown searcher ${query.searcher}`);
    for (const name of Object.keys(query.grades)) if (!members.has(name)) throw new Error(`"${query.query}" judges an unknown member ${name}`);
    const response = await searchAs(searcher, query.query);
    const results = response.results.map((r) => byProfile.get(r.id)?.name ?? `(unknown ${r.id})`);
    const falseResults: QueryOutcome['falseResults'] = [];
    for (const result of response.results) {
      const candidate = byProfile.get(result.id);
      const sentences = candidate
        ? falseSentences(result.whyMatch, query.query, searcher, candidate)
        : [{ sentence: result.whyMatch, reason: 'the result is not a community member' }];
      if (sentences.length > 0) falseResults.push({ name: candidate?.name ?? result.id, whyMatch: result.whyMatch, sentences });
    }
    const shown = gradesShownTo(query.grades, members, searcher, response.intent);
    outcomes.push({
      query,
      intent: response.intent,
      parsed: describeParse(query.query, cities, searcher.location?.split(',')[0]?.trim() ?? null),
      ndcg: ndcgAt(results, shown.grades),
      precision: precisionAt(results, shown.grades),
      results,
      withheld: shown.withheld,
      checked: response.results.length,
      falseResults,
    });
  }
  const checked = outcomes.reduce((sum, o) => sum + o.checked, 0);
  const falseResults = outcomes.reduce((sum, o) => sum + o.falseResults.length, 0);
  return {
    outcomes,
    meanNdcg: outcomes.length === 0 ? 0 : outcomes.reduce((sum, o) => sum + o.ndcg, 0) / outcomes.length,
    meanPrecision: outcomes.length === 0 ? 0 : outcomes.reduce((sum, o) => sum + o.precision, 0) / outcomes.length,
    checked,
    falseResults,
    falseShare: checked === 0 ? 0 : falseResults / checked,
  };
}

export function meetsTargets(report: EvalReport): boolean {
  return report.meanNdcg >= NDCG_TARGET && report.falseResults === 0;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The per-query Markdown table and the totals (`set` names the query set in the totals). */
export function reportTable(report: EvalReport, set?: string): string {
  const lines = [
    '| # | Searcher | Query | Intent | Parsed (interests, traits, professions, values, social, age, gender, city) | nDCG@10 | Precision | False whyMatch |',
    '|---:|---|---|---|---|---:|---:|---:|',
  ];
  report.outcomes.forEach((o, i) => {
    lines.push(
      `| ${i + 1} | ${cell(o.query.searcher)} | ${cell(o.query.query)} | ${o.intent} | ${cell(o.parsed)} | ${o.ndcg.toFixed(3)} | ${o.precision.toFixed(2)} | ${o.falseResults.length}/${o.checked} |`,
    );
  });
  lines.push('');
  const over = `${report.outcomes.length} queries${set ? ` (${set})` : ''}`;
  lines.push(`Mean nDCG@10 over ${over}: **${report.meanNdcg.toFixed(3)}** (target ≥ ${NDCG_TARGET}); mean precision **${report.meanPrecision.toFixed(3)}**.`);
  const withheld = report.outcomes.reduce((sum, o) => sum + o.withheld, 0);
  lines.push(`Judged relevant but left out by their own wishes (two-way wishes; not in the ideal): **${withheld}**.`);
  lines.push(
    `Results whose whyMatch cites a false fact: **${report.falseResults} of ${report.checked}** (${(report.falseShare * 100).toFixed(1)}%; target 0).`,
  );
  return lines.join('\n');
}

/** The false sentences found, for the console and the report (empty when there are none). */
export function falseFactLines(report: EvalReport): string[] {
  return report.outcomes.flatMap((o) =>
    o.falseResults.flatMap((f) => f.sentences.map((s) => `- "${o.query.query}" → ${f.name}: "${s.sentence}" (${s.reason})`)),
  );
}
