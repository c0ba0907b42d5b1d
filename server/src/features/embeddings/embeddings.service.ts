import { createHash } from 'node:crypto';

import { taskPrefix } from '../../ai/task-prefixes.js';
import type { Embedder } from '../../ai/provider.js';
import type { EmbeddingModels } from './embedding-models.js';
import type { EmbeddingsRepository, ProfileText } from './embeddings.repository.js';

/** What a profile's vector is made of: what the member said about themself, not who they are. */
export function profileDocument(profile: ProfileText): string {
  return [
    profile.profession && `Profession: ${profile.profession}`,
    profile.location && `Location: ${profile.location}`,
    profile.interests.length > 0 && `Interests: ${profile.interests.join(', ')}`,
    profile.bio && `About: ${profile.bio}`,
    profile.enhancedBackground && `Background: ${profile.enhancedBackground}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export type EmbedOutcome = 'embedded' | 'unchanged' | 'missing';

/**
 * Keeps each profile's vector for the current model. The hash covers the model, its task prefix
 * and the text, so a profile whose text did not change is not embedded again (embedding with a
 * real model costs a quarter of a second or more per profile on these machines).
 */
export class EmbeddingsService {
  constructor(
    private readonly repository: EmbeddingsRepository,
    private readonly models: EmbeddingModels,
  ) {}

  /**
   * Embeds the profile with the running model, and while a model switch is pending with the
   * model search still reads too (not `targetOnly`: the regeneration, which only moves forward).
   * `dryRun`: says whether it would, and writes nothing.
   */
  async embedProfile(profileId: string, options: { dryRun?: boolean; targetOnly?: boolean } = {}): Promise<EmbedOutcome> {
    const profile = await this.repository.profileText(profileId);
    if (!profile) return 'missing';
    const document = profileDocument(profile);
    const outcome = await this.embedWith(this.models.target, profileId, document, options.dryRun === true);
    const searched = options.dryRun || options.targetOnly ? undefined : await this.models.alsoWriteTo();
    if (searched) await this.embedWith(searched, profileId, document, false);
    return outcome;
  }

  private async embedWith(embedder: Embedder, profileId: string, document: string, dryRun: boolean): Promise<EmbedOutcome> {
    const model = embedder.models.embedding;
    const hash = createHash('sha256').update(`${model}\n${taskPrefix(model, 'document')}${document}`).digest('hex');
    if ((await this.repository.contentHash(profileId, model)) === hash) return 'unchanged';
    if (dryRun) return 'embedded';
    const [vector] = await embedder.embed([document], { purpose: 'document' });
    await this.repository.save(profileId, model, hash, vector!);
    return 'embedded';
  }
}
