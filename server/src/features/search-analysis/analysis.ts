import type { Logger } from 'pino';
import { z } from 'zod';

import type { AnalysisData } from '../../../../contract/search.js';
import { ANY_LANGUAGE_RULE, writeIn } from '../../ai/ollama/prompt.js';
import { AiError, type AiProvider } from '../../ai/provider.js';
import type { LookingFor } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { interestLabel, listFor, sayMatch, sentences, socialStyleIn, valueLabel } from '../matching/match-words.js';
import type { MemberFacts } from '../matching/member-facts.js';
import type { PairFacts } from '../matching/pair-facts.js';
import type { ParsedQuery } from '../matching/query-parser.js';
import { closeInAge, goalPhrase, nameIn, whyMatch } from '../matching/why-match.js';

/** Search analysis data (spec: whyMatch, compatibilityAnalysis, sharedInterests, conversationStarters, potentialChallenges). */
export type SearchAnalysisData = AnalysisData;

export interface AnalysisInput {
  viewer: MemberFacts | null;
  candidate: MemberFacts;
  query: ParsedQuery;
  pair: PairFacts;
  /** The viewer's language, which the analysis is written in (English when not given). */
  language?: Language;
}

/**
 * The analysis from facts alone: deterministic, and every statement is true of the profiles it
 * names. Its sentences are content/i18n/server/<language>/match.json ("analysis"), in the viewer's language.
 */
export function ruleAnalysis({ viewer, candidate, query, pair, language = 'en' }: AnalysisInput): SearchAnalysisData {
  const name = nameIn(language, candidate.name);
  // Only interests both list under the same name are claimed as shared (pair-facts.ts).
  const shared = pair.sameLabels;
  const say = (key: string, values: Record<string, unknown> = {}) => sayMatch(language, `analysis.${key}`, { name, ...values });
  const labels = (items: readonly string[]) => listFor(language, items.map((label) => interestLabel(language, label)));
  const goals = (items: readonly LookingFor[]) => listFor(language, items.map((goal) => goalPhrase(language, goal)));
  const analysis: string[] = [];
  if (shared.length > 0) {
    analysis.push(say('share', { count: shared.length, list: labels(shared) }));
  } else if (viewer) {
    analysis.push(say('noneInCommon'));
  }
  if (pair.askedFor.length > 0) analysis.push(say('askedFor', { list: labels(pair.askedFor) }));
  const values = pair.sharedValues;
  if (values.length > 0) analysis.push(say('values', { list: listFor(language, values.map((v) => valueLabel(language, v))) }));
  if (candidate.lookingFor.length > 0) analysis.push(say('lookingFor', { list: goals(candidate.lookingFor) }));
  if (candidate.socialStyle) analysis.push(say('socialStyle', { style: socialStyleIn(language, candidate.socialStyle) }));
  if (pair.samePlace?.kind === 'city') analysis.push(say('sameCity', { city: pair.samePlace.city }));
  if (pair.samePlace?.kind === 'area') analysis.push(say('sameArea', { area: pair.samePlace.area }));
  if (analysis.length === 0) analysis.push(sayMatch(language, 'why.fallback', { name }));

  const starters: string[] = [];
  for (const label of pair.askedFor.slice(0, 1)) starters.push(say('starterAskedFor', { label: interestLabel(language, label) }));
  for (const label of shared.filter((l) => !pair.askedFor.includes(l)).slice(0, 2)) {
    starters.push(say('starterShared', { label: interestLabel(language, label) }));
  }
  const theirOwn = candidate.interests.filter((l) => !shared.includes(l) && !pair.askedFor.includes(l));
  if (starters.length < 3 && theirOwn[0]) starters.push(say('starterTheirs', { label: interestLabel(language, theirOwn[0]) }));
  if (starters.length === 0) starters.push(say('starterWeekend'));

  const challenges: string[] = [];
  // Two cities of one metropolitan area are the same place (pair-facts.ts): no challenge.
  if (viewer?.city && candidate.city && pair.samePlace === null) {
    challenges.push(say('challengeCities', { mine: viewer.city, theirs: candidate.city }));
  }
  if (pair.ageGap !== null && pair.ageGap > 5) challenges.push(say('challengeYears', { years: String(pair.ageGap) }));
  if (pair.goal === 'other') {
    challenges.push(say('challengeLookingFor', { list: goals(candidate.lookingFor), goal: goalPhrase(language, query.intent) }));
  }
  // Group size as each states it (member-facts' social preferences).
  const small = (facts: MemberFacts) => facts.social.has('small groups') && !facts.social.has('big groups');
  const big = (facts: MemberFacts) => facts.social.has('big groups') && !facts.social.has('small groups');
  if (viewer && viewer.social.has('small groups') && big(candidate)) challenges.push(say('challengeBig'));
  else if (viewer && viewer.social.has('big groups') && small(candidate)) challenges.push(say('challengeSmall'));

  return {
    whyMatch: whyMatch({ name: candidate.name, pair, ages: closeInAge(pair, viewer?.age ?? null, candidate.age), language }),
    compatibilityAnalysis: sentences(language, analysis),
    sharedInterests: shared,
    conversationStarters: starters.slice(0, 3),
    potentialChallenges: challenges,
  };
}

const modelSchema = z.object({
  compatibilityAnalysis: z.string().trim().min(20).max(1500),
  conversationStarters: z.array(z.string().trim().min(5).max(300)).min(1).max(5),
  potentialChallenges: z.array(z.string().trim().min(5).max(300)).max(5),
});

function profileForModel(facts: MemberFacts) {
  return {
    name: facts.name,
    age: facts.age,
    city: facts.city,
    interests: facts.interests,
    lookingFor: facts.lookingFor,
    values: facts.coreValues,
    personality: facts.personalityType,
    socialStyle: facts.socialStyle,
  };
}

/**
 * With a language model (Ollama) the model words the analysis from the same facts; the "why" and
 * the shared interests stay the rules', so no claim about shared interests is the model's guess.
 * Any AiError falls back to the rules.
 */
export async function generateAnalysis(ai: AiProvider, input: AnalysisInput, logger: Logger, signal?: AbortSignal): Promise<SearchAnalysisData> {
  const rules = ruleAnalysis(input);
  if (ai.name === 'builtin') return rules;
  try {
    const written = await ai.structured({
      name: 'search_analysis',
      instruction: `Two members of a campus app may meet. From the facts given (the searcher, the result and the search query), write: "compatibilityAnalysis", 2–4 sentences on why they could get along; "conversationStarters", up to 3 friendly opening lines addressed to the searcher; "potentialChallenges", up to 3 honest, kind notes. Use only the facts given; never invent hobbies, places, traits or goals, and call an interest shared only if it is in sharedInterests. ${ANY_LANGUAGE_RULE} ${writeIn(input.language ?? 'en')} The searcher reads it: write every text value in that language, keeping the JSON keys as they are.`,
      input: JSON.stringify({
        searchQuery: input.query.text,
        searcher: input.viewer ? profileForModel(input.viewer) : null,
        result: profileForModel(input.candidate),
        sharedInterests: input.pair.sameLabels,
      }),
      schema: modelSchema,
      signal,
    });
    return {
      ...rules,
      compatibilityAnalysis: written.compatibilityAnalysis,
      conversationStarters: written.conversationStarters,
      potentialChallenges: written.potentialChallenges,
    };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    logger.warn({ err: error }, 'search analysis: the language model failed; using the rules');
    return rules;
  }
}
