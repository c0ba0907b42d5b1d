import { buildSpellingIndex, closestTerm, deletions, editDistance } from './spelling.js';

describe('editDistance', () => {
  it.each([
    ['hiking', 'hiking', 0],
    ['hikng', 'hiking', 1],
    ['hiknig', 'hiking', 1], // two neighbours swapped
    ['vollyball', 'volleyball', 1],
    ['fotography', 'photography', 2],
    ['chess', 'chase', 2],
  ])('%s → %s: %i', (a, b, expected) => {
    expect(editDistance(a, b, 3)).toBe(expected);
  });

  it('stops at the bound', () => {
    expect(editDistance('basketball', 'volleyball', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('closestTerm', () => {
  const index = buildSpellingIndex(['hiking', 'biking', 'volleyball', 'photography', 'coffee', 'chess']);

  it('finds the term one edit away, two for long words', () => {
    expect(closestTerm('hikng', index)).toEqual({ term: 'hiking', edits: 1 });
    expect(closestTerm('vollyball', index)).toEqual({ term: 'volleyball', edits: 1 });
    expect(closestTerm('fotography', index)).toEqual({ term: 'photography', edits: 2 });
    expect(closestTerm('cofee', index)).toEqual({ term: 'coffee', edits: 1 });
    expect(closestTerm('hiking', index)).toEqual({ term: 'hiking', edits: 0 });
  });

  it('prefers fewer edits, then the earlier term', () => {
    // "hiing" is one edit from both: hiking comes first.
    expect(closestTerm('hiing', index)).toEqual({ term: 'hiking', edits: 1 });
    expect(closestTerm('biing', index)).toEqual({ term: 'biking', edits: 1 });
  });

  it('leaves short words, far words and other scripts alone', () => {
    expect(closestTerm('chss', index)).toBeUndefined(); // four letters
    expect(closestTerm('hikkkng', index)).toBeUndefined(); // two edits on a short word
    expect(closestTerm('weekend', index)).toBeUndefined();
    expect(closestTerm('徒步徒步徒步', index)).toBeUndefined();
  });

  it('enumerates deletions up to the depth', () => {
    expect([...deletions('abc', 1)].sort()).toEqual(['ab', 'abc', 'ac', 'bc']);
    expect(deletions('abcd', 2).has('ad')).toBe(true);
  });
});
