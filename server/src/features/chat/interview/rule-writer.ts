import type { Language } from '../../../i18n/languages.js';
import { composeProfile, inSentence } from './compose.js';
import { explicitAdditions, extractFacts } from './extract.js';
import { type Topic, union } from './facts.js';
import { capitalized, interestIn, listIn, say } from './words.js';
import type { InterviewWriter, QuestionRequest } from './writer.js';

/**
 * The questions, follow-ups and acknowledgements are catalogue lines
 * (content/i18n/server/<language>/interview.json), in the member's language.
 */
function questionIn(language: Language, topic: Topic): string {
  return say(language, `questions.${topic}`);
}

/** "Hiking, photography and board games": the first label as written, the rest mid-sentence. */
function labels(language: Language, items: readonly string[]): string {
  if (language === 'en') return listIn(language, items.slice(0, 3).map((item, i) => (i === 0 ? item : inSentence(item))));
  return capitalized(listIn(language, items.slice(0, 3)));
}

function acknowledgement(request: QuestionRequest, language: Language): string {
  // What the previous answer taught: hobbies for the two questions after the hobby questions.
  const { learned } = request;
  if (learned.length === 0) return say(language, 'ack.thanks');
  switch (request.topic) {
    case 'activities':
      return say(language, 'ack.activities', { labels: labels(language, learned.map((l) => interestIn(language, l))), count: learned.length });
    case 'personality':
      return say(language, 'ack.personality', { labels: labels(language, learned.map((l) => interestIn(language, l))) });
    case 'social':
      return say(language, 'ack.social');
    default:
      return say(language, 'ack.other');
  }
}

/** The built-in interviewer: fixed wording, rule-based reading, template writing. Deterministic. */
export const ruleWriter: InterviewWriter = {
  // The rules read English, Chinese and French whatever language the interview is in.
  extract: (answer, topic) => {
    const facts = extractFacts(answer);
    return Promise.resolve(topic === 'update' ? { ...facts, interests: union(facts.interests, explicitAdditions(answer)) } : facts);
  },

  question: (request) => {
    const { topic, basics, retry, previousAnswer } = request;
    const language = basics.language ?? 'en';
    if (retry) return Promise.resolve(say(language, `retries.${topic}`));
    const question =
      topic === 'lookingFor' && basics.relationshipStatus === 'not_single' ? say(language, 'questions.lookingForNotSingle') : questionIn(language, topic);
    return Promise.resolve(previousAnswer === null ? question : say(language, 'ack.then', { ack: acknowledgement(request, language), question }));
  },

  compose: (facts, basics) => Promise.resolve(composeProfile(facts, basics)),
};

