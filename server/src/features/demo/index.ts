import type { AppContext } from '../../context.js';
import { DemoRepository } from './demo.repository.js';
import { DemoService } from './demo.service.js';

export { DEFAULT_DEMO_SEED, MAX_DEMO_MEMBERS } from './demo.generator.js';
export { DemoService, type RemoveResult, type SeedResult } from './demo.service.js';

/** The sample-community service over a context's database, storage and embeddings (the CLI and the server's first start). */
export function demoService(ctx: AppContext): DemoService {
  return new DemoService({
    db: ctx.db,
    demo: new DemoRepository(ctx.db),
    storage: ctx.storage,
    embeddings: ctx.services.embeddings,
    clock: ctx.clock,
    logger: ctx.logger,
    mailDomain: ctx.config.mailDomain,
  });
}

/** Logs the first start's offer of a sample community when nobody is there to search yet. Never fails the start. */
export async function offerSampleCommunity(ctx: AppContext): Promise<void> {
  try {
    const hint = await demoService(ctx).firstStartHint();
    if (hint) ctx.logger.info(hint);
  } catch (error) {
    ctx.logger.debug({ err: error }, 'could not check for a sample community');
  }
}
