export { DEFAULT_DEMO_SEED, MAX_DEMO_MEMBERS } from './demo.generator.js';
export { DemoService, type RemoveResult, type SeedResult } from './demo.service.js';
