import request from 'supertest';

import { hashPassword } from '../../server/src/auth/passwords.js';
import { createTestApp, type TestApp } from '../../server/test/test-app.js';
import type { SearchResponse } from '../../server/src/features/search/search.service.js';
import { COMMUNITY } from './community.js';
import {
  EVAL_PASSWORD,
  evaluate,
  type EvalReport,
  gradesShownTo,
  type LoadedMember,
  loadCommunity,
  meetsTargets,
  NDCG_TARGET,
  ndcgAt,
  precisionAt,
  reportTable,
} from './harness.js';
import { JUDGMENTS } from './judgments.js';
import { OTHER_VOICES } from './other-voices.js';

describe('search evaluation', () => {
  it('computes nDCG@10 with graded gains and the ideal ordering of the judgments', () => {
    const grades = { a: 3, b: 2, c: 1 } as const;
    expect(ndcgAt(['a', 'b', 'c'], grades)).toBeCloseTo(1);
    expect(ndcgAt(['x', 'a', 'b', 'c'], grades)).toBeLessThan(1);
    const swapped = (3 + 7 / Math.log2(3) + 1 / 2) / (7 + 3 / Math.log2(3) + 1 / 2);
    expect(ndcgAt(['b', 'a', 'c'], grades)).toBeCloseTo(swapped);
    expect(ndcgAt([], grades)).toBe(0);
    // Only the top 10 count.
    expect(ndcgAt([...Array.from({ length: 10 }, (_, i) => `z${i}`), 'a'], grades)).toBe(0);
  });

  it('computes precision over the first min(10, relevant) results', () => {
    const grades = { a: 3, b: 2, c: 1 } as const;
    expect(precisionAt(['a', 'c', 'b', 'x'], grades)).toBe(1);
    expect(precisionAt(['a', 'x', 'b', 'c'], grades)).toBeCloseTo(2 / 3);
    expect(precisionAt([], grades)).toBe(0);
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i}`, 1]));
    expect(precisionAt(['x', ...Object.keys(many)], many)).toBeCloseTo(9 / 10);
    expect(precisionAt(['x'], {})).toBe(1);
  });

  it('leaves out of the ideal the members whose own wishes leave the searcher out (two-way wishes)', () => {
    const member = (name: string, looking_for: LoadedMember['looking_for'], gender: LoadedMember['gender'] = 'female'): LoadedMember => ({
      name, userId: name, profileId: name, email: `${name}@example.com`, status: 'single_straight', gender, age: 22, location: null, interests: [], looking_for,
    });
    const members = new Map([member('searcher', ['partner'], 'male'), member('wants', ['partner']), member('friendsOnly', ['friend'])].map((m) => [m.name, m]));
    const shown = gradesShownTo({ wants: 3, friendsOnly: 2 }, members, members.get('searcher')!, 'partner');
    expect(shown).toEqual({ grades: { wants: 3 }, withheld: 1 });
    expect(ndcgAt(['wants'], shown.grades)).toBeCloseTo(1);
  });

  it('meets the targets only with mean nDCG@10 ≥ 0.95 and no false fact', () => {
    const report = (meanNdcg: number, falseResults: number): EvalReport => ({
      outcomes: [],
      meanNdcg,
      meanPrecision: 1,
      checked: 10,
      falseResults,
      falseShare: falseResults / 10,
    });
    expect(NDCG_TARGET).toBe(0.95);
    expect(meetsTargets(report(0.95, 0))).toBe(true);
    expect(meetsTargets(report(0.949, 0))).toBe(false);
    expect(meetsTargets(report(0.99, 1))).toBe(false);
  });

  it('has two query sets with sound judgments: known searchers and judged members, no repeats', () => {
    const names = new Set(COMMUNITY.map((m) => m.name));
    expect(OTHER_VOICES.length).toBeGreaterThanOrEqual(40);
    for (const set of [JUDGMENTS, OTHER_VOICES]) {
      expect(new Set(set.map((q) => `${q.searcher}: ${q.query}`)).size).toBe(set.length);
      for (const q of set) {
        expect(names.has(q.searcher)).toBe(true);
        expect(q.grades[q.searcher]).toBeUndefined();
        for (const [name, grade] of Object.entries(q.grades)) {
          expect(names.has(name)).toBe(true);
          expect([1, 2, 3]).toContain(grade);
        }
      }
    }
    // No query of the other voices is one of ours.
    const ours = new Set(JUDGMENTS.map((q) => q.query.toLowerCase()));
    expect(OTHER_VOICES.filter((q) => ours.has(q.query.toLowerCase()))).toEqual([]);
  });

  describe('on the real app', () => {
    let t: TestApp;
    let members: Map<string, LoadedMember>;
    const subset = [
      JUDGMENTS[0]!,
      JUDGMENTS.find((q) => q.query === 'a girlfriend who does yoga')!,
      JUDGMENTS.find((q) => /\p{Script=Han}/u.test(q.query))!,
      // Other voices: a synonym the lexicon's words do not name, and mixed Chinese and English.
      OTHER_VOICES.find((q) => q.query === 'someone to talk about novels over coffee')!,
      OTHER_VOICES.find((q) => q.query === '找个 hiking buddy')!,
    ];
    beforeAll(async () => {
      t = await createTestApp();
      // To stay fast: the members these queries judge and their searchers, plus every fifth other member as distractors.
      const named = new Set(subset.flatMap((q) => [q.searcher, ...Object.keys(q.grades)]));
      const community = COMMUNITY.filter((m, i) => named.has(m.name) || i % 5 === 0);
      members = await loadCommunity(t.ctx.db, t.ctx.services.embeddings, await hashPassword(EVAL_PASSWORD), community);
    });
    afterAll(async () => {
      await t.close();
    });

    it('runs queries as their searchers over HTTP and checks every whyMatch', async () => {
      const agents = new Map<string, ReturnType<typeof request.agent>>();
      const searchAs = async (searcher: LoadedMember, query: string): Promise<SearchResponse> => {
        let agent = agents.get(searcher.name);
        if (!agent) {
          agent = request.agent(t.app);
          await agent.post('/api/auth/login').send({ email: searcher.email, password: EVAL_PASSWORD }).expect(200);
          agents.set(searcher.name, agent);
        }
        return (await agent.post('/api/search').send({ query }).expect(200)).body as SearchResponse;
      };
      const report = await evaluate(subset, members, searchAs);

      expect(report.outcomes).toHaveLength(5);
      for (const outcome of report.outcomes) {
        expect(outcome.results.length).toBeGreaterThan(0);
        expect(outcome.results).not.toContain(outcome.query.searcher);
        expect(outcome.ndcg).toBeGreaterThan(0.5);
        expect(outcome.ndcg).toBeLessThanOrEqual(1);
      }
      expect(report.checked).toBeGreaterThan(0);
      expect(report.falseResults).toBe(0);
      // A partner search by a single LGBTQ+ member shows only single LGBTQ+ members.
      const yoga = report.outcomes[1]!;
      expect(yoga.intent).toBe('partner');
      for (const name of yoga.results) expect(members.get(name)?.status).toBe('single_lgbtq');
      expect(reportTable(report, 'both sets')).toContain('Mean nDCG@10 over 5 queries (both sets)');
    });
  });
});
