/**
 * A small retrieval set for the built-in embedding model, shared by retrieval.test.ts and
 * bench.ts: twelve short profiles as members write them, and queries in natural language,
 * each with the one profile it is meant to find.
 *
 * The profiles deliberately overlap (several mention weekends, food, friends, sports) so that a
 * query has to be matched on what it is about, not on a lucky shared word.
 */
import { cosineSimilarity, embedTexts } from '../../server/src/ai/builtin/embedding/embed.js';

export interface FixtureProfile {
  readonly id: string;
  readonly text: string;
}

export interface FixtureQuery {
  readonly text: string;
  /** The profile id that should come first (or in the top three, for the hard queries). */
  readonly expected: string;
}

export const PROFILES: readonly FixtureProfile[] = [
  {
    id: 'hiker',
    text: "Third-year geography student. Most weekends I'm out on the trails around the North Shore: hiking, camping, chasing sunrises. Looking for people who like the outdoors as much as I do.",
  },
  {
    id: 'climber',
    text: 'I boulder at the campus climbing gym three times a week and I am learning to lead climb outside this summer. Always happy to belay someone or spot a project.',
  },
  {
    id: 'gamer',
    text: 'CS major and a big gamer. Mostly League of Legends and Valorant, plus Nintendo Switch nights with friends. Looking for a duo to climb ranked with.',
  },
  {
    id: 'cinephile',
    text: 'Film studies minor who watches way too many movies: A24, old Hong Kong cinema, Studio Ghibli. I want someone for weekly movie nights at the Rio theatre.',
  },
  {
    id: 'premed',
    text: 'Pre-med, currently drowning in organic chemistry. Looking for a study group to review for the midterm and work through practice problems at the library.',
  },
  {
    id: 'lifter',
    text: 'Trying to get consistent at the gym. I run a push/pull/legs split, mostly weightlifting with some cardio. A gym buddy would keep me accountable.',
  },
  {
    id: 'foodie',
    text: 'Total foodie. I keep a list of ramen places and dim sum spots I still have to try, and I cook Korean food for friends on Sundays.',
  },
  {
    id: 'painter',
    text: 'Fine arts student. I paint with watercolour, sketch in my free time, and visit the art gallery whenever there is a new exhibition.',
  },
  {
    id: 'backpacker',
    text: 'Planning a backpacking trip through Southeast Asia next summer, hostels, street food, long bus rides, and looking for a travel companion to explore with.',
  },
  {
    id: 'badminton',
    text: '我是大二的学生，喜欢打羽毛球和乒乓球，每个周末都去体育馆。想找一起打球的朋友。',
  },
  {
    id: 'exchange',
    text: 'Exchange student from Lyon. I love slow coffee chats in cafés and would like a language exchange: my French for your English or Mandarin.',
  },
  {
    id: 'musician',
    text: 'I play guitar in a small indie band and go to live concerts most weekends. Looking for people to jam with or to catch a show.',
  },
];

/** Each of these must rank its profile first. */
export const QUERIES: readonly FixtureQuery[] = [
  { text: 'someone to go hiking with on weekends', expected: 'hiker' },
  { text: 'bouldering partner', expected: 'climber' },
  { text: 'a study buddy for organic chemistry exams', expected: 'premed' },
  { text: 'anyone want to play video games online?', expected: 'gamer' },
  { text: '找个一起打羽毛球的朋友', expected: 'badminton' },
  { text: 'movie buddy to see films at the cinema', expected: 'cinephile' },
  { text: 'gym partner for weightlifting', expected: 'lifter' },
  { text: 'a fellow art lover to visit museums with', expected: 'painter' },
];

/** Harder ones (other language, indirect wording, overlapping profiles): top three is enough. */
export const HARD_QUERIES: readonly FixtureQuery[] = [
  { text: 'foodie friend to explore new restaurants', expected: 'foodie' },
  { text: '想找人周末一起去徒步露营', expected: 'hiker' },
  { text: 'someone to practice French with over coffee', expected: 'exchange' },
  { text: 'need a drummer for jam sessions', expected: 'musician' },
  { text: 'travel companion for a trip this summer', expected: 'backpacker' },
  { text: '找个一起看电影的人', expected: 'cinephile' },
];

/** Profile ids ordered from most to least similar to `query`; ties keep fixture order. */
export function rankProfiles(query: string, profiles: readonly FixtureProfile[] = PROFILES): string[] {
  const [queryVector = [], ...profileVectors] = embedTexts([query, ...profiles.map((profile) => profile.text)]);
  return profiles
    .map((profile, index) => ({ id: profile.id, score: cosineSimilarity(queryVector, profileVectors[index] ?? []) }))
    .sort((a, b) => b.score - a.score)
    .map((ranked) => ranked.id);
}

/** Share of `queries` whose expected profile is among the first `k` results. */
export function topKAccuracy(queries: readonly FixtureQuery[], k: number): number {
  if (queries.length === 0) return 0;
  const hits = queries.filter((query) => rankProfiles(query.text).slice(0, k).includes(query.expected)).length;
  return hits / queries.length;
}
