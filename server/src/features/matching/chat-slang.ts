import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../content.js';

/**
 * Chat abbreviations and slang in a search query read as the standard words ("a yoga gf" → "a
 * yoga girlfriend", "ppl to hike w/" → "people to hike with"), and fillers ("lol", "tbh", "fr")
 * removed, before the query is parsed: the intent, gender and interest readers and the
 * embedding then see the words they know. The list is data, content/search/chat-slang.json.
 */

const slangSchema = z.strictObject({
  $comment: contentComment,
  /** A whole word (case-insensitive) → its standard form. */
  expand: z.record(contentText, contentText),
  /** Fillers and reactions removed. */
  drop: z.array(contentText),
});

export type ChatSlang = z.output<typeof slangSchema>;

export const CHAT_SLANG_FILE = 'search/chat-slang.json';

/** The list in `file` (content/search/chat-slang.json unless a test names another). */
export function loadChatSlang(file = CHAT_SLANG_FILE): ChatSlang {
  const slang = loadJsonContent(slangSchema, file);
  const keys = [...Object.keys(slang.expand), ...slang.drop].map((k) => k.toLowerCase());
  const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
  if (repeated !== undefined) throw new Error(`${file}: "${repeated}" is listed twice`);
  return slang;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-word matcher for every listed form (longest first), and what each becomes. */
function compile(slang: ChatSlang): (text: string) => string {
  const replacement = new Map<string, string>([
    ...Object.entries(slang.expand).map(([from, to]) => [from.toLowerCase(), to] as const),
    ...slang.drop.map((word) => [word.toLowerCase(), ''] as const),
  ]);
  const forms = [...replacement.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // Words are letters, digits and apostrophes; a form ending in "/" ("w/") may touch the next word.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}'’/])(${forms.join('|')})(?:(?<=/)|(?![\\p{L}\\p{N}'’]))`, 'giu');
  return (text) =>
    text
      .replace(pattern, (form: string) => {
        const standard = replacement.get(form.toLowerCase().replace('’', "'")) ?? form;
        return form.endsWith('/') ? `${standard} ` : standard;
      })
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/\s+([,.!?;:])/g, '$1')
      .trim();
}

const standardize = compile(loadChatSlang());

/** `text` with chat abbreviations written out and fillers removed. */
export function expandChatSlang(text: string): string {
  return standardize(text);
}
