import type { Logger } from 'pino';

import type { AiProvider } from '../../../ai/provider.js';
import { Interview } from './interview.js';
import { llmWriter } from './llm-writer.js';
import { ruleWriter } from './rule-writer.js';
import type { InterviewWriter } from './writer.js';

/** The interview for the provider in use: rules alone offline, the language model with Ollama. */
export function createInterview(ai: AiProvider, productName: string, logger: Logger): Interview {
  return new Interview(createWriter(ai, productName, logger), productName);
}

/**
 * The writer alone: the batch enhancement writes backgrounds with the interview's own voice and
 * rules. Chosen at each call, as the provider may move to Ollama while running (SwitchingProvider).
 */
export function createWriter(ai: AiProvider, productName: string, logger: Logger): InterviewWriter {
  const llm = llmWriter(ai, productName, logger);
  const writer = () => (ai.name === 'builtin' ? ruleWriter : llm);
  return {
    extract: (answer, topic, signal) => writer().extract(answer, topic, signal),
    question: (request, signal) => writer().question(request, signal),
    compose: (facts, basics, signal) => writer().compose(facts, basics, signal),
  };
}
