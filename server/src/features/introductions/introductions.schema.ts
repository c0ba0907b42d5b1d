import type { LookingFor } from '../../db/schema.js';

export type { IntroductionRequest as IntroductionInput } from '../../../../contract/introductions.js';

/** What an introduction may say about its sender: facts from their profile, nothing else. */
export interface SenderFacts {
  name: string;
  age: number | null;
  location: string | null;
  profession: string | null;
  interests: string[];
  looking_for: LookingFor[];
  bio: string | null;
  mailbox_address: string;
}

const LOOKING_FOR_WORDS: Record<LookingFor, string> = { friend: 'friends', activity_partner: 'activity partners', partner: 'a partner' };
const BIO_MAX = 1000;

export const introductionSubject = (senderName: string) => `${senderName} would like to meet you`;

/**
 * The introduction's text, made only from the sender's saved profile: a fact the profile does
 * not have is left out, never guessed.
 */
export function introductionContent(sender: SenderFacts, recipientName: string | null, productName: string): string {
  const lines = [`Hi ${recipientName?.trim() || 'there'},`, '', `${sender.name} would like to meet you on ${productName}.`];
  const facts: string[] = [];
  if (sender.age !== null) facts.push(`Age: ${sender.age}`);
  if (sender.location) facts.push(`Location: ${sender.location}`);
  if (sender.profession) facts.push(`Profession: ${sender.profession}`);
  if (sender.interests.length > 0) facts.push(`Interests: ${sender.interests.slice(0, 10).join(', ')}`);
  if (sender.looking_for.length > 0) facts.push(`Looking for: ${sender.looking_for.map((l) => LOOKING_FOR_WORDS[l]).join(', ')}`);
  if (facts.length > 0) lines.push('', `About ${sender.name}:`, ...facts.map((fact) => `- ${fact}`));
  const bio = sender.bio?.trim();
  if (bio) lines.push('', `In their own words: ${bio.length > BIO_MAX ? `${bio.slice(0, BIO_MAX - 1)}…` : bio}`);
  lines.push('', `To reply, write to ${sender.mailbox_address}.`);
  return lines.join('\n');
}
