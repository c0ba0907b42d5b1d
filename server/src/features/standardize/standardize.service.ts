import type { Logger } from 'pino';
import { z } from 'zod';

import type { FieldResult, StandardizeRequest as StandardizeInput, StandardizeResponse } from '../../../../contract/standardize.js';
import { PROFESSION_CATEGORIES, standardizeLocation, standardizeProfession } from '../../ai/builtin/standardize/index.js';
import { AiError, type AiProvider } from '../../ai/provider.js';

/** Spec part 1 §8: what a member is told when a field cannot be standardized. */
export const STANDARDIZE_MESSAGES = {
  locationIncomplete: 'Failed to get complete location (City, Province, Country). Please try again.',
  locationUnknown: 'Failed to standardize location. Please check your input and try again.',
  profession: 'Failed to standardize profession. Please check your input and try again.',
  failed: 'Failed to standardize your information. Please try again.',
} as const;

export type { FieldResult };

export type StandardizeResult = StandardizeResponse;

const llmLocation = z.object({
  city: z.string().trim().min(1).max(80).nullable(),
  region: z.string().trim().min(1).max(80).nullable(),
  country: z.string().trim().min(1).max(80).nullable(),
});

const llmProfession = z.object({ category: z.enum(PROFESSION_CATEGORIES).nullable() });

/**
 * Location → "City, Province/State, Country"; profession → one of a fixed set of categories.
 * The gazetteer and taxonomy answer first: exact, instant and the same on every provider. Only
 * what they do not know goes to the language model, when one runs, and its answer is checked
 * (three parts; a category from the list) before it is believed.
 */
export class StandardizationService {
  constructor(
    private readonly ai: AiProvider,
    private readonly logger: Logger,
  ) {}

  async standardize(input: StandardizeInput): Promise<StandardizeResult> {
    const result: StandardizeResult = {};
    if (input.type !== 'profession') result.location = await this.location(input.location ?? '');
    if (input.type !== 'location') result.profession = await this.profession(input.profession ?? '');
    return result;
  }

  async location(text: string): Promise<FieldResult> {
    const rules = standardizeLocation(text);
    if (rules.ok) return { standardized: rules.standardized };
    // Nobody can invent the missing city of an incomplete answer, so only unknowns go further.
    if (rules.reason === 'incomplete') return failure('location_incomplete', STANDARDIZE_MESSAGES.locationIncomplete);
    if (rules.reason === 'unknown' && this.ai.name === 'ollama') {
      const answer = await this.askModel(
        'standardize_location',
        'Identify the place the member lives in. Answer with its city, its province or state (the two-letter postal abbreviation in Canada and the United States, else the full English name) and its country in English. Use null for any part the text does not determine; never guess a city.',
        text,
        llmLocation,
      );
      if (answer === 'error') return failure('standardization_failed', STANDARDIZE_MESSAGES.failed);
      if (answer?.city && answer.region && answer.country) {
        const checked = standardizeLocation(`${answer.city}, ${answer.region}, ${answer.country}`);
        return { standardized: checked.ok ? checked.standardized : `${answer.city}, ${answer.region}, ${answer.country}` };
      }
      if (answer && (answer.region || answer.country)) return failure('location_incomplete', STANDARDIZE_MESSAGES.locationIncomplete);
    }
    return failure('location_unknown', STANDARDIZE_MESSAGES.locationUnknown);
  }

  async profession(text: string): Promise<FieldResult> {
    const rules = standardizeProfession(text);
    if (rules.ok) return { standardized: rules.standardized };
    if (rules.reason === 'unknown' && this.ai.name === 'ollama') {
      const answer = await this.askModel(
        'standardize_profession',
        `Classify the member's profession or identity into exactly one of these categories, or null if the text is not a profession: ${PROFESSION_CATEGORIES.join(', ')}.`,
        text,
        llmProfession,
      );
      if (answer === 'error') return failure('standardization_failed', STANDARDIZE_MESSAGES.failed);
      if (answer?.category) return { standardized: answer.category };
    }
    return failure('profession_unknown', STANDARDIZE_MESSAGES.profession);
  }

  private async askModel<T>(name: string, instruction: string, input: string, schema: z.ZodType<T>): Promise<T | 'error'> {
    try {
      return await this.ai.structured({ name, instruction, input, schema });
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      this.logger.warn({ err: error, task: name }, 'standardization by the language model failed');
      return 'error';
    }
  }
}

function failure(code: string, message: string): FieldResult {
  return { standardized: null, error: { code, message } };
}
