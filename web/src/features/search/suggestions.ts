// The suggestion bubble's pool: activity-partner requests built from activities × phrasings, so the
// list is long (several hundred) yet deterministic. Rotation order is the pool order. The words
// are in the search catalogue (search:suggestions), so each language builds its own pool.
import type { TFunction } from 'i18next';

/** The activities, each with what one does ("go bouldering") and what it is called ("bouldering"). */
const activities = [
  'bouldering',
  'hiking',
  'badminton',
  'tennis',
  'running',
  'cycling',
  'swimming',
  'basketball',
  'soccer',
  'yoga',
  'gym',
  'skiing',
  'camping',
  'kayaking',
  'boardGames',
  'chess',
  'videoGames',
  'study',
  'spanish',
  'mandarin',
  'cook',
  'bake',
  'restaurants',
  'coffee',
  'concerts',
  'guitar',
  'karaoke',
  'dancing',
  'films',
  'museums',
  'photos',
  'sketching',
  'books',
  'volunteer',
  'birdwatching',
  'city',
  'thrifting',
  'sideProjects',
  'frisbee',
  'skating',
] as const;

const times = ['sundays', 'weekends', 'afterClass', 'fridayEvenings', 'semester', 'saturdayMornings'] as const;

/** Each phrasing uses {doing}, {name} and/or {when}. */
const phrasings = ['someoneTo', 'friendFor', 'partnerWhoLikes', 'beginnerBuddy', 'peopleWho', 'someoneChill', 'classmate', 'smallGroup'] as const;

/** Every suggestion in the reader's language, activities interleaved so consecutive bubbles differ. */
export function buildSuggestions(t: TFunction<'search'>): string[] {
  const pool: string[] = [];
  phrasings.forEach((phrase, p) => {
    activities.forEach((activity, a) => {
      const when = t(`suggestions.times.${times[(a + p) % times.length] ?? 'weekends'}`);
      pool.push(t(`suggestions.phrasings.${phrase}`, { doing: t(`suggestions.activities.${activity}.doing`), name: t(`suggestions.activities.${activity}.name`), when }));
    });
  });
  return pool;
}

/** How many suggestions the pool holds (the same in every language). */
export const SUGGESTION_COUNT = phrasings.length * activities.length;

export const SUGGESTION_ROTATE_MS = 10_000;
