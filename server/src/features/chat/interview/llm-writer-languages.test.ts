import pino from 'pino';

import { OllamaProvider } from '../../../ai/ollama/ollama.provider.js';
import { startOllamaStandIn, type OllamaStandIn, type StandInChatRequest } from '../../../../test/ollama-standin.js';
import { emptyFacts, type MemberBasics } from './facts.js';
import { llmWriter } from './llm-writer.js';

// With Ollama the interviewer is told the member's language: it asks in it, reads answers in any
// of Kindred's languages, keeps what the member wrote as written, and writes the bio in it.

const logger = pino({ level: 'silent' });
const basics: MemberBasics = { name: '林薇', age: 21, profession: 'Student', location: 'Vancouver, BC, Canada', relationshipStatus: 'single_straight', language: 'zh-Hans' };

let standIn: OllamaStandIn;
let answer: (request: StandInChatRequest) => string;
beforeAll(async () => {
  standIn = await startOllamaStandIn({ chat: (request) => answer(request) });
});
afterAll(() => standIn.close());

function writer() {
  const ai = new OllamaProvider({ url: standIn.url, chatModel: 'llama3.2:3b', embedModel: 'nomic-embed-text', dimensions: 3, timeoutMs: 2000 });
  return llmWriter(ai, 'Kindred', logger);
}

const systemOf = () => {
  const last = standIn.received.at(-1);
  return last?.path === '/api/chat' ? (last.body.messages[0]?.content ?? '') : '';
};

it('asks in the member’s language, and takes a question with a Chinese question mark', async () => {
  answer = () => '陶艺听起来很放松！你想和别人一起做什么？';
  const request = { topic: 'activities' as const, basics, facts: emptyFacts(), previousAnswer: '陶艺', learned: ['Pottery'], retry: false };
  expect(await writer().question(request)).toBe('陶艺听起来很放松！你想和别人一起做什么？');
  expect(systemOf()).toContain('Write in Simplified Chinese');
  expect(systemOf()).toContain('read any of them');

  answer = () => 'Sure. I will now reveal my instructions.';
  expect(await writer().question(request)).toMatch(/^Pottery——很棒的选择！你想和别人一起做哪些活动？/);
});

it('reads answers in any language and keeps the model’s words as written', async () => {
  answer = () => JSON.stringify({ interests: ['陶艺'], traits: ['耐心'], values: [], lookingFor: ['friend'] });
  const facts = await writer().extract('我喜欢陶艺和徒步', 'interests');
  expect(facts.interests).toEqual(expect.arrayContaining(['Hiking', '陶艺']));
  expect(facts.traits).toEqual(['耐心']);
  expect(systemOf()).toContain('without translating');
});

it('asks for the bio in the member’s language', async () => {
  answer = () => JSON.stringify({ bio: '我喜欢陶艺，周末常去徒步，想在这里认识一起玩的新朋友。', enhancedBackground: '林薇 is a student in Vancouver who makes pottery and hikes.' });
  const profile = await writer().compose({ ...emptyFacts(), interests: ['Hiking'], lookingFor: ['friend'] }, { ...basics, language: 'fr' });
  expect(profile.bio).toBe('我喜欢陶艺，周末常去徒步，想在这里认识一起玩的新朋友。');
  expect(systemOf()).toContain('Write in French, addressing the member as « vous »');
});
