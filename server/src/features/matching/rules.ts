import { RULE_KINDS, type RuleChip, type RuleKind } from '../../../../contract/search.js';
import type { Gender, LookingFor } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { sayMatch } from './match-words.js';
import { isAtPlace, type Place, placeOfQuery } from './metro-areas.js';
import type { MemberFacts } from './member-facts.js';
import { AGE_MAX, AGE_MIN, type AgeRange, type ParsedQuery } from './query-parser.js';

/**
 * What a query states explicitly and a member reads as a rule, not a hint: an age range, a
 * gender, the kind of relationship, a place. Everyone who satisfies every stated rule ranks
 * above anyone who does not (pipeline.ts); the rules are shown as chips under the search
 * box, and a member can drop one (`ignore`).
 */

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
 * One way a member differs from a stated rule, as data: ranking needs only whether there is any,
 * and only the results shown are described in words (`describeMisses`).
 */
export type RuleMiss =
  | { rule: 'age'; age: number; above: number; below: number }
  | { rule: 'ageNotGiven' }
  | { rule: 'gender'; theirs: Exclude<Gender, 'prefer-not-to-say'>; asked: Gender }
  | { rule: 'genderNotShared' }
  | { rule: 'intent'; theirs: IntentRule; asked: IntentRule }
  | { rule: 'intentNone' }
  | { rule: 'city'; city: string; asked: string }
  | { rule: 'locationNotGiven' };

/** How a member differs from the stated rules, from their profile only. Empty when they satisfy every rule. */
export function ruleMisses(rules: SearchRules, candidate: MemberFacts): RuleMiss[] {
  const misses: RuleMiss[] = [];
  if (rules.age) {
    const { min, max } = rules.age;
    const age = candidate.age;
    if (age === null) misses.push({ rule: 'ageNotGiven' });
    else if (age > max || age < min) misses.push({ rule: 'age', age, above: Math.max(0, age - max), below: Math.max(0, min - age) });
  }
  if (rules.gender && candidate.gender !== rules.gender) {
    misses.push(candidate.gender && candidate.gender !== 'prefer-not-to-say' ? { rule: 'gender', theirs: candidate.gender, asked: rules.gender } : { rule: 'genderNotShared' });
  }
  if (rules.intent && !intentMet(rules.intent, candidate.lookingFor)) {
    misses.push(
      candidate.lookingFor.length === 0
        ? { rule: 'intentNone' }
        : { rule: 'intent', theirs: candidate.lookingFor.includes('partner') ? 'partner' : 'platonic', asked: rules.intent },
    );
  }
  if (rules.city && !isAtPlace({ city: rules.city, area: rules.area }, candidate)) {
    misses.push(candidate.city ? { rule: 'city', city: candidate.city, asked: rules.city } : { rule: 'locationNotGiven' });
  }
  return misses;
}

/** Each miss as a short phrase in `language` ("26 — a year above your range"). */
export function describeMisses(misses: readonly RuleMiss[], language: Language = 'en'): string[] {
  const say = (key: string, values: Record<string, unknown> = {}) => sayMatch(language, `differences.${key}`, values);
  return misses.map((miss) => {
    switch (miss.rule) {
      case 'age':
        return miss.above > 0 ? say('ageAbove', { age: String(miss.age), years: miss.above }) : say('ageBelow', { age: String(miss.age), years: miss.below });
      case 'gender':
        return say('gender', { theirs: say(`genderOne.${miss.theirs}`), asked: say(`genderAsked.${miss.asked}`) });
      case 'intent':
        return say('intent', { theirs: say(`theirIntent.${miss.theirs}`), asked: say(`askedIntent.${miss.asked}`) });
      case 'city':
        return say('city', { city: miss.city, asked: miss.asked });
      default:
        return say(miss.rule);
    }
  });
}
