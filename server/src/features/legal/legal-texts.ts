import { z } from 'zod';

import { ContentError, readContent, validateContent } from '../../content.js';
import { LEGAL_PLACEHOLDERS, type LegalText } from './legal-document.js';

/**
 * The terms of service and the privacy policy as their editors keep them: Markdown in
 * content/legal/<id>.md, in exactly this shape, which is all the pages and the PDFs can show:
 *
 * - `# Title` once, before anything else (HTML comments aside);
 * - `## Heading` starts a section, and every section has at least one paragraph;
 * - a blank line ends a paragraph; the lines of one paragraph are joined with a space;
 * - `---` on its own line, after a blank line, starts the next printed page;
 * - `<!-- … -->` on lines of their own are notes for the editors and are left out;
 * - the text is plain: no lists, quotes, code, tables, emphasis, links or HTML. A backslash keeps
 *   a punctuation mark as it is: `1\. Who…` is a paragraph starting "1.", not a list;
 * - `{product}`, `{company}`… (LEGAL_PLACEHOLDERS) are filled from the settings; any other
 *   `{name}` is an error.
 *
 * Anything else stops the server with the file, the line and what to write instead, so that no
 * Markdown syntax ever reaches a page or a PDF. The texts are read once, when this module loads.
 */

export type LegalId = LegalText['id'];

const PLACEHOLDERS: ReadonlySet<string> = new Set(LEGAL_PLACEHOLDERS);
/** What a backslash may escape (CommonMark: any ASCII punctuation). */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
/** Marks that would mean emphasis, code, HTML or a link in Markdown. */
const MARKUP = /[*_`<>[\]]/;

/** One line of plain text: escapes resolved, markup refused, placeholders checked. */
function plain(text: string, file: string, line: number): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      out += next;
      i++;
    } else if (MARKUP.test(ch)) {
      throw new ContentError(file, `line ${String(line)}: "${ch}" would be Markdown markup, which the legal pages do not show; write "\\${ch}" for the character itself`);
    } else {
      out += ch;
    }
  }
  for (const [, name] of out.matchAll(/\{(\w+)\}/g)) {
    if (!PLACEHOLDERS.has(name!)) {
      throw new ContentError(file, `line ${String(line)}: unknown placeholder {${name!}}; the settings fill ${LEGAL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
    }
  }
  return out;
}

/** Lines the shape has no place for, with what to write instead. */
const REFUSED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^#{3,}\s/, 'only "# " (the title) and "## " (a section) headings are used'],
  [/^#\S/, 'a heading needs a space after its "#"'],
  [/^\s/, 'lines do not start with spaces or tabs (Markdown would read them as code or as part of a list)'],
  [/^([-+*]|\d+[.)])(\s|$)/, 'lists are not used: write the items as a paragraph, or put a backslash before the mark ("1\\. ") to start a paragraph with it'],
  [/^>/, 'quotes are not used'],
  [/^(```|~~~)/, 'code blocks are not used'],
  [/^\|/, 'tables are not used'],
  [/^=+\s*$/, 'underlined headings are not used: write "## Heading"'],
];

interface Section {
  heading: string;
  paragraphs: string[];
  line: number;
}

/** The title and pages of a legal text in the shape above; `file` names it in errors. */
export function parseLegalMarkdown(markdown: string, file: string): Omit<LegalText, 'id'> {
  const lines = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  let title: string | undefined;
  const pages: Section[][] = [[]];
  let section: Section | undefined;
  let paragraph: string[] = [];
  let inComment = false;

  const endParagraph = () => {
    if (paragraph.length > 0) section!.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (section && section.paragraphs.length === 0) throw new ContentError(file, `line ${String(section.line)}: the section "${section.heading}" has no paragraph`);
    section = undefined;
  };

  lines.forEach((raw, index) => {
    const number = index + 1;
    const text = raw.trimEnd();
    if (inComment || text.startsWith('<!--')) {
      inComment = !text.endsWith('-->');
      if (text.includes('-->') && !text.endsWith('-->')) throw new ContentError(file, `line ${String(number)}: nothing may follow "-->" on its line`);
      return;
    }
    if (text === '') return endParagraph();
    if (title === undefined) {
      if (!text.startsWith('# ')) throw new ContentError(file, `line ${String(number)}: the text starts with its title, "# Title"`);
      title = plain(text.slice(2).trim(), file, number);
      return;
    }
    if (text.startsWith('# ')) throw new ContentError(file, `line ${String(number)}: a second title; sections are "## Heading"`);
    if (text.startsWith('## ')) {
      endSection();
      section = { heading: plain(text.slice(3).trim(), file, number), paragraphs: [], line: number };
      pages.at(-1)!.push(section);
      return;
    }
    if (/^-{3,}$/.test(text)) {
      if (paragraph.length > 0) throw new ContentError(file, `line ${String(number)}: put a blank line before "---" (right after a paragraph, Markdown reads "---" as underlining a heading)`);
      endSection();
      if (pages.at(-1)!.length === 0) throw new ContentError(file, `line ${String(number)}: a page with no section before this "---"`);
      pages.push([]);
      return;
    }
    const refused = REFUSED.find(([pattern]) => pattern.test(text));
    if (refused) throw new ContentError(file, `line ${String(number)}: ${refused[1]}`);
    if (!section) throw new ContentError(file, `line ${String(number)}: text before the first "## " section heading`);
    paragraph.push(plain(text, file, number));
  });
  if (inComment) throw new ContentError(file, 'a "<!--" comment is never closed with "-->"');
  endSection();
  if (title === undefined) throw new ContentError(file, 'no title ("# Title")');
  if (pages.at(-1)!.length === 0) throw new ContentError(file, 'the last page is empty: remove the final "---"');
  return { title, pages: pages.map((sections) => ({ sections: sections.map(({ heading, paragraphs }) => ({ heading, paragraphs })) })) };
}

const nonEmpty = z.string().min(1);
const legalTextSchema = z.strictObject({
  title: nonEmpty,
  pages: z.array(z.strictObject({ sections: z.array(z.strictObject({ heading: nonEmpty, paragraphs: z.array(nonEmpty).min(1) })).min(1) })).min(1),
}) satisfies z.ZodType<Omit<LegalText, 'id'>>;

/** The legal text `id` from `file` (content/legal/<id>.md unless a test names another). */
export function loadLegalText(id: LegalId, file = `legal/${id}.md`): LegalText {
  return { id, ...validateContent(legalTextSchema, parseLegalMarkdown(readContent(file), file), file) };
}

/** Both texts, read and checked once; the order is the order of LEGAL_IDS. */
export const LEGAL_TEXTS: Readonly<Record<LegalId, LegalText>> = {
  'terms-of-service': loadLegalText('terms-of-service'),
  'privacy-policy': loadLegalText('privacy-policy'),
};
