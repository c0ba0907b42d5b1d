// The /auth demo: a loop of short scenes showing what the product does, with sample data only.

export const demoScenes = [
  { id: 'typing', durationMs: 3000, caption: 'Tell us about yourself' },
  { id: 'profile', durationMs: 4000, caption: 'AI builds your profile' },
  { id: 'search', durationMs: 3000, caption: 'Describe who you want to meet' },
  { id: 'analyzing', durationMs: 2500, caption: 'Finding people who fit' },
  { id: 'discover', durationMs: 4500, caption: 'Discover your matches' },
  { id: 'matching', durationMs: 2500, caption: 'Connect in a tap' },
  { id: 'success', durationMs: 2000, caption: 'Meet in real life' },
] as const;

export type DemoSceneId = (typeof demoScenes)[number]['id'];

export const demoIntro = "I'm a second-year biology student. I love bouldering, indie films and hunting for the best ramen.";

export const demoSearch = 'Someone to go bouldering with on Saturday mornings';

export const demoProfile = {
  name: 'Alex',
  program: 'Biology · 2nd year',
  completion: 85,
  interests: ['Bouldering', 'Indie films', 'Ramen hunts', 'Early bird'],
} as const;

export const demoMatches = [
  { name: 'Maya', program: 'Env. Science · 3rd year', reason: 'Climbs Saturdays at 9', score: 95 },
  { name: 'Jordan', program: 'Film Studies · 2nd year', reason: 'Hosts indie movie nights', score: 92 },
  { name: 'Priya', program: 'Economics · 1st year', reason: 'Knows every ramen spot', score: 89 },
] as const;

export const demoHeadline = 'Find your Target Friends!';
