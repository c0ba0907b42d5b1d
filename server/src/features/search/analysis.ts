import type { Logger } from 'pino';
import { z } from 'zod';

import { AiError, type AiProvider } from '../../ai/provider.js';
import { type MemberFacts, sharedValues } from './member-facts.js';
import type { ParsedQuery } from './query-parser.js';
import { GOAL_PHRASES, listOf, lowerLabel, type MatchFacts, whyMatch } from './why-match.js';

/** Search analysis data (spec: whyMatch, compatibilityAnalysis, sharedInterests, conversationStarters, potentialChallenges). */
export const analysisDataSchema = z.object({
  whyMatch: z.string().trim().min(1).max(600),
  compatibilityAnalysis: z.string().trim().min(1).max(1500),
  sharedInterests: z.array(z.string().trim().min(1).max(60)).max(12),
  conversationStarters: z.array(z.string().trim().min(1).max(300)).min(1).max(5),
  potentialChallenges: z.array(z.string().trim().min(1).max(300)).max(5),
});

export type SearchAnalysisData = z.infer<typeof analysisDataSchema>;

export interface AnalysisInput {
  viewer: MemberFacts | null;
  candidate: MemberFacts;
  query: ParsedQuery;
  facts: MatchFacts;
}

const SMALL = /small groups/i;
const BIG = /big groups/i;

/** The analysis from facts alone: deterministic, and every statement is true of the profiles it names. */
export function ruleAnalysis({ viewer, candidate, query, facts }: AnalysisInput): SearchAnalysisData {
  const name = candidate.name;
  const analysis: string[] = [];
  if (facts.sharedInterests.length > 0) {
    analysis.push(`You share ${facts.sharedInterests.length === 1 ? 'an interest' : `${facts.sharedInterests.length} interests`}: ${listOf(facts.sharedInterests.map(lowerLabel))}.`);
  } else if (viewer) {
    analysis.push(`Your profiles name no interests in common, so there is a lot you could show each other.`);
  }
  if (facts.askedFor.length > 0) analysis.push(`${name} lists ${listOf(facts.askedFor.map(lowerLabel))}, which your search asked for.`);
  const values = viewer ? sharedValues(viewer, candidate) : [];
  if (values.length > 0) analysis.push(`You both value ${listOf(values.map((v) => v.toLowerCase()))}.`);
  if (candidate.lookingFor.length > 0) analysis.push(`${name} is looking for ${listOf(candidate.lookingFor.map((g) => GOAL_PHRASES[g]))}.`);
  if (candidate.socialStyle) analysis.push(`${name}'s social style: ${candidate.socialStyle.charAt(0).toLowerCase()}${candidate.socialStyle.slice(1)}.`);
  if (facts.sameCity) analysis.push(`You both live in ${facts.sameCity}.`);
  if (analysis.length === 0) analysis.push(`${name}'s profile is close to what you described.`);

  const starters: string[] = [];
  for (const label of facts.askedFor.slice(0, 1)) starters.push(`Suggest some ${lowerLabel(label)} together: it is one of ${name}'s interests.`);
  for (const label of facts.sharedInterests.filter((l) => !facts.askedFor.includes(l)).slice(0, 2)) {
    starters.push(`Ask ${name} what got them into ${lowerLabel(label)}; you enjoy it too.`);
  }
  const theirOwn = candidate.interests.filter((l) => !facts.sharedInterests.includes(l) && !facts.askedFor.includes(l));
  if (starters.length < 3 && theirOwn[0]) starters.push(`Ask ${name} about ${lowerLabel(theirOwn[0])}; it is one of their interests.`);
  if (starters.length === 0) starters.push(`Ask ${name} what a good weekend looks like for them.`);

  const challenges: string[] = [];
  if (viewer?.city && candidate.city && viewer.city.toLowerCase() !== candidate.city.toLowerCase()) {
    challenges.push(`You live in different cities (${viewer.city} and ${candidate.city}), so meeting up takes planning.`);
  }
  if (viewer?.age != null && candidate.age != null && Math.abs(viewer.age - candidate.age) > 5) {
    challenges.push(`There are ${Math.abs(viewer.age - candidate.age)} years between you.`);
  }
  if (candidate.lookingFor.length > 0 && !candidate.lookingFor.includes(query.intent)) {
    challenges.push(`${name} says they are looking for ${listOf(candidate.lookingFor.map((g) => GOAL_PHRASES[g]))}, not ${GOAL_PHRASES[query.intent]}.`);
  }
  if (viewer?.socialStyle && candidate.socialStyle) {
    if (SMALL.test(viewer.socialStyle) && BIG.test(candidate.socialStyle) && !SMALL.test(candidate.socialStyle)) {
      challenges.push(`${name} enjoys big groups while you prefer small ones.`);
    } else if (BIG.test(viewer.socialStyle) && SMALL.test(candidate.socialStyle) && !BIG.test(candidate.socialStyle)) {
      challenges.push(`${name} prefers small groups while you enjoy big ones.`);
    }
  }

  return {
    whyMatch: whyMatch(name, facts),
    compatibilityAnalysis: analysis.join(' '),
    sharedInterests: facts.sharedInterests,
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
      instruction:
        'Two members of a campus app may meet. From the facts given (the searcher, the result and the search query), write: "compatibilityAnalysis", 2–4 sentences on why they could get along; "conversationStarters", up to 3 friendly opening lines addressed to the searcher; "potentialChallenges", up to 3 honest, kind notes. Use only the facts given; never invent hobbies, places, traits or goals, and call an interest shared only if it is in sharedInterests.',
      input: JSON.stringify({
        searchQuery: input.query.text,
        searcher: input.viewer ? profileForModel(input.viewer) : null,
        result: profileForModel(input.candidate),
        sharedInterests: input.facts.sharedInterests,
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
