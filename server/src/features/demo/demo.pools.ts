import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../content.js';
import { PROFESSION_CATEGORIES, type ProfessionCategory } from '../../ai/builtin/standardize/index.js';
import { inSentence } from '../chat/interview/compose.js';

/**
 * What sample members are drawn from (content/demo/pools.json): names, places, jobs, interest
 * clusters, picture colours and the words of their moments. demo.generator.ts does the drawing.
 */

/** First and family names of one tradition, so "Wei Chen" and "Priya Sharma", not "Wei Sharma". */
export interface NamePool {
  female: readonly string[];
  male: readonly string[];
  neutral: readonly string[];
  family: readonly string[];
}

export interface Cluster {
  id: string;
  /** Labels as the interview writes them (lexicon concept labels). */
  interests: readonly string[];
  traits: readonly string[];
  values: readonly string[];
  jobs: readonly ProfessionCategory[];
  weight: number;
}

/** A sentence about an interest: {Interest} as the label is written, {interest} as it reads inside a sentence. */
export type MomentText = (label: string) => string;

export interface DemoPools {
  /** Name pools with their weights, for Random.weighted. */
  namePools: ReadonlyArray<readonly [NamePool, number]>;
  /** Campus cities in the gazetteer's standardized form, weighted roughly by student numbers. */
  locations: ReadonlyArray<readonly [string, number]>;
  /** Jobs any cluster may draw from (a cluster's own jobs are likelier). */
  generalJobs: readonly ProfessionCategory[];
  /**
   * Interest clusters: a member is mostly one kind of person (outdoorsy, a gamer, a musician…)
   * with a little of another. Labels are the interview's labels for lexicon concepts (demo tests
   * check that the lexicon reads each one back), so search and embeddings treat them like real answers.
   */
  clusters: readonly Cluster[];
  commonTraits: readonly string[];
  commonValues: readonly string[];
  /** Two gradient colours and an accent for a picture moment. */
  palettes: ReadonlyArray<readonly [string, string, string]>;
  /** A text moment about an interest. */
  textMoments: readonly MomentText[];
  /** The caption of a later moment. */
  captions: readonly MomentText[];
}

const weight = z.number().positive();
const names = z.array(contentText).min(1);
const colour = z.string().regex(/^#[0-9a-f]{6}$/, "expected a colour '#rrggbb'");
const momentText = z
  .string()
  .refine((text) => /\{interest\}/i.test(text) && (text.match(/\{[^}]*\}/g) ?? []).every((p) => p === '{Interest}' || p === '{interest}'), {
    message: 'expected a sentence with {Interest} or {interest}, and no other placeholder',
  })
  .transform((text): MomentText => (label) => text.replaceAll('{Interest}', label).replaceAll('{interest}', inSentence(label)));
const poolsSchema = z.strictObject({
  $comment: contentComment,
  namePools: z.array(z.strictObject({ weight, female: names, male: names, neutral: names, family: names })).min(1),
  locations: z.array(z.tuple([z.string().regex(/^[^,]+, [^,]+, [^,]+$/, 'expected "City, Region, Country"'), weight])).min(1),
  generalJobs: z.array(z.enum(PROFESSION_CATEGORIES)).min(1),
  clusters: z
    .array(z.strictObject({ id: contentText, interests: names, traits: names, values: names, jobs: z.array(z.enum(PROFESSION_CATEGORIES)).min(1), weight }))
    .min(2),
  commonTraits: names,
  commonValues: names,
  palettes: z.array(z.tuple([colour, colour, colour])).min(1),
  textMoments: z.array(momentText).min(1),
  captions: z.array(momentText).min(1),
});

export const DEMO_POOLS_FILE = 'demo/pools.json';

/** The pools in `file` (content/demo/pools.json unless a test names another). */
export function loadDemoPools(file = DEMO_POOLS_FILE): DemoPools {
  const { $comment: _, namePools, ...pools } = loadJsonContent(poolsSchema, file);
  return { ...pools, namePools: namePools.map(({ weight, ...pool }) => [pool, weight] as const) };
}

export const DEMO_POOLS: DemoPools = loadDemoPools();
