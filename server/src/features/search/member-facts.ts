import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import { cityOf, interestConcepts } from './query-parser.js';
import type { SearchProfileRow } from './search.repository.js';

/** What ranking and explanations know about one member: only what their profile says. */
export interface MemberFacts {
  name: string;
  age: number | null;
  city: string | null;
  gender: Gender | null;
  status: RelationshipStatus | null;
  interests: string[];
  /** Concepts of each interest label, by the label's index. */
  interestConceptsByLabel: string[][];
  /** Concepts named in the interests. */
  interestConcepts: Set<string>;
  /** Concepts named in the interests, bio or background (for ranking only; claims use interests). */
  textConcepts: Set<string>;
  lookingFor: LookingFor[];
  coreValues: string[];
  personalityType: string | null;
  socialStyle: string | null;
}

export function factsOf(profile: SearchProfileRow): MemberFacts {
  const byLabel = profile.interests.map((label) => interestConcepts(label));
  return {
    name: profile.name?.trim() || 'This member',
    age: profile.age,
    city: cityOf(profile.location),
    gender: profile.gender,
    status: profile.relationship_status,
    interests: profile.interests,
    interestConceptsByLabel: byLabel,
    interestConcepts: new Set(byLabel.flat()),
    textConcepts: new Set([...byLabel.flat(), ...interestConcepts(`${profile.bio ?? ''}\n${profile.enhanced_background ?? ''}`)]),
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
