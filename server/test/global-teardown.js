import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown() {
  const { dropTemplate } = await tsImport('./template.ts', import.meta.url);
  await dropTemplate();
}
