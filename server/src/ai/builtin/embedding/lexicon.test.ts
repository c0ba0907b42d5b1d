import { LEXICON } from './lexicon.js';
import { analyzeText, isStopword, latinTerms, normalizeText, wordStems } from './tokenize.js';

const IDS = new Set(LEXICON.map((concept) => concept.id));

describe('LEXICON', () => {
  it('holds 60 to 100 concepts with unique snake_case ids', () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(60);
    expect(LEXICON.length).toBeLessThanOrEqual(100);
    expect(IDS.size).toBe(LEXICON.length);
    for (const id of IDS) expect(id).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });

  it('gives French and Spanish terms to the activities, interests and subjects only', () => {
    const withThem = LEXICON.filter((concept) => (concept.fr ?? []).length + (concept.es ?? []).length > 0);
    expect(withThem.length).toBeGreaterThan(40);
    for (const concept of withThem) expect(['activity', 'interest', 'subject']).toContain(concept.kind);
  });

  it('gives every concept English and Chinese terms', () => {
    for (const concept of LEXICON) {
      expect(concept.en.length).toBeGreaterThan(0);
      expect(concept.zh.length).toBeGreaterThan(0);
    }
  });

  it('writes English terms in lowercase and Chinese terms as two or more simplified Han characters (or slang with one Latin letter: 唱k)', () => {
    for (const concept of LEXICON) {
      for (const term of concept.en) expect(term).toMatch(/^[a-z0-9&]+(?: [a-z0-9&]+)*$/);
      for (const term of [...(concept.fr ?? []), ...(concept.es ?? [])]) expect(term).toMatch(/^\p{Ll}+(?:[ -]\p{Ll}+)*$/u);
      for (const term of concept.zh) {
        expect(term).toMatch(/^(?:\p{Script=Han}{2,}|[a-z]\p{Script=Han}+|\p{Script=Han}+[a-z])$/u);
        expect(normalizeText(term)).toBe(term);
      }
    }
  });

  it('links only to existing concepts, never to itself, with weights in (0, 1)', () => {
    for (const concept of LEXICON) {
      for (const [id, weight] of Object.entries(concept.related)) {
        expect(IDS.has(id)).toBe(true);
        expect(id).not.toBe(concept.id);
        expect(weight).toBeGreaterThan(0);
        expect(weight).toBeLessThan(1);
      }
    }
  });

  it('gives each term to exactly one concept (after stemming)', () => {
    const owners = new Map<string, string>();
    const conflicts: string[] = [];
    for (const concept of LEXICON) {
      const keys = [...latinTerms(concept).map((term) => `en:${wordStems(term).join(' ')}`), ...concept.zh.map((term) => `zh:${term}`)];
      for (const key of keys) {
        const owner = owners.get(key);
        if (owner !== undefined && owner !== concept.id) conflicts.push(`${key} (${owner}, ${concept.id})`);
        owners.set(key, concept.id);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('finds every term as its own concept: no term is shadowed by another', () => {
    const missed: string[] = [];
    for (const concept of LEXICON) {
      for (const term of [...latinTerms(concept), ...concept.zh]) {
        if (analyzeText(term).concepts[0] !== concept.id) missed.push(`${term} (${concept.id})`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('uses no stopword as a single-word term (it would match but never count as a word)', () => {
    const stopwords = LEXICON.flatMap((concept) => latinTerms(concept)).filter((term) => {
      const stems = wordStems(term);
      return stems.length === 1 && isStopword(stems[0] ?? '');
    });
    expect(stopwords).toEqual([]);
  });
});
