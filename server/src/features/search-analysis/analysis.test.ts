import { createLogger } from '../../logger.js';
import { loadConfig } from '../../config.js';
import { AiError, type AiProvider } from '../../ai/provider.js';
import { generateAnalysis, ruleAnalysis } from './analysis.js';
import type { MemberFacts } from '../matching/member-facts.js';
import { factsOf } from '../matching/member-facts.js';
import { pairFacts } from '../matching/pair-facts.js';
import { parseQuery } from '../matching/query-parser.js';
import { NO_RULES } from '../matching/rules.js';
import type { SearchProfileRow } from '../search/search.repository.js';

const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));

function member(overrides: Partial<SearchProfileRow>): MemberFacts {
  return factsOf({
    name: 'Ana',
    age: 22,
    location: 'Vancouver, British Columbia, Canada',
    gender: 'female',
    relationship_status: 'single_straight',
    interests: [],
    bio: '',
    enhanced_background: '',
    looking_for: [],
    core_values: [],
    personality_type: null,
    social_style: null,
    ...overrides,
  } as SearchProfileRow);
}

const viewer = member({ interests: ['Hiking', 'Photography'], looking_for: ['activity_partner'], core_values: ['Honesty'], social_style: 'Enjoys small groups' });
const candidate = member({
  name: 'Ben',
  age: 31,
  location: 'Toronto, Ontario, Canada',
  interests: ['Hiking', 'Chess'],
  looking_for: ['friend'],
  core_values: ['Honesty', 'Family'],
  social_style: 'Enjoys big groups',
});
const query = parseQuery('someone to go hiking with');
const input = { viewer, candidate, query, pair: pairFacts(viewer, candidate, query, NO_RULES) };

function fakeAi(structured: () => Promise<unknown>): AiProvider {
  return {
    name: 'ollama',
    models: { chat: 'x', embedding: 'y', dimensions: 3 },
    chat: () => Promise.reject(new Error('unused')),
    structured: structured as AiProvider['structured'],
    embed: () => Promise.reject(new Error('unused')),
  };
}

describe('search analysis', () => {
  it('is built from facts true of both members by the rules', () => {
    const data = ruleAnalysis(input);
    expect(data.sharedInterests).toEqual(['Hiking']);
    expect(data.whyMatch).toBe('Ben lists hiking among their interests, which you searched for.');
    expect(data.compatibilityAnalysis).toContain('You share an interest: hiking.');
    expect(data.compatibilityAnalysis).toContain('You both value honesty.');
    expect(data.compatibilityAnalysis).not.toMatch(/family/i);
    expect(data.conversationStarters[0]).toBe("Suggest some hiking together: it is one of Ben's interests.");
    expect(data.conversationStarters).toContain('Ask Ben about chess; it is one of their interests.');
    expect(data.potentialChallenges).toEqual([
      'You live in different cities (Vancouver and Toronto), so meeting up takes planning.',
      'There are 9 years between you.',
      'Ben says they are looking for new friends, not activity partners.',
      'Ben enjoys big groups while you prefer small ones.',
    ]);
  });

  it('lets a language model word it, but keeps the rules’ why and shared interests', async () => {
    const written = {
      compatibilityAnalysis: 'You could plan a hike together and compare notes.',
      conversationStarters: ['What is your favourite trail?'],
      potentialChallenges: [],
      sharedInterests: ['Skydiving'],
    };
    const data = await generateAnalysis(fakeAi(() => Promise.resolve(written)), input, logger);
    expect(data.compatibilityAnalysis).toBe(written.compatibilityAnalysis);
    expect(data.conversationStarters).toEqual(written.conversationStarters);
    expect(data.sharedInterests).toEqual(['Hiking']);
    expect(data.whyMatch).toBe(ruleAnalysis(input).whyMatch);
  });

  it('asks the model for the viewer’s language, and words the rules’ analysis in it', async () => {
    let instruction = '';
    const ai = fakeAi(() => Promise.reject(new AiError('timeout', 'slow')));
    ai.structured = ((request: { instruction: string }) => {
      instruction = request.instruction;
      return Promise.reject(new AiError('timeout', 'slow'));
    }) as AiProvider['structured'];
    const data = await generateAnalysis(ai, { ...input, language: 'fr' }, logger);
    expect(instruction).toContain('Write in French');
    expect(data.compatibilityAnalysis).toContain('Vous avez un centre d’intérêt en commun : randonnée.');
    expect(data.potentialChallenges).toContain('Vous avez 9 ans d’écart.');
  });

  it('falls back to the rules when the model fails, and lets other errors through', async () => {
    const data = await generateAnalysis(fakeAi(() => Promise.reject(new AiError('timeout', 'slow'))), input, logger);
    expect(data).toEqual(ruleAnalysis(input));
    await expect(generateAnalysis(fakeAi(() => Promise.reject(new Error('bug'))), input, logger)).rejects.toThrow('bug');
  });
});
