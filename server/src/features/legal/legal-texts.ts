import { existsSync } from 'node:fs';

import { z } from 'zod';

import { ContentError, contentPath, readContent, validateContent } from '../../content.js';
import { type Language, LANGUAGES, SOURCE_LANGUAGE } from '../../i18n/languages.js';
import { plainText, type PlainTextRules, refuseMarkup, textLines } from '../../plain-markdown.js';
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
 *
 * Translations sit beside the English as content/legal/<id>.<language>.md (privacy-policy.fr.md,
 * privacy-policy.zh-Hans.md). The English is the binding version: a translation starts with a
 * section saying so, and then has exactly the English's pages, sections, paragraphs and
 * placeholders (checkTranslation), so that it cannot drift from it unnoticed.
 */

export type LegalId = LegalText['id'];

const PLAIN: PlainTextRules = { notShownBy: 'the legal pages do not show', placeholders: LEGAL_PLACEHOLDERS, filledBy: 'the settings fill' };

interface Section {
  heading: string;
  paragraphs: string[];
  line: number;
}

/** The title and pages of a legal text in the shape above; `file` names it in errors. */
export function parseLegalMarkdown(markdown: string, file: string): Omit<LegalText, 'id' | 'language'> {
  const fail = (line: number, problem: string): never => {
    throw new ContentError(file, `line ${String(line)}: ${problem}`);
  };
  const plain = (text: string, line: number) => plainText(text, line, PLAIN, fail);
  let title: string | undefined;
  const pages: Section[][] = [[]];
  let section: Section | undefined;
  let paragraph: string[] = [];

  const endParagraph = () => {
    if (paragraph.length > 0) section!.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (section && section.paragraphs.length === 0) fail(section.line, `the section "${section.heading}" has no paragraph`);
    section = undefined;
  };

  const lines = textLines(markdown, fail, (problem) => {
    throw new ContentError(file, problem);
  });
  for (const line of lines) {
    const { number, text } = line;
    if (text === '') {
      endParagraph();
      continue;
    }
    if (title === undefined) {
      if (!text.startsWith('# ')) fail(number, 'the text starts with its title, "# Title"');
      title = plain(text.slice(2).trim(), number);
      continue;
    }
    if (text.startsWith('# ')) fail(number, 'a second title; sections are "## Heading"');
    if (text.startsWith('## ')) {
      endSection();
      section = { heading: plain(text.slice(3).trim(), number), paragraphs: [], line: number };
      pages.at(-1)!.push(section);
      continue;
    }
    if (/^-{3,}$/.test(text)) {
      if (paragraph.length > 0) fail(number, 'put a blank line before "---" (right after a paragraph, Markdown reads "---" as underlining a heading)');
      endSection();
      if (pages.at(-1)!.length === 0) fail(number, 'a page with no section before this "---"');
      pages.push([]);
      continue;
    }
    if (/^#{3,}\s/.test(text)) fail(number, 'only "# " (the title) and "## " (a section) headings are used');
    if (/^#\S/.test(text)) fail(number, 'a heading needs a space after its "#"');
    if (/^=+\s*$/.test(text)) fail(number, 'underlined headings are not used: write "## Heading"');
    refuseMarkup(line, fail);
    if (!section) fail(number, 'text before the first "## " section heading');
    paragraph.push(plain(text, number));
  }
  endSection();
  if (title === undefined) throw new ContentError(file, 'no title ("# Title")');
  if (pages.at(-1)!.length === 0) throw new ContentError(file, 'the last page is empty: remove the final "---"');
  return { title, pages: pages.map((sections) => ({ sections: sections.map(({ heading, paragraphs }) => ({ heading, paragraphs })) })) };
}

const nonEmpty = z.string().min(1);
const legalTextSchema = z.strictObject({
  title: nonEmpty,
  pages: z.array(z.strictObject({ sections: z.array(z.strictObject({ heading: nonEmpty, paragraphs: z.array(nonEmpty).min(1) })).min(1) })).min(1),
}) satisfies z.ZodType<Omit<LegalText, 'id' | 'language'>>;

/** Where the legal text `id` is kept in `language`: content/legal/<id>.md for the English, <id>.<language>.md for a translation. */
export function legalFile(id: LegalId, language: Language): string {
  return language === SOURCE_LANGUAGE ? `legal/${id}.md` : `legal/${id}.${language}.md`;
}

/** The legal text `id` from `file` (content/legal/<id>.md unless a test names another). */
export function loadLegalText(id: LegalId, file = `legal/${id}.md`, language: Language = SOURCE_LANGUAGE): LegalText {
  return { id, language, ...validateContent(legalTextSchema, parseLegalMarkdown(readContent(file), file), file) };
}

const placeholdersOf = (texts: string[]) => [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort().join(', ');

/**
 * A translation is the English's shape after its first section (the notice that the English
 * binds): the same pages, each with the same sections, each with the same number of paragraphs
 * and the same placeholders. What differs is named with the section, so the file is easy to fix.
 */
export function checkTranslation(english: Omit<LegalText, 'id' | 'language'>, translation: Omit<LegalText, 'id' | 'language'>, file: string): void {
  const [firstPage, ...laterPages] = translation.pages;
  if (!firstPage || firstPage.sections.length < 2) throw new ContentError(file, 'a translation starts with a section saying that the English version is the binding one, then the sections of the English');
  const pages = [{ sections: firstPage.sections.slice(1) }, ...laterPages];
  if (pages.length !== english.pages.length) throw new ContentError(file, `${String(pages.length)} pages, the English has ${String(english.pages.length)} ("---" lines)`);
  english.pages.forEach((page, p) => {
    const theirs = pages[p]!.sections;
    if (theirs.length !== page.sections.length) throw new ContentError(file, `page ${String(p + 1)} has ${String(theirs.length)} sections, the English has ${String(page.sections.length)}`);
    page.sections.forEach((section, s) => {
      const their = theirs[s]!;
      const where = `page ${String(p + 1)}, section "${their.heading}" (English: "${section.heading}")`;
      if (their.paragraphs.length !== section.paragraphs.length) throw new ContentError(file, `${where} has ${String(their.paragraphs.length)} paragraphs, the English has ${String(section.paragraphs.length)}`);
      const ours = placeholdersOf([section.heading, ...section.paragraphs]);
      const translated = placeholdersOf([their.heading, ...their.paragraphs]);
      if (ours !== translated) throw new ContentError(file, `${where} uses the placeholders {${translated}}, the English {${ours}}`);
    });
  });
}

function loadTexts(id: LegalId): Partial<Record<Language, LegalText>> & { en: LegalText } {
  const english = loadLegalText(id);
  const texts: Partial<Record<Language, LegalText>> & { en: LegalText } = { en: english };
  for (const language of LANGUAGES.filter((code) => code !== SOURCE_LANGUAGE)) {
    const file = legalFile(id, language);
    if (!existsSync(contentPath(file))) continue;
    const translation = loadLegalText(id, file, language);
    checkTranslation(english, translation, file);
    texts[language] = translation;
  }
  return texts;
}

/** Each text in every language it is written in (the English always), read and checked once. */
export const LEGAL_TEXTS_BY_LANGUAGE: Readonly<Record<LegalId, Partial<Record<Language, LegalText>> & { en: LegalText }>> = {
  'terms-of-service': loadTexts('terms-of-service'),
  'privacy-policy': loadTexts('privacy-policy'),
};

/** Both English texts; the order is the order of LEGAL_IDS. */
export const LEGAL_TEXTS: Readonly<Record<LegalId, LegalText>> = {
  'terms-of-service': LEGAL_TEXTS_BY_LANGUAGE['terms-of-service'].en,
  'privacy-policy': LEGAL_TEXTS_BY_LANGUAGE['privacy-policy'].en,
};

/** The languages `id` can be read in, the English first. */
export function legalLanguages(id: LegalId): Language[] {
  return LANGUAGES.filter((language) => LEGAL_TEXTS_BY_LANGUAGE[id][language] !== undefined);
}
