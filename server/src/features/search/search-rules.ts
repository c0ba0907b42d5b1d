import type { Gender, LookingFor } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { sayMatch } from './match-words.js';
import { isAtPlace, type Place, placeOfQuery } from './metro-areas.js';
import type { MemberFacts } from './member-facts.js';
import type { RankFeatures } from './rerank.js';
import { AGE_MAX, AGE_MIN, type AgeRange, type ParsedQuery } from './query-parser.js';

/**
 * What a query states explicitly and a member reads as a rule, not a hint: an age range, a
 * gender, the kind of relationship, a place. Everyone who satisfies every stated rule ranks
 * above anyone who does not (search.service.ts); the rules are shown as chips under the search
 * box, and a member can drop one (`ignore`).
 */
export const RULE_KINDS = ['age', 'gender', 'intent', 'city'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * Friends and activity partners are both platonic company: a member looking for either fits a
 * query for the other ("a friend to go hiking with" is well answered by a hiking partner). A
 * partner (romance) is its own kind.
 */
export type IntentRule = 'partner' | 'platonic';

export interface SearchRules {
  age: AgeRange | null;
  gender: Gender | null;
  intent: IntentRule | null;
  city: string | null;
  /** The city's metropolitan area (metro-areas.ts): a member anywhere in it meets the place rule. */
  area: string | null;
}

/** A rule as the search box shows it: which kind (to drop it) and its words. */
export interface RuleChip {
  kind: RuleKind;
  label: string;
}

export const NO_RULES: SearchRules = { age: null, gender: null, intent: null, city: null, area: null };

export function intentRule(intent: LookingFor): IntentRule {
  return intent === 'partner' ? 'partner' : 'platonic';
}

/**
 * The rules a parsed query states, less the ones the member dropped. `viewer`: where the searcher
 * is, so their own city ("near me") is read in their own area.
 */
export function rulesOf(query: ParsedQuery, ignore: readonly RuleKind[] = [], viewer: Place | null = null): SearchRules {
  const keep = (kind: RuleKind) => !ignore.includes(kind);
  const place = keep('city') && query.city ? placeOfQuery(query.city, viewer) : null;
  return {
    age: keep('age') ? query.ageRange : null,
    gender: keep('gender') ? query.gender : null,
    intent: keep('intent') && query.intentStated ? intentRule(query.intent) : null,
    city: place?.city ?? null,
    area: place?.area ?? null,
  };
}

export function hasRules(rules: SearchRules): boolean {
  return RULE_KINDS.some((kind) => rules[kind] !== null);
}

// A query never asks for "prefer not to say"; its label is only there for completeness. The words
// are content/i18n/server/<language>/match.json ("chips", "differences"), in the viewer's language.

export function ageLabel({ min, max }: AgeRange, language: Language = 'en'): string {
  if (min === max) return sayMatch(language, 'chips.ageExact', { age: String(min) });
  if (min <= AGE_MIN) return sayMatch(language, 'chips.ageUpTo', { max: String(max) });
  if (max >= AGE_MAX) return sayMatch(language, 'chips.ageOrOlder', { min: String(min) });
  return sayMatch(language, 'chips.ageRange', { min: String(min), max: String(max) });
}

/** The chips, in the order the search box shows them. */
export function ruleChips(rules: SearchRules, language: Language = 'en'): RuleChip[] {
  const chips: RuleChip[] = [];
  if (rules.age) chips.push({ kind: 'age', label: ageLabel(rules.age, language) });
  if (rules.gender) chips.push({ kind: 'gender', label: sayMatch(language, `chips.gender.${rules.gender}`) });
  if (rules.intent) chips.push({ kind: 'intent', label: sayMatch(language, `chips.intent.${rules.intent}`) });
  if (rules.city) chips.push({ kind: 'city', label: sayMatch(language, 'chips.city', { city: rules.city }) });
  return chips;
}

function intentMet(rule: IntentRule, lookingFor: readonly LookingFor[]): boolean {
  return rule === 'partner' ? lookingFor.includes('partner') : lookingFor.includes('friend') || lookingFor.includes('activity_partner');
}

/**
 * How a member differs from the stated rules, one short phrase each, from their profile only
 * ("26 — a year above your range"). Empty when they satisfy every rule.
 */
export function ruleDifferences(rules: SearchRules, candidate: MemberFacts, language: Language = 'en'): string[] {
  const say = (key: string, values: Record<string, unknown> = {}) => sayMatch(language, `differences.${key}`, values);
  const differences: string[] = [];
  if (rules.age) {
    const { min, max } = rules.age;
    const age = candidate.age;
    if (age === null) differences.push(say('ageNotGiven'));
    else if (age > max) differences.push(say('ageAbove', { age: String(age), years: age - max }));
    else if (age < min) differences.push(say('ageBelow', { age: String(age), years: min - age }));
  }
  if (rules.gender && candidate.gender !== rules.gender) {
    differences.push(
      candidate.gender && candidate.gender !== 'prefer-not-to-say'
        ? say('gender', { theirs: say(`genderOne.${candidate.gender}`), asked: say(`genderAsked.${rules.gender}`) })
        : say('genderNotShared'),
    );
  }
  if (rules.intent && !intentMet(rules.intent, candidate.lookingFor)) {
    const theirs = candidate.lookingFor.includes('partner') ? 'partner' : 'platonic';
    differences.push(
      candidate.lookingFor.length === 0 ? say('intentNone') : say('intent', { theirs: say(`theirIntent.${theirs}`), asked: say(`askedIntent.${rules.intent}`) }),
    );
  }
  if (rules.city && !isAtPlace({ city: rules.city, area: rules.area }, candidate)) {
    differences.push(candidate.city ? say('city', { city: candidate.city, asked: rules.city }) : say('locationNotGiven'));
  }
  return differences;
}

/**
 * Scaled similarity (rerank's `similarity` feature) from which a profile is about what the query
 * asks even without naming it: a camper for "hiking", a profile that talks around the subject.
 */
export const RELATED_SIMILARITY = 0.5;

/**
 * The profile has something of what the query asks for beyond the rules: one of its activities
 * or interests (in their interests or text), a personality word, a value, a profession, or a
 * close vector, or (`listsRelated`) an interest closely linked to an asked one. A query that asks for none of these (only rules: "women in Vancouver") is
 * answered by everyone.
 */
export function answersQuery(features: RankFeatures, listsRelated = false): boolean {
  const asked = [features.queryMatch, features.traitMatch, features.valueMatch, features.professionFit];
  if (asked.every((value) => value === null)) return true;
  return asked.some((value) => value !== null && value > 0) || features.similarity >= RELATED_SIMILARITY || listsRelated;
}
