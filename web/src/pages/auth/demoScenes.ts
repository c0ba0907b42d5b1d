// The /auth demo: a loop of short scenes showing what the product does, with sample data only.
// The words are in the `auth` catalogue under demo (content/i18n/app/<language>/auth.json); the
// scene ids and timings stay here, where the browser tests read them.

export const demoScenes = [
  { id: 'typing', durationMs: 3000 },
  { id: 'profile', durationMs: 4000 },
  { id: 'search', durationMs: 3000 },
  { id: 'analyzing', durationMs: 2500 },
  { id: 'discover', durationMs: 4500 },
  { id: 'matching', durationMs: 2500 },
  { id: 'success', durationMs: 2000 },
] as const;

export type DemoSceneId = (typeof demoScenes)[number]['id'];

export const demoProfile = {
  name: 'Alex',
  completion: 85,
  interests: ['bouldering', 'indieFilms', 'ramen', 'earlyBird'],
} as const;

export const demoMatches = [
  { id: 'maya', name: 'Maya', score: 95 },
  { id: 'jordan', name: 'Jordan', score: 92 },
  { id: 'priya', name: 'Priya', score: 89 },
] as const;
