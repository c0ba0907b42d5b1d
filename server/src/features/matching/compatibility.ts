import type { MemberFacts } from './member-facts.js';
import type { PairFacts } from './pair-facts.js';

const clamp100 = (x: number) => Math.round(Math.min(100, Math.max(0, x)));

/** The three 0–100 numbers shown with a result, each from the pair's stated facts only. */
export function compatibility(pair: PairFacts, viewer: MemberFacts | null, candidate: MemberFacts, queryMatch: number | null) {
  const shared = pair.sharedInterests.length;
  const values = pair.sharedValues.length;
  const samePersonality = viewer?.personalityType && candidate.personalityType ? viewer.personalityType === candidate.personalityType : null;
  const personalityMatch = 50 + 12 * Math.min(values, 3) + 4 * Math.min(shared, 3) + (samePersonality === null ? 0 : samePersonality ? 10 : 5);

  const ageGap = pair.ageGap;
  const lifestyleAlignment =
    45 + 12 * Math.min(pair.socialInCommon.length, 3) + (pair.samePlace ? 15 : 0) + (ageGap === null ? 0 : ageGap <= 3 ? 10 : ageGap <= 6 ? 5 : 0) +
    (pair.bothLookingFor ? 10 : 0);

  const newToViewer = viewer ? candidate.interests.length - shared : 0;
  const growthValues = pair.sharedValues.filter((v) => ['growth', 'curiosity'].includes(v.toLowerCase())).length;
  const growthPotential = 40 + 6 * Math.min(newToViewer, 5) + 10 * growthValues + 20 * (queryMatch ?? 0);

  return {
    personalityMatch: clamp100(personalityMatch),
    lifestyleAlignment: clamp100(lifestyleAlignment),
    growthPotential: clamp100(growthPotential),
  };
}
