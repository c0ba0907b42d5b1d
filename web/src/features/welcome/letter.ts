// The welcome letter to early members: one text, shown on /welcome-letter, in the dialog on /welcome,
// and exported as a .txt file.
import { ordinal } from './ordinal';

/** The early-user gift (spec): 6 months of premium, worth $39 CAD, for the first 5,000 members. */
export const GIFT_MEMBER_LIMIT = 5000;

export interface LetterInput {
  productName: string;
  name: string | null;
  /** registration_order from the profile; null before the basic information is saved. */
  order: number | null;
  /** The early-user gift, when the member has it; `endsOn` is the subscription's end (ISO), if known. */
  gift: { endsOn: string | null } | null;
}

export interface LetterParagraph {
  key: string;
  text: string;
  /** The gift paragraph, which the page highlights. */
  gift?: boolean;
}

export interface Letter {
  title: string;
  /** "Pioneer User #42", or plain "Pioneer User" without an order yet. */
  badge: string;
  greeting: string;
  paragraphs: LetterParagraph[];
  closing: string;
  signature: string;
}

/** "June 1, 2026" for an ISO timestamp or day; null when it is not a date. */
export function formatGiftEnd(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function pioneerBadge(order: number | null): string {
  return order === null ? 'Pioneer User' : `Pioneer User #${order.toLocaleString('en-US')}`;
}

export function welcomeLetter({ productName, name, order, gift }: LetterInput): Letter {
  const firstName = name?.trim().split(/\s+/)[0];
  const paragraphs: LetterParagraph[] = [
    {
      key: 'welcome',
      text:
        order === null
          ? `Welcome to ${productName}. We are genuinely glad you are here.`
          : `Welcome to ${productName}. You are our ${ordinal(order)} member, and we are genuinely glad you are here.`,
    },
    {
      key: 'what',
      text: `${productName} is for students who want to find friends, activity partners or someone special by describing who they are looking for in plain words. It runs on your campus's own machines, so what you share with us stays here.`,
    },
    {
      key: 'honest',
      text: 'Being early comes with one thing we would rather say plainly: the community is still small, so some searches will find only a few people today. That changes every week as more students join.',
    },
  ];
  if (gift) {
    const end = gift.endsOn ? formatGiftEnd(gift.endsOn) : null;
    paragraphs.push({
      key: 'gift',
      gift: true,
      text: `As a thank-you to our first ${GIFT_MEMBER_LIMIT.toLocaleString('en-US')} members, you receive 6 months of premium membership, worth $39 CAD, as our gift. It is already on your account${end ? ` and runs until ${end}` : ''}.`,
    });
  }
  paragraphs.push(
    {
      key: 'return',
      text: 'Our suggestion: look around today, then come back in 30 days. By then there will be many more people to meet, and your matches will be better for it.',
    },
    {
      key: 'feedback',
      text: `If something feels off or could be better, tell us. Early members like you shape what ${productName} becomes.`,
    },
  );
  return {
    title: `A letter from ${productName}`,
    badge: pioneerBadge(order),
    greeting: `Dear ${firstName || 'friend'},`,
    paragraphs,
    closing: 'With gratitude,',
    signature: `The ${productName} Team`,
  };
}

/** The letter as plain text, for the Export button. */
export function letterText(letter: Letter): string {
  return [letter.title, letter.badge, '', letter.greeting, '', ...letter.paragraphs.flatMap((p) => [p.text, '']), letter.closing, letter.signature, ''].join('\n');
}

/** kindred-welcome-letter.txt, after the product's name. */
export function letterFileName(productName: string): string {
  const slug = productName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug ? `${slug}-` : ''}welcome-letter.txt`;
}
