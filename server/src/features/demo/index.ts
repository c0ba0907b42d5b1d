export { DEFAULT_DEMO_SEED, MAX_DEMO_MEMBERS } from './demo.generator.js';
export { DemoService } from './demo.service.js';
