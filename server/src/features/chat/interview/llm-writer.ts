import type { Logger } from 'pino';
import { z } from 'zod';

import { ANY_LANGUAGE_RULE, fenceMemberData, MEMBER_DATA_RULE, writeIn } from '../../../ai/ollama/prompt.js';
import { AiError, type AiProvider } from '../../../ai/provider.js';
import { BACKGROUND_MAX, BIO_MAX, type InterviewProfile } from './compose.js';
import type { Extraction } from './extract.js';
import { type InterviewFacts, type MemberBasics, union } from './facts.js';
import { ruleWriter } from './rule-writer.js';
import type { InterviewWriter } from './writer.js';

const shortList = (itemMax: number, count: number) => z.array(z.string().trim().min(1).max(itemMax)).max(count);

const extractionSchema = z.object({
  interests: shortList(40, 12),
  traits: shortList(30, 8),
  values: shortList(30, 8),
  lookingFor: z.array(z.enum(['friend', 'activity_partner', 'partner'])).max(3),
});

const writingSchema = z.object({
  bio: z.string().trim().min(20).max(BIO_MAX),
  enhancedBackground: z.string().trim().min(20).max(BACKGROUND_MAX),
});

const titleCase = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * The interviewer with a language model: the model words the questions, reads answers for what
 * the rules miss (hobbies outside the lexicon, say) and writes the bio and background from the
 * collected facts. The rules always run too, and any model failure falls back to them, so the
 * interview never stalls on the model. Member text stays fenced as data; answers are validated.
 */
export function llmWriter(ai: AiProvider, productName: string, logger: Logger): InterviewWriter {
  const fallback = (task: string, error: unknown) => {
    if (!(error instanceof AiError)) throw error;
    logger.warn({ err: error, task }, 'interview: the language model failed; using the built-in interviewer for this step');
  };

  return {
    async extract(answer, topic, signal): Promise<Extraction> {
      const rules = await ruleWriter.extract(answer, topic, signal);
      try {
        const model = await ai.structured({
          name: 'interview_facts',
          instruction:
            `Read a member's answer in a get-to-know-you interview. List only what the member says about themself: hobbies and interests (short noun phrases), personality words, values, and whether they want friends, activity partners or a romantic partner. Leave a list empty when the answer does not say. Never list things the member says they dislike. ${ANY_LANGUAGE_RULE} Keep the schema's keys and its fixed values (lookingFor is always friend, activity_partner or partner), but write each interest, personality word and value as the member wrote it, in their language, without translating.`,
          input: answer,
          schema: extractionSchema,
          signal,
        });
        return {
          ...rules,
          interests: union(rules.interests, model.interests.map(titleCase)),
          traits: union(rules.traits, model.traits.map((t) => t.toLowerCase())),
          values: union(rules.values, model.values.map(titleCase)),
          lookingFor: union(rules.lookingFor, model.lookingFor) as Extraction['lookingFor'],
          // What to remove stays with the rules: a model's guess must not delete a member's data.
          removedInterests: rules.removedInterests,
        };
      } catch (error) {
        fallback('extract', error);
        return rules;
      }
    },

    async question(request, signal) {
      const template = await ruleWriter.question(request, signal);
      const language = request.basics.language ?? 'en';
      try {
        const reply = await ai.chat(
          [
            {
              role: 'system',
              content: `You are the friendly onboarding interviewer of ${productName}, a campus app that introduces students to friends, activity partners and partners. ${MEMBER_DATA_RULE} ${ANY_LANGUAGE_RULE} ${writeIn(language)} Write at most two short sentences: briefly and warmly acknowledge the member's last answer if there is one, then ask the given question in your own words. Ask nothing else. No lists, no emojis.`,
            },
            {
              role: 'user',
              content: `Question to ask: ${template}\n\nThe member's last answer:\n${fenceMemberData(request.previousAnswer ?? '(none yet)')}`,
            },
          ],
          { maxTokens: 120, signal },
        );
        const text = reply.trim();
        // A reply that is not a single short question is not used: the template is.
        if (text.length < 10 || text.length > 400 || !/[?？]/.test(text)) return template;
        return text;
      } catch (error) {
        fallback('question', error);
        return template;
      }
    },

    async compose(facts: InterviewFacts, basics: MemberBasics, signal): Promise<InterviewProfile> {
      const rules = await ruleWriter.compose(facts, basics, signal);
      try {
        const written = await ai.structured({
          name: 'profile_text',
          instruction: `Write a member's profile for ${productName} from the facts given. "bio": first person, warm, at most ${BIO_MAX} characters, in the member's language: ${writeIn(basics.language ?? 'en')} "enhancedBackground": third person using their name, at most ${BACKGROUND_MAX} characters, in English. Use only the facts given; never add hobbies, traits, places or goals that are not in them. Facts may be in English, Chinese or French; quote the member's own words as written.`,
          input: JSON.stringify({
            name: basics.name,
            age: basics.age,
            profession: basics.profession,
            city: basics.location?.split(',')[0]?.trim() ?? null,
            interests: facts.interests,
            wantsCompanyFor: facts.activities,
            personality: facts.traits,
            socialStyle: facts.social,
            lookingFor: facts.lookingFor,
            partnerStyle: facts.partnerStyle,
            values: facts.values,
            inTheirOwnWords: facts.ownWords,
          }),
          schema: writingSchema,
          signal,
        });
        return { ...rules, bio: written.bio, enhancedBackground: written.enhancedBackground };
      } catch (error) {
        fallback('compose', error);
        return rules;
      }
    },
  };
}
