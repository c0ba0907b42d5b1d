// Jest loads its global setup outside its own module system, so the TypeScript sources are
// loaded here through tsx. The template is made once per run; each test file clones it.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { createTemplate } = await tsImport('./template.ts', import.meta.url);
  await createTemplate();
}
