import type { LookingFor, RelationshipStatus } from '../../../db/schema.js';
import type { Language } from '../../../i18n/languages.js';

/**
 * What the interview has learned about a member, in the member's own terms. Everything the
 * profile later says about them (bio, background, styles) is made from these facts only, so it
 * never claims what the member did not say.
 */
export interface InterviewFacts {
  /** Hobbies and interests, as display labels ("Hiking", "Board games"). */
  interests: string[];
  /** What they would like to do with other people. */
  activities: string[];
  /** Personality words ("outgoing", "curious"). */
  traits: string[];
  /** Group size, planning and availability preferences ("small groups", "spontaneous plans"). */
  social: string[];
  lookingFor: LookingFor[];
  /** Long-term, casual…: only said about a partner search. */
  partnerStyle: string | null;
  values: string[];
  /** The member's own words where no known term matched: kept so the bio can quote them. */
  ownWords: string[];
}

export const emptyFacts = (): InterviewFacts => ({
  interests: [],
  activities: [],
  traits: [],
  social: [],
  lookingFor: [],
  partnerStyle: null,
  values: [],
  ownWords: [],
});

/** The onboarding questions, in the order they are asked. */
export const TOPICS = ['interests', 'activities', 'personality', 'social', 'lookingFor'] as const;
export type Topic = (typeof TOPICS)[number];

/** Who the member is, from the basic information: the interviewer addresses them by name. */
export interface MemberBasics {
  name: string;
  age: number | null;
  profession: string | null;
  location: string | null;
  relationshipStatus: RelationshipStatus | null;
  /** The language the interviewer speaks and writes the bio in (the member's; English when not given). */
  language?: Language;
}

/** Case-insensitive union that keeps the first spelling and the original order. */
export function union(a: readonly string[], b: readonly string[]): string[] {
  const seen = new Set(a.map((x) => x.toLowerCase()));
  const out = [...a];
  for (const item of b) {
    const key = item.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

export function without(a: readonly string[], removed: readonly string[]): string[] {
  const drop = new Set(removed.map((x) => x.toLowerCase()));
  return a.filter((x) => !drop.has(x.toLowerCase()));
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]!}`;
}

export const LOOKING_FOR_PHRASES: Record<LookingFor, string> = {
  friend: 'new friends',
  activity_partner: 'activity partners',
  partner: 'a partner',
};
