import { createHash } from 'node:crypto';

import type { AiProvider } from '../../ai/provider.js';
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
 * Keeps each profile's vector for the current model. The hash covers the model and the text, so
 * a profile whose text did not change is not embedded again (embedding with a real model costs
 * a quarter of a second or more per profile on these machines).
 */
export class EmbeddingsService {
  constructor(
    private readonly repository: EmbeddingsRepository,
    private readonly ai: AiProvider,
  ) {}

  async embedProfile(profileId: string): Promise<EmbedOutcome> {
    const profile = await this.repository.profileText(profileId);
    if (!profile) return 'missing';
    const document = profileDocument(profile);
    const model = this.ai.models.embedding;
    const hash = createHash('sha256').update(`${model}\n${document}`).digest('hex');
    if ((await this.repository.contentHash(profileId, model)) === hash) return 'unchanged';
    const [vector] = await this.ai.embed([document]);
    await this.repository.save(profileId, model, hash, vector!);
    return 'embedded';
  }
}
