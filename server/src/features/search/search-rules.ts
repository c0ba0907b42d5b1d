import type { Gender, LookingFor } from '../../db/schema.js';
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
}

/** A rule as the search box shows it: which kind (to drop it) and its words. */
export interface RuleChip {
  kind: RuleKind;
  label: string;
}

export const NO_RULES: SearchRules = { age: null, gender: null, intent: null, city: null };

export function intentRule(intent: LookingFor): IntentRule {
  return intent === 'partner' ? 'partner' : 'platonic';
}

/** The rules a parsed query states, less the ones the member dropped. */
export function rulesOf(query: ParsedQuery, ignore: readonly RuleKind[] = []): SearchRules {
  const keep = (kind: RuleKind) => !ignore.includes(kind);
  return {
    age: keep('age') ? query.ageRange : null,
    gender: keep('gender') ? query.gender : null,
    intent: keep('intent') && query.intentStated ? intentRule(query.intent) : null,
    city: keep('city') ? query.city : null,
  };
}

export function hasRules(rules: SearchRules): boolean {
  return RULE_KINDS.some((kind) => rules[kind] !== null);
}

// A query never asks for "prefer not to say"; its label is only there for completeness.
const GENDER_PLURAL: Readonly<Record<Gender, string>> = { female: 'Women', male: 'Men', 'non-binary': 'Non-binary people', 'prefer-not-to-say': 'Anyone' };
const GENDER_ONE: Readonly<Record<Gender, string>> = { female: 'A woman', male: 'A man', 'non-binary': 'Non-binary', 'prefer-not-to-say': 'Gender not shared' };
const INTENT_LABEL: Readonly<Record<IntentRule, string>> = { partner: 'Looking for a partner', platonic: 'Looking for friends' };

export function ageLabel({ min, max }: AgeRange): string {
  if (min === max) return `Age ${min}`;
  if (min <= AGE_MIN) return `Up to ${max}`;
  if (max >= AGE_MAX) return `${min} or older`;
  return `Ages ${min}–${max}`;
}

/** The chips, in the order the search box shows them. */
export function ruleChips(rules: SearchRules): RuleChip[] {
  const chips: RuleChip[] = [];
  if (rules.age) chips.push({ kind: 'age', label: ageLabel(rules.age) });
  if (rules.gender) chips.push({ kind: 'gender', label: GENDER_PLURAL[rules.gender] });
  if (rules.intent) chips.push({ kind: 'intent', label: INTENT_LABEL[rules.intent] });
  if (rules.city) chips.push({ kind: 'city', label: `In ${rules.city}` });
  return chips;
}

const yearsWord = (n: number) => (n === 1 ? 'a year' : `${n} years`);

function intentMet(rule: IntentRule, lookingFor: readonly LookingFor[]): boolean {
  return rule === 'partner' ? lookingFor.includes('partner') : lookingFor.includes('friend') || lookingFor.includes('activity_partner');
}

function theirIntent(lookingFor: readonly LookingFor[]): string {
  if (lookingFor.length === 0) return "Hasn't said what they're looking for";
  return lookingFor.includes('partner') ? 'Looking for a partner' : 'Looking for friends';
}

/**
 * How a member differs from the stated rules, one short phrase each, from their profile only
 * ("26 — a year above your range"). Empty when they satisfy every rule.
 */
export function ruleDifferences(rules: SearchRules, candidate: MemberFacts): string[] {
  const differences: string[] = [];
  if (rules.age) {
    const { min, max } = rules.age;
    const age = candidate.age;
    if (age === null) differences.push('Age not given');
    else if (age > max) differences.push(`${age} — ${yearsWord(age - max)} above your range`);
    else if (age < min) differences.push(`${age} — ${yearsWord(min - age)} below your range`);
  }
  if (rules.gender && candidate.gender !== rules.gender) {
    differences.push(
      candidate.gender && candidate.gender !== 'prefer-not-to-say' ? `${GENDER_ONE[candidate.gender]} — you asked for ${GENDER_PLURAL[rules.gender].toLowerCase()}` : 'Gender not shared',
    );
  }
  if (rules.intent && !intentMet(rules.intent, candidate.lookingFor)) {
    const asked = rules.intent === 'partner' ? 'a partner' : 'friends';
    differences.push(candidate.lookingFor.length === 0 ? theirIntent(candidate.lookingFor) : `${theirIntent(candidate.lookingFor)} — you asked for ${asked}`);
  }
  if (rules.city && candidate.city?.toLowerCase() !== rules.city.toLowerCase()) {
    differences.push(candidate.city ? `In ${candidate.city}, not ${rules.city}` : 'Location not given');
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
