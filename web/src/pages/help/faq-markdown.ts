import * as z from 'zod/mini';

export interface Faq {
  question: string;
  answer: string[];
}

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
 * Anything else is an error naming the file and the line (a test reads the real file).
 */
export function parseFaq(markdown: string, file: string): Faq[] {
  const fail = (line: number, problem: string): never => {
    throw new Error(`${file}: line ${String(line)}: ${problem}`);
  };
  const plain = (text: string, line: number): string => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      const next = text[i + 1];
      if (ch === '\\' && next !== undefined && ESCAPABLE.test(next)) {
        out += next;
        i++;
      } else if (MARKUP.test(ch)) {
        fail(line, `"${ch}" would be Markdown markup, which the page does not show; write "\\${ch}" for the character itself`);
      } else {
        out += ch;
      }
    }
    for (const [, name] of out.matchAll(/\{(\w+)\}/g)) if (name !== 'product' && name !== 'free') fail(line, `unknown placeholder {${name ?? ''}}; the page fills {product} and {free}`);
    return out;
  };

  const faqs: (Faq & { line: number })[] = [];
  let paragraph: string[] = [];
  let inComment = false;
  const endParagraph = () => {
    if (paragraph.length > 0) faqs.at(-1)!.answer.push(paragraph.join(' '));
    paragraph = [];
  };
  markdown
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((raw, index) => {
      const line = index + 1;
      const text = raw.trimEnd();
      if (inComment || text.startsWith('<!--')) {
        inComment = !text.endsWith('-->');
        return;
      }
      if (text === '') return endParagraph();
      if (text.startsWith('## ')) {
        endParagraph();
        faqs.push({ question: plain(text.slice(3).trim(), line), answer: [], line });
        return;
      }
      const refused = REFUSED.find(([pattern]) => pattern.test(text));
      if (refused) fail(line, refused[1]);
      if (faqs.length === 0) fail(line, 'text before the first "## " question');
      paragraph.push(plain(text, line));
    });
  if (inComment) throw new Error(`${file}: a "<!--" comment is never closed with "-->"`);
  endParagraph();
  for (const faq of faqs) if (faq.answer.length === 0) fail(faq.line, `the question "${faq.question}" has no answer`);

  const result = faqSchema.safeParse(faqs.map(({ question, answer }) => ({ question, answer })));
  if (!result.success) throw new Error(`${file}: does not have the expected shape\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** What a backslash may escape (CommonMark: any ASCII punctuation). */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
/** Marks that would mean emphasis, code, HTML or a link in Markdown. */
const MARKUP = /[*_`<>[\]]/;
/** Lines the shape has no place for, with what to write instead. */
const REFUSED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^#/, 'the only heading is "## Question"'],
  [/^\s/, 'lines do not start with spaces or tabs (Markdown would read them as code or as part of a list)'],
  [/^([-+*]|\d+[.)])(\s|$)/, 'lists are not used: write the items as a paragraph, or put a backslash before the mark ("1\\. ")'],
  [/^>/, 'quotes are not used'],
  [/^(```|~~~)/, 'code blocks are not used'],
  [/^\|/, 'tables are not used'],
  [/^(=+|-+)\s*$/, 'rules and underlined headings are not used'],
];

const nonEmpty = z.string().check(z.minLength(1));
const faqSchema = z.array(z.strictObject({ question: nonEmpty, answer: z.array(nonEmpty).check(z.minLength(1)) })).check(z.minLength(1));
