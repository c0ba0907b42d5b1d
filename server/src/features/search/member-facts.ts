import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import { extractFacts } from '../chat/interview/extract.js';
import { areaOfLocation } from './metro-areas.js';
import { cityOf, interestConcepts } from './query-parser.js';
import type { SearchProfileRow } from './search.repository.js';

/** What ranking and explanations know about one member: only what their profile says. */
export interface MemberFacts {
  name: string;
  age: number | null;
  city: string | null;
  /** The metropolitan area of their city (metro-areas.ts), if listed: Burnaby is near Vancouver. */
  area: string | null;
  gender: Gender | null;
  status: RelationshipStatus | null;
  interests: string[];
  /** Concepts of each interest label, by the label's index. */
  interestConceptsByLabel: string[][];
  /** Concepts named in the interests. */
  interestConcepts: Set<string>;
  /** Concepts named in the interests, bio or background (for ranking only; claims use interests). */
  textConcepts: Set<string>;
  /** Concepts the bio or background says they are NOT into ("not into board games"), unless an interest names them. */
  negatedConcepts: Set<string>;
  /** Personality words their profile uses, as the interview names them ("funny", "introverted"). */
  traits: Set<string>;
  /** Group size, planning and availability as the interview names them ("small groups", "free in the mornings"). */
  social: Set<string>;
  /** The kind of relationship hoped for ("a long-term relationship"), when they look for a partner and said. */
  partnerStyle: string | null;
  profession: string | null;
  lookingFor: LookingFor[];
  coreValues: string[];
  personalityType: string | null;
  socialStyle: string | null;
}

/**
 * What the free text says, read clause by clause with the interview's own rules, so a negative
 * clause ("I don't play basketball", "not into board games, though") never counts as an interest.
 */
function readText(profile: SearchProfileRow) {
  const text = [profile.bio, profile.enhanced_background, profile.personality_type, profile.social_style].filter(Boolean).join('\n');
  const facts = extractFacts(text);
  const conceptsOf = (labels: readonly string[]) => labels.flatMap((label) => interestConcepts(label));
  return {
    concepts: conceptsOf(facts.interests),
    negated: conceptsOf(facts.removedInterests),
    traits: facts.traits,
    social: facts.social,
    partnerStyle: profile.relationship_style ? extractFacts(profile.relationship_style).partnerStyle : null,
  };
}

export function factsOf(profile: SearchProfileRow): MemberFacts {
  const byLabel = profile.interests.map((label) => interestConcepts(label));
  const interestSet = new Set(byLabel.flat());
  const text = readText(profile);
  return {
    name: profile.name?.trim() || 'This member',
    age: profile.age,
    city: cityOf(profile.location),
    area: areaOfLocation(profile.location),
    gender: profile.gender,
    status: profile.relationship_status,
    interests: profile.interests,
    interestConceptsByLabel: byLabel,
    interestConcepts: interestSet,
    textConcepts: new Set([...interestSet, ...text.concepts]),
    negatedConcepts: new Set(text.negated.filter((id) => !interestSet.has(id))),
    traits: new Set(text.traits),
    social: new Set(text.social),
    partnerStyle: text.partnerStyle,
    profession: profile.profession?.trim() || null,
    lookingFor: profile.looking_for,
    coreValues: profile.core_values,
    personalityType: profile.personality_type,
    socialStyle: profile.social_style,
  };
}

/** Two interest labels name the same thing: equal ignoring case, or sharing a lexicon concept. */
export function sameInterest(a: string, aConcepts: readonly string[], b: string, bConcepts: readonly string[]): boolean {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return true;
  return aConcepts.some((id) => bConcepts.includes(id));
}

/** The candidate's interest labels that the viewer also has (by `sameInterest`). */
export function sharedInterests(viewer: MemberFacts, candidate: MemberFacts): string[] {
  return candidate.interests.filter((label, i) =>
    viewer.interests.some((mine, j) => sameInterest(label, candidate.interestConceptsByLabel[i] ?? [], mine, viewer.interestConceptsByLabel[j] ?? [])),
  );
}

/** The candidate's interest labels that name a concept the query asks for. */
export function askedForInterests(candidate: MemberFacts, queryConcepts: readonly string[]): string[] {
  return candidate.interests.filter((_, i) => (candidate.interestConceptsByLabel[i] ?? []).some((id) => queryConcepts.includes(id)));
}

export function sharedValues(viewer: MemberFacts, candidate: MemberFacts): string[] {
  const mine = new Set(viewer.coreValues.map((v) => v.toLowerCase()));
  return candidate.coreValues.filter((v) => mine.has(v.toLowerCase()));
}
