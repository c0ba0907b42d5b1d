// The suggestion bubble's pool: activity-partner requests built from activities × phrasings, so the
// list is long (several hundred) yet deterministic. Rotation order is the pool order.

/** What one does ("go bouldering") and what it is called ("bouldering"). */
const activities: readonly (readonly [doing: string, name: string])[] = [
  ['go bouldering', 'bouldering'],
  ['go hiking', 'hiking'],
  ['play badminton', 'badminton'],
  ['play tennis', 'tennis'],
  ['go running', 'running'],
  ['go cycling', 'cycling'],
  ['go swimming', 'swimming'],
  ['play basketball', 'basketball'],
  ['play pickup soccer', 'soccer'],
  ['do yoga', 'yoga'],
  ['go to the gym', 'gym sessions'],
  ['go skiing', 'skiing'],
  ['go camping', 'camping'],
  ['go kayaking', 'kayaking'],
  ['play board games', 'board games'],
  ['play chess', 'chess'],
  ['play video games', 'co-op gaming'],
  ['study', 'study sessions'],
  ['practice Spanish', 'Spanish practice'],
  ['practice Mandarin', 'Mandarin practice'],
  ['cook', 'cooking'],
  ['bake', 'baking'],
  ['try new restaurants', 'food adventures'],
  ['hunt for good coffee', 'coffee crawls'],
  ['go to concerts', 'live music'],
  ['jam on guitar', 'jam sessions'],
  ['sing karaoke', 'karaoke'],
  ['go dancing', 'dancing'],
  ['watch films', 'movie nights'],
  ['visit museums', 'museum visits'],
  ['take photos around town', 'photo walks'],
  ['sketch outdoors', 'sketching'],
  ['read and swap books', 'book club'],
  ['volunteer', 'volunteering'],
  ['go birdwatching', 'birdwatching'],
  ['explore the city', 'city walks'],
  ['go thrifting', 'thrifting'],
  ['build side projects', 'hackathons'],
  ['play frisbee', 'ultimate frisbee'],
  ['go ice skating', 'skating'],
];

const times = ['on Sundays', 'on weekends', 'after class', 'on Friday evenings', 'this semester', 'on Saturday mornings'];

const phrasings: readonly ((doing: string, name: string, when: string) => string)[] = [
  (doing, _name, when) => `Someone to ${doing} with ${when}`,
  (_doing, name, when) => `A friend for ${name} ${when}`,
  (doing) => `A partner who likes to ${doing} as much as I do`,
  (_doing, name) => `A beginner-friendly buddy for ${name}`,
  (doing, _name, when) => `People who want to ${doing} ${when}`,
  (_doing, name) => `Someone chill to start ${name} with`,
  (doing) => `A classmate to ${doing} with between lectures`,
  (_doing, name, when) => `A small group for ${name} ${when}`,
];

function build(): string[] {
  const pool: string[] = [];
  phrasings.forEach((phrase, p) => {
    activities.forEach(([doing, name], a) => {
      pool.push(phrase(doing, name, times[(a + p) % times.length] ?? 'on weekends'));
    });
  });
  return pool;
}

/** Every suggestion, activities interleaved so consecutive bubbles differ. */
export const suggestions: readonly string[] = build();

export const SUGGESTION_ROTATE_MS = 10_000;
export const SUGGESTION_POP_MS = 150;
