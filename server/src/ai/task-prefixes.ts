import { TASK_PREFIXES } from './task-prefixes.data.js';

export type EmbedPurpose = 'query' | 'document';

/**
 * What goes in front of a text before `model` embeds it as a search query or as a document.
 * Models trained with task prefixes place unprefixed text in neither space and find worse
 * neighbours. '' for models without them (the built-in one among them).
 */
export function taskPrefix(model: string, purpose: EmbedPurpose): string {
  const base = model.split(':')[0]!.split('/').pop()!;
  return TASK_PREFIXES[base]?.[purpose] ?? '';
}
