import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin } from 'vite';
import { z } from 'zod';

import { plainText, type PlainTextRules, refuseMarkup, textLines } from '../../server/src/plain-markdown.js';

export interface Faq {
  question: string;
  answer: string[];
}

const PLAIN: PlainTextRules = { notShownBy: 'the page does not show', placeholders: ['product', 'free'], filledBy: 'the page fills' };

const nonEmpty = z.string().min(1);
const faqSchema = z.array(z.strictObject({ question: nonEmpty, answer: z.array(nonEmpty).min(1) })).min(1);

/**
 * The Help Center's questions as their editors keep them: Markdown in content/help/faq.md, in
 * exactly this shape, which is all the page shows:
 *
 * - `## Question` starts a question; the paragraphs under it are its answer;
 * - a blank line ends a paragraph; the lines of one paragraph are joined with a space;
 * - `<!-- … -->` on lines of their own are notes for the editors and are left out;
 * - the text is plain: no lists, quotes, code, tables, emphasis, links or HTML. A backslash keeps
 *   a punctuation mark as it is (`1\. …`);
 * - `{product}` and `{free}` (free searches a day) are filled in by the page; any other `{name}`
 *   is an error.
 *
 * Anything else is an error naming the file and the line, and fails the web build.
 */
export function parseFaq(markdown: string, file: string): Faq[] {
  const fail = (line: number, problem: string): never => {
    throw new Error(`${file}: line ${String(line)}: ${problem}`);
  };
  const faqs: (Faq & { line: number })[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) faqs.at(-1)!.answer.push(paragraph.join(' '));
    paragraph = [];
  };
  const lines = textLines(markdown, fail, (problem) => {
    throw new Error(`${file}: ${problem}`);
  });
  for (const line of lines) {
    const { number, text } = line;
    if (text === '') {
      endParagraph();
      continue;
    }
    if (text.startsWith('## ')) {
      endParagraph();
      faqs.push({ question: plainText(text.slice(3).trim(), number, PLAIN, fail), answer: [], line: number });
      continue;
    }
    if (text.startsWith('#')) fail(number, 'the only heading is "## Question"');
    if (/^(=+|-+)\s*$/.test(text)) fail(number, 'rules and underlined headings are not used');
    refuseMarkup(line, fail);
    if (faqs.length === 0) fail(number, 'text before the first "## " question');
    paragraph.push(plainText(text, number, PLAIN, fail));
  }
  endParagraph();
  for (const faq of faqs) if (faq.answer.length === 0) fail(faq.line, `the question "${faq.question}" has no answer`);
  const result = faqSchema.safeParse(faqs.map(({ question, answer }) => ({ question, answer })));
  if (!result.success) throw new Error(`${file}: does not have the expected shape\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** The FAQ files, by the language the page shows them in. */
const FAQ_FILES = { en: 'content/help/faq.md', 'zh-Hans': 'content/help/faq.zh-Hans.md', fr: 'content/help/faq.fr.md' } as const;

const MODULE = 'virtual:faq';

/**
 * The Help Center's questions, read and checked when the web app is built (a malformed file fails
 * the build) and bundled as data: `import faqs from 'virtual:faq'` is `{ en, 'zh-Hans', fr }`, each
 * a list of questions. The page's bundle carries no parser.
 */
export function faqContent(root: string): Plugin {
  return {
    name: 'kindred-faq',
    resolveId(id) {
      return id === MODULE ? `\0${MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${MODULE}`) return null;
      const faqs = Object.fromEntries(
        Object.entries(FAQ_FILES).map(([language, file]) => {
          const absolute = path.join(root, file);
          this.addWatchFile(absolute);
          return [language, parseFaq(readFileSync(absolute, 'utf8'), file)];
        }),
      );
      return `export default ${JSON.stringify(faqs)};`;
    },
  };
}
