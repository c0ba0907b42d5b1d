import { HARD_QUERIES, PROFILES, QUERIES, rankProfiles, topKAccuracy } from './retrieval-fixture.js';

describe('retrieval on the fixture profiles', () => {
  it('has twelve distinct profiles, and every query expects one of them', () => {
    const ids = new Set(PROFILES.map((profile) => profile.id));
    expect(PROFILES).toHaveLength(12);
    expect(ids.size).toBe(12);
    for (const query of [...QUERIES, ...HARD_QUERIES]) expect(ids.has(query.expected)).toBe(true);
  });

  it.each(QUERIES.map((query) => [query.text, query.expected]))('"%s" finds %s first', (text, expected) => {
    expect(rankProfiles(text)[0]).toBe(expected);
  });

  it.each(HARD_QUERIES.map((query) => [query.text, query.expected]))('"%s" finds %s in the top three', (text, expected) => {
    expect(rankProfiles(text).slice(0, 3)).toContain(expected);
  });

  it('reports accuracy the way bench.ts does', () => {
    expect(topKAccuracy(QUERIES, 1)).toBe(1);
    expect(topKAccuracy(HARD_QUERIES, 3)).toBe(1);
    expect(topKAccuracy([], 1)).toBe(0);
  });
});
