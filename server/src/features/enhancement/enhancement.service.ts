import { emptyFacts } from '../chat/interview/facts.js';
import type { InterviewWriter } from '../chat/interview/writer.js';
import type { EmbeddingsService } from '../embeddings/embeddings.service.js';
import type { EnhancementCandidate, EnhancementRepository } from './enhancement.repository.js';

export interface EnhancementResult {
  name: string | null;
  backgroundGenerated: boolean;
  embeddingGenerated: boolean;
}

/**
 * The batch AI enhancement (spec part 3, maintenance page 2): writes a member's third-person
 * background from what their profile says (the interview's writer: the language model with
 * Ollama, the rules offline; never anything the profile does not say), then embeds the profile.
 * The member's own bio is never rewritten. New members get both at the end of their interview.
 */
export class EnhancementService {
  constructor(
    private readonly deps: { repository: EnhancementRepository; writer: InterviewWriter; embeddings: EmbeddingsService; targetModel: () => string },
  ) {}

  candidates(force: boolean): Promise<EnhancementCandidate[]> {
    return this.deps.repository.candidates(force, this.deps.targetModel());
  }

  async enhance(profile: EnhancementCandidate, options: { force: boolean; dryRun: boolean }): Promise<EnhancementResult> {
    const lacking = !profile.enhanced_background?.trim();
    let backgroundGenerated = false;
    if (options.force || lacking) {
      const facts = { ...emptyFacts(), interests: profile.interests, values: profile.core_values, lookingFor: profile.looking_for };
      const basics = { name: profile.name ?? 'This member', age: profile.age, profession: profile.profession, location: profile.location, relationshipStatus: profile.relationship_status };
      const written = await this.deps.writer.compose(facts, basics);
      backgroundGenerated = written.enhancedBackground !== profile.enhanced_background;
      if (backgroundGenerated && !options.dryRun) {
        backgroundGenerated = await this.deps.repository.setBackground(profile.id, profile.enhanced_background, written.enhancedBackground);
      }
    }
    const embedded = await this.deps.embeddings.embedProfile(profile.id, { dryRun: options.dryRun });
    return { name: profile.name, backgroundGenerated, embeddingGenerated: embedded === 'embedded' };
  }
}
