import { composeProfile, inSentence } from './compose.js';
import { explicitAdditions, extractFacts } from './extract.js';
import { listPhrase, type Topic, union } from './facts.js';
import type { InterviewWriter, QuestionRequest } from './writer.js';

const QUESTIONS: Record<Topic, string> = {
  interests: 'What do you love doing in your free time? Tell me about your hobbies and interests.',
  activities:
    'Which activities would you like to do with other people? For example weekend hikes, badminton, study sessions or gaming nights.',
  personality: 'How would your friends describe you, in a few words?',
  social: 'Do you prefer small groups or bigger gatherings, planned meetups or spontaneous ones? And when are you usually free?',
  lookingFor: 'Last question: who are you hoping to meet here — new friends, activity partners, or a partner? And what matters most to you in people?',
};

const NOT_SINGLE_LOOKING_FOR =
  'Last question: who are you hoping to meet here — new friends or activity partners? And what matters most to you in people?';

const RETRIES: Record<Topic, string> = {
  interests: "I didn't catch any specific hobbies there. Could you name a few? For example hiking, cooking, video games, music or a sport.",
  activities: "Which of those would you enjoy doing together with someone? Or name something new you'd like to try.",
  personality: 'Pick a few words that fit you — for example outgoing, quiet, funny, curious, easygoing or driven.',
  social: 'Small groups or big ones? Planned or spontaneous? Weekends or evenings?',
  lookingFor: 'Are you mostly after new friends, activity partners, or a partner?',
};

/** "Hiking, photography and board games": the first label as written, the rest mid-sentence. */
function labels(items: readonly string[]): string {
  return listPhrase(items.slice(0, 3).map((item, i) => (i === 0 ? item : inSentence(item))));
}

function acknowledgement(request: QuestionRequest): string {
  const { learned } = request;
  if (learned.length === 0) return 'Thanks!';
  switch (request.topic) {
    case 'activities':
      return `${labels(learned)} — great ${learned.length > 1 ? 'choices' : 'choice'}!`;
    case 'personality':
      return `${labels(learned)} — sounds like fun.`;
    case 'social':
      return 'Love that.';
    default:
      return 'Got it.';
  }
}

/** The built-in interviewer: fixed wording, rule-based reading, template writing. Deterministic. */
export const ruleWriter: InterviewWriter = {
  extract: (answer, topic) => {
    const facts = extractFacts(answer);
    return Promise.resolve(topic === 'update' ? { ...facts, interests: union(facts.interests, explicitAdditions(answer)) } : facts);
  },

  question: (request) => {
    const { topic, basics, retry, previousAnswer } = request;
    if (retry) return Promise.resolve(RETRIES[topic]);
    const question = topic === 'lookingFor' && basics.relationshipStatus === 'not_single' ? NOT_SINGLE_LOOKING_FOR : QUESTIONS[topic];
    return Promise.resolve(previousAnswer === null ? question : `${acknowledgement(request)} ${question}`);
  },

  compose: (facts, basics) => Promise.resolve(composeProfile(facts, basics)),
};

export const FIXED_QUESTIONS = QUESTIONS;
