import { analyzeText, LEXICON, stem } from '../../ai/builtin/embedding/index.js';
import { isStopword } from '../../ai/builtin/embedding/tokenize.js';
import type { Gender, LookingFor } from '../../db/schema.js';
import { extractFacts } from '../chat/interview/extract.js';

/**
 * Reads a search query ("someone in their 20s to go hiking with in Vancouver") into what the
 * ranking uses: the intent, the activities and interests asked for (lexicon concepts), and
 * hints about age, gender and place. Rules only, so it is the same on every AI provider.
 */

export interface AgeRange {
  min: number;
  max: number;
}

export interface ParsedQuery {
  text: string;
  intent: LookingFor;
  /** Lexicon concept ids of kind activity / interest / subject, in query order, unique. */
  concepts: string[];
  ageRange: AgeRange | null;
  gender: Gender | null;
  /** A city named in the query (one of the locations members have), or the viewer's for "near me". */
  city: string | null;
  /** Content words for full-text search (no stopwords, no goal words such as "friend"). */
  keywords: string[];
}

const INTEREST_KINDS = new Set(['activity', 'interest', 'subject']);
const KIND_OF = new Map(LEXICON.map((c) => [c.id, c.kind]));

export function interestConcepts(text: string): string[] {
  return [...new Set(analyzeText(text).concepts.filter((id) => INTEREST_KINDS.has(KIND_OF.get(id) ?? '')))];
}

function intentOf(text: string, concepts: string[]): LookingFor {
  const wants = extractFacts(text).lookingFor;
  if (wants.includes('partner')) return 'partner';
  if (wants.includes('activity_partner')) return 'activity_partner';
  if (wants.includes('friend')) return 'friend';
  return concepts.some((id) => KIND_OF.get(id) === 'activity') ? 'activity_partner' : 'friend';
}

const clampAge = (range: AgeRange): AgeRange => ({ min: Math.max(16, range.min), max: Math.min(99, range.max) });

/** "in their 20s", "early 30s", "twenties", "around 22", "18-25", "between 20 and 24", "under 25", "over 30", "22 years old", "20多岁". */
export function ageRangeOf(text: string): AgeRange | null {
  const t = text.toLowerCase();
  let m = /\b(?:between\s+)?(\d{2})\s*(?:-|–|to|and)\s*(\d{2})\b/.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a >= 16 && b >= 16 && a <= 99 && b <= 99) return clampAge({ min: Math.min(a, b), max: Math.max(a, b) });
  }
  m = /\b(early|mid|late)?[- ]?(\d)0'?s\b/.exec(t);
  if (m && Number(m[2]) >= 2) {
    const decade = Number(m[2]) * 10;
    if (m[1] === 'early') return { min: decade, max: decade + 3 };
    if (m[1] === 'mid') return { min: decade + 3, max: decade + 6 };
    if (m[1] === 'late') return { min: decade + 6, max: decade + 9 };
    return { min: decade, max: decade + 9 };
  }
  const words: Record<string, number> = { twenties: 20, thirties: 30, forties: 40 };
  m = /\b(twenties|thirties|forties)\b/.exec(t);
  if (m) return { min: words[m[1]!]!, max: words[m[1]!]! + 9 };
  m = /(\d)0\s*多岁/.exec(t);
  if (m && Number(m[1]) >= 2) return { min: Number(m[1]) * 10, max: Number(m[1]) * 10 + 9 };
  m = /\b(?:around|about|roughly|approximately|~)\s*(\d{2})\b/.exec(t);
  if (m) return clampAge({ min: Number(m[1]) - 2, max: Number(m[1]) + 2 });
  m = /\b(?:under|below|younger than)\s*(\d{2})\b/.exec(t);
  if (m) return clampAge({ min: 16, max: Number(m[1]) });
  m = /\b(?:over|above|older than)\s*(\d{2})\b/.exec(t);
  if (m) return clampAge({ min: Number(m[1]), max: 99 });
  m = /\b(?:aged?\s*(\d{2})|(\d{2})\s*(?:years? old|yo|y\/o))\b/.exec(t);
  if (m) return clampAge({ min: Number(m[1] ?? m[2]) - 1, max: Number(m[1] ?? m[2]) + 1 });
  return null;
}

const FEMALE = /\b(wom[ae]n|girls?|females?|lad(y|ies)|girlfriend|gal)\b|女生|女孩|女性|女朋友|小姐姐/i;
const MALE = /\b(m[ae]n|guys?|boys?|males?|boyfriend|dude|gentlem[ae]n)\b|男生|男孩|男性|男朋友|小哥哥/i;
const NON_BINARY = /\b(non[- ]?binary|enby)\b/i;

export function genderOf(text: string): Gender | null {
  if (NON_BINARY.test(text)) return 'non-binary';
  const female = FEMALE.test(text);
  const male = MALE.test(text);
  if (female === male) return null;
  return female ? 'female' : 'male';
}

const NEAR_ME = /\b(near me|nearby|close by|close to me|around me|in my (city|area|town)|local)\b|附近|同城/i;

export function cityOf(location: string | null | undefined): string | null {
  const city = location?.split(',')[0]?.trim();
  return city ? city : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The longest city among `knownCities` that the query names, or the viewer's city for "near me". */
export function cityHintOf(text: string, knownCities: readonly string[], viewerCity: string | null): string | null {
  const named = [...knownCities]
    .filter((city) => city.length >= 2)
    .sort((a, b) => b.length - a.length)
    .find((city) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(city)}($|[^\\p{L}])`, 'iu').test(text));
  if (named) return named;
  return NEAR_ME.test(text) ? viewerCity : null;
}

/** Content words for full-text search: no stopwords, no goal words ("friend", "partner"), at most 16. */
export function keywordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((word) => {
    if (word.length < 2 || isStopword(stem(word))) return false;
    const concepts = analyzeText(word).concepts;
    return !concepts.some((id) => KIND_OF.get(id) === 'goal');
  });
  return [...new Set(kept)].slice(0, 16);
}

export function parseQuery(text: string, knownCities: readonly string[] = [], viewerCity: string | null = null): ParsedQuery {
  const concepts = interestConcepts(text);
  return {
    text,
    intent: intentOf(text, concepts),
    concepts,
    ageRange: ageRangeOf(text),
    gender: genderOf(text),
    city: cityHintOf(text, knownCities, viewerCity),
    keywords: keywordsOf(text),
  };
}
