/**
 * The plain Markdown editors keep Kindred's texts in (the legal texts, content/legal/; the Help
 * Center's questions, content/help/): headings and paragraphs of plain text, and nothing Markdown
 * would turn into something else, so no Markdown syntax ever reaches a page or a PDF. Each reader
 * (features/legal/legal-texts.ts, and web/build/faq.ts when the web app is built) decides its own
 * headings; the lines, comments and plain text are read here. Nothing here touches the disk, so
 * the web build can run it too.
 */

/** A problem at a line of the file; the reader names the file and throws. */
export type Fail = (line: number, problem: string) => never;

/** One line of the text to read, comments left out; `text` without its trailing spaces. */
export interface TextLine {
  number: number;
  text: string;
}

/**
 * The lines of `markdown` (a byte-order mark and Windows line ends allowed) without the notes for
 * the editors: `<!-- … -->` on lines of their own, which nothing may follow on their last line.
 */
export function textLines(markdown: string, fail: Fail, failFile: (problem: string) => never): TextLine[] {
  const lines: TextLine[] = [];
  let inComment = false;
  markdown
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((raw, index) => {
      const number = index + 1;
      const text = raw.trimEnd();
      if (inComment || text.startsWith('<!--')) {
        inComment = !text.endsWith('-->');
        if (text.includes('-->') && !text.endsWith('-->')) fail(number, 'nothing may follow "-->" on its line');
        return;
      }
      lines.push({ number, text });
    });
  if (inComment) failFile('a "<!--" comment is never closed with "-->"');
  return lines;
}

/** Lines neither kind of text has a place for, with what to write instead. */
const REFUSED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\s/, 'lines do not start with spaces or tabs (Markdown would read them as code or as part of a list)'],
  [/^([-+*]|\d+[.)])(\s|$)/, 'lists are not used: write the items as a paragraph, or put a backslash before the mark ("1\\. ") to start a paragraph with it'],
  [/^>/, 'quotes are not used'],
  [/^(```|~~~)/, 'code blocks are not used'],
  [/^\|/, 'tables are not used'],
];

/** Fails on a line of a paragraph that Markdown would read as something else. */
export function refuseMarkup(line: TextLine, fail: Fail): void {
  const refused = REFUSED.find(([pattern]) => pattern.test(line.text));
  if (refused) fail(line.number, refused[1]);
}

/** What a backslash may escape (CommonMark: any ASCII punctuation). */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
/** Marks that would mean emphasis, code, HTML or a link in Markdown. */
const MARKUP = /[*_`<>[\]]/;

export interface PlainTextRules {
  /** Who does not show markup, for the error: "the legal pages do not show", "the page does not show". */
  notShownBy: string;
  /** The `{name}`s that are filled in; any other is an error. */
  placeholders: readonly string[];
  /** Who fills them, for the error: "the settings fill", "the page fills". */
  filledBy: string;
}

/** One line of plain text: escapes resolved, markup refused, placeholders checked. */
export function plainText(text: string, line: number, rules: PlainTextRules, fail: Fail): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      out += next;
      i++;
    } else if (MARKUP.test(ch)) {
      fail(line, `"${ch}" would be Markdown markup, which ${rules.notShownBy}; write "\\${ch}" for the character itself`);
    } else {
      out += ch;
    }
  }
  for (const [, name = ''] of out.matchAll(/\{(\w+)\}/g)) {
    if (!rules.placeholders.includes(name)) fail(line, `unknown placeholder {${name}}; ${rules.filledBy} ${rules.placeholders.map((p) => `{${p}}`).join(', ')}`);
  }
  return out;
}
