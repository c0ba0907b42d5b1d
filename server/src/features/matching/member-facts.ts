import type { Selectable } from 'kysely';

import type { Gender, LookingFor, ProfilesTable, RelationshipStatus } from '../../db/schema.js';
import { extractFacts } from '../chat/interview/extract.js';
import { BoundedMemo } from './bounded-memo.js';
import { areaOfLocation } from './metro-areas.js';
import { cityOf, interestConcepts } from './query-parser.js';

/** The profile columns matching reads: search, the weekly round and touchpoints each load at least these. */
export const MATCH_COLUMNS = [
  'id', 'name', 'age', 'bio', 'location', 'gender', 'profession', 'relationship_status', 'interests', 'enhanced_background',
  'personality_type', 'social_style', 'relationship_style', 'core_values', 'looking_for', 'updated_at',
] as const satisfies ReadonlyArray<keyof ProfilesTable>;

export type MatchProfile = Pick<Selectable<ProfilesTable>, (typeof MATCH_COLUMNS)[number]>;

/** What ranking and explanations know about one member: only what their profile says. */
export interface MemberFacts {
  /** Null when the profile gives none: each sentence names them in the reader's language ("This member"). */
  name: string | null;
  age: number | null;
  city: string | null;
  /** The metropolitan area of their city (metro-areas.ts), if listed: Burnaby is near Vancouver. */
  area: string | null;
  gender: Gender | null;
  status: RelationshipStatus | null;
  interests: string[];
  /** Each interest label trimmed and lower-cased, by the label's index: how two labels are "the same name". */
  interestKeys: string[];
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
function readText(profile: MatchProfile) {
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

export function factsOf(profile: MatchProfile): MemberFacts {
  const byLabel = profile.interests.map((label) => interestConcepts(label));
  const interestSet = new Set(byLabel.flat());
  const text = readText(profile);
  return {
    name: profile.name?.trim() || null,
    age: profile.age,
    city: cityOf(profile.location),
    area: areaOfLocation(profile.location),
    gender: profile.gender,
    status: profile.relationship_status,
    interests: profile.interests,
    interestKeys: profile.interests.map((label) => label.trim().toLowerCase()),
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

/**
 * Ranking facts kept per profile version: reading a bio for lexicon concepts costs about 75 µs,
 * and a search reads up to 200 candidates; the same members come up again and again.
 */
const FACTS_KEPT = 10_000;

/** `factsOf`, remembered per profile version (its id and updated_at). */
export class MemberFactsMemo {
  private readonly kept = new BoundedMemo<string, MemberFacts>(FACTS_KEPT);

  of(profile: MatchProfile): MemberFacts {
    return this.kept.get(`${profile.id}@${profile.updated_at.getTime()}`, () => factsOf(profile));
  }
}
