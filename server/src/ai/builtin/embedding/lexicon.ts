/**
 * The concept lexicon behind the built-in embedding model: what Kindred members write about
 * (activities, interests, study subjects, social traits, what they are looking for), with the
 * words they use for each in English and Chinese, and how concepts relate to one another.
 *
 * The concepts are data, in content/embedding/lexicon.json (grouped in titled sections, which
 * only help whoever edits it); this module reads and checks them. How they are used (embed.ts,
 * tokenize.ts):
 * - `en` terms are run through the same tokenizer and stemmer as member text, so a base form
 *   also matches its regular inflections ("hike" matches "hikes", "hiking", "hiked"). Listing an
 *   inflection anyway is harmless and keeps the file searchable; what must be listed are the
 *   forms the stemmer cannot reach (irregular verbs, "-er" nouns, "travelling"). A multi-word
 *   term ("trail running", "league of legends") is matched as a phrase and the longest match
 *   wins, so "bible study" is faith, not study, and "coffee chat" is coffee, not conversation.
 * - `fr` and `es` (optional) are French and Spanish terms, read like `en` terms (same tokenizer,
 *   accents folded: "randonnée" matches "randonnee"). Only words that are not also English words
 *   of another meaning ("course", "lecture", "chat" are left out). Their stems must not collide
 *   with another concept's, like `en` terms.
 * - `zh` terms are simplified Chinese, pure Han, at least two characters, matched as
 *   substrings (longest first). Traditional characters are folded to simplified before matching.
 * - `related` links are made symmetric when the model loads (the larger weight wins), so a link
 *   needs to be written only once. Weights are in (0, 1): how much of the other concept a
 *   mention of this one implies. Spreading goes one hop only, which keeps results predictable.
 * - A term belongs to exactly one concept (lexicon.test.ts checks it after stemming).
 *
 * Every vector depends on that file: changing a concept, term or weight changes stored
 * embeddings, so bump BUILTIN_EMBEDDING_MODEL in embed.ts along with it.
 */
import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../../content.js';

/**
 * What kind of thing a concept is. Interests and activities carry the most weight when
 * embedding; traits and relationship goals appear in almost every profile and query, so they
 * count for less (see CONCEPT_KIND_WEIGHT in embed.ts).
 */
export const CONCEPT_KINDS = ['activity', 'interest', 'subject', 'trait', 'goal'] as const;
export type ConceptKind = (typeof CONCEPT_KINDS)[number];

export interface Concept {
  /** Stable snake_case id; it seeds the concept's direction, so renaming one changes vectors. */
  readonly id: string;
  readonly kind: ConceptKind;
  readonly en: readonly string[];
  readonly fr?: readonly string[];
  readonly es?: readonly string[];
  readonly zh: readonly string[];
  readonly related: Readonly<Record<string, number>>;
}

const conceptSchema = z.strictObject({
  id: z.string().regex(/^[a-z]+(?:_[a-z]+)*$/, 'expected a snake_case id'),
  kind: z.enum(CONCEPT_KINDS),
  en: z.array(contentText),
  fr: z.array(contentText).optional(),
  es: z.array(contentText).optional(),
  zh: z.array(contentText),
  related: z.record(z.string(), z.number().gt(0).lt(1)),
}) satisfies z.ZodType<Concept>;
const lexiconSchema = z.strictObject({
  $comment: contentComment,
  /** See NOT_TERMS. */
  notTerms: z.array(contentText).default([]),
  sections: z.array(z.strictObject({ section: z.string().min(1), concepts: z.array(conceptSchema).min(1) })).min(1),
});

export const LEXICON_FILE = 'embedding/lexicon.json';

/** The concepts in `file` (content/embedding/lexicon.json unless a test names another), in order. */
export function loadLexicon(file = LEXICON_FILE): readonly Concept[] {
  return conceptsOf(loadJsonContent(lexiconSchema, file));
}

const conceptsOf = (content: z.output<typeof lexiconSchema>): readonly Concept[] => content.sections.flatMap((section) => section.concepts);
const LEXICON_CONTENT = loadJsonContent(lexiconSchema, LEXICON_FILE);

export const LEXICON: readonly Concept[] = conceptsOf(LEXICON_CONTENT);

/**
 * Phrases that hold a term's words but name no concept ("after class" is a time, not study;
 * « après les cours » likewise): matched like terms, longest first, so the term inside them is
 * not read, and they add no concept.
 */
export const NOT_TERMS: readonly string[] = LEXICON_CONTENT.notTerms;

/**
 * The related links of every concept, made symmetric (a link is written once; the larger weight
 * wins), without self-links or ids the lexicon does not have: what the model spreads a mention
 * to (embed.ts) and what ranking counts as a closely linked interest (matching/rank.ts).
 */
export const RELATED_LINKS: ReadonlyMap<string, ReadonlyMap<string, number>> = (() => {
  const ids = new Set(LEXICON.map((concept) => concept.id));
  const links = new Map<string, Map<string, number>>(LEXICON.map((concept) => [concept.id, new Map<string, number>()]));
  for (const concept of LEXICON) {
    for (const [id, weight] of Object.entries(concept.related)) {
      if (!ids.has(id) || id === concept.id) continue;
      for (const [a, b] of [[concept.id, id], [id, concept.id]] as const) {
        const of = links.get(a)!;
        of.set(b, Math.max(of.get(b) ?? 0, weight));
      }
    }
  }
  return links;
})();
