import markdown from '../../../../content/help/faq.md?raw';
import { parseFaq } from './faq-markdown';

export type { Faq } from './faq-markdown';

/** The Help Center's questions (content/help/faq.md), read and checked when the page's module loads. */
export const FAQ = parseFaq(markdown, 'content/help/faq.md');
