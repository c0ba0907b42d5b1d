import { checkTranslation, LEGAL_TEXTS, LEGAL_TEXTS_BY_LANGUAGE, legalLanguages, parseLegalMarkdown } from './legal-texts.js';

const parse = (markdown: string) => parseLegalMarkdown(markdown, 'content/legal/test.md');

describe('the legal texts in content/legal/', () => {
  it('are read with their titles and printed pages', () => {
    expect(LEGAL_TEXTS['terms-of-service']).toMatchObject({ id: 'terms-of-service', title: 'Terms of Service' });
    expect(LEGAL_TEXTS['terms-of-service'].pages).toHaveLength(8);
    expect(LEGAL_TEXTS['privacy-policy']).toMatchObject({ id: 'privacy-policy', title: 'Privacy Policy' });
    expect(LEGAL_TEXTS['privacy-policy'].pages).toHaveLength(12);
  });
});

describe('the legal Markdown shape', () => {
  it('reads a title, sections, paragraphs and pages, leaving notes out', () => {
    const markdown = [
      '<!--',
      'A note for the editors.',
      '-->',
      '',
      '# Terms',
      '',
      '## About',
      '',
      'One paragraph',
      'on two lines.',
      '',
      '1\\. Not a list, {product}.',
      '',
      '<!-- one more note -->',
      '## Second section',
      '',
      'Text with \\*stars\\* and a C:\\path.',
      '',
      '---',
      '',
      '## Next page',
      '',
      'Last.',
      '',
    ].join('\r\n');
    expect(parse(markdown)).toEqual({
      title: 'Terms',
      pages: [
        {
          sections: [
            { heading: 'About', paragraphs: ['One paragraph on two lines.', '1. Not a list, {product}.'] },
            { heading: 'Second section', paragraphs: ['Text with *stars* and a C:\\path.'] },
          ],
        },
        { sections: [{ heading: 'Next page', paragraphs: ['Last.'] }] },
      ],
    });
  });

  it.each([
    ['## About\n\nText.', 1, 'the text starts with its title'],
    ['# T\n\nText.', 3, 'text before the first "## " section heading'],
    ['# T\n\n## A\n\n- item', 5, 'lists are not used'],
    ['# T\n\n## A\n\n1. item', 5, 'lists are not used'],
    ['# T\n\n## A\n\n> quoted', 5, 'quotes are not used'],
    ['# T\n\n## A\n\n    code', 5, 'lines do not start with spaces'],
    ['# T\n\n## A\n\n### Sub', 5, 'only "# " (the title) and "## " (a section) headings are used'],
    ['# T\n\n## A\n\nSome *emphasis*.', 5, '"*" would be Markdown markup'],
    ['# T\n\n## A\n\nA [link](https://example.com).', 5, '"[" would be Markdown markup'],
    ['# T\n\n## A\n\nAt {campus}.', 5, 'unknown placeholder {campus}'],
    ['# T\n\n## A\n\nText.\n---\n\n## B\n\nMore.', 6, 'put a blank line before "---"'],
    ['# T\n\n---\n\n## A\n\nText.', 3, 'a page with no section before this "---"'],
    ['# T\n\n## A\n\n## B\n\nText.', 3, 'the section "A" has no paragraph'],
    ['# T\n\n## A\n\nText.\n\n# U', 7, 'a second title'],
  ])('refuses %j at line %i', (markdown, line, problem) => {
    expect(() => parse(markdown)).toThrow(`content/legal/test.md: line ${String(line)}: ${problem}`);
  });

  it('refuses an unclosed note, a missing title and an empty last page', () => {
    expect(() => parse('<!-- note\n# T')).toThrow('content/legal/test.md: a "<!--" comment is never closed');
    expect(() => parse('<!-- only a note -->\n')).toThrow('content/legal/test.md: no title');
    expect(() => parse('# T\n\n## A\n\nText.\n\n---\n')).toThrow('content/legal/test.md: the last page is empty');
  });
});

describe('the translations beside them', () => {
  it('are read for both texts in French and Simplified Chinese, each starting with the notice that the English binds', () => {
    for (const id of ['privacy-policy', 'terms-of-service'] as const) {
      for (const language of ['fr', 'zh-Hans'] as const) {
        const text = LEGAL_TEXTS_BY_LANGUAGE[id][language];
        if (!text) continue; // a text not (yet) translated is served in English
        expect(text.language).toBe(language);
        expect(text.pages.length).toBe(LEGAL_TEXTS[id].pages.length);
        expect(text.pages[0]!.sections[0]!.paragraphs.join(' ')).toMatch(language === 'fr' ? /version anglaise/ : /英文版/);
      }
    }
    expect(legalLanguages('privacy-policy')).toEqual(['en', 'zh-Hans', 'fr']);
    expect(legalLanguages('terms-of-service')).toEqual(['en', 'zh-Hans', 'fr']);
  });

  it('must keep the English\'s pages, sections, paragraphs and placeholders', () => {
    const english = parse('# T\n\n## A\n\nAt {product}.\n\n---\n\n## B\n\nOne.\n\nTwo.');
    const notice = '# T\n\n## Note\n\nThe English binds.\n\n';
    expect(() => checkTranslation(english, parse(`${notice}## A\n\nÀ {product}.\n\n---\n\n## B\n\nUn.\n\nDeux.`), 'x.fr.md')).not.toThrow();
    expect(() => checkTranslation(english, parse('# T\n\n## A\n\nÀ {product}.\n\n---\n\n## B\n\nUn.\n\nDeux.'), 'x.fr.md')).toThrow(/then the sections of the English/);
    expect(() => checkTranslation(english, parse(`${notice}## A\n\nÀ {company}.\n\n---\n\n## B\n\nUn.\n\nDeux.`), 'x.fr.md')).toThrow('section "A" (English: "A") uses the placeholders {company}, the English {product}');
    expect(() => checkTranslation(english, parse(`${notice}## A\n\nÀ {product}.\n\n---\n\n## B\n\nUn et deux.`), 'x.fr.md')).toThrow('has 1 paragraphs, the English has 2');
    expect(() => checkTranslation(english, parse(`${notice}## A\n\nÀ {product}.\n\n## B\n\nUn.\n\nDeux.`), 'x.fr.md')).toThrow('1 pages, the English has 2');
  });
});
