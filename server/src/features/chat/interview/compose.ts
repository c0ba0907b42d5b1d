import type { LookingFor } from '../../../db/schema.js';
import type { Language } from '../../../i18n/languages.js';
import { type InterviewFacts, listPhrase, LOOKING_FOR_PHRASES, type MemberBasics, union } from './facts.js';
import { interestIn, listIn, lookingForIn, say, socialIn, traitIn, valueIn } from './words.js';

/** What an interview writes into the profile. */
export interface InterviewProfile {
  bio: string;
  enhancedBackground: string;
  interests: string[];
  personalityType: string | null;
  socialStyle: string | null;
  relationshipStyle: string | null;
  coreValues: string[];
  lookingFor: LookingFor[];
}

/** The profile columns an interview writes (the chat, the sample community and the search evaluation save them). */
export function interviewProfileColumns(profile: InterviewProfile) {
  return {
    bio: profile.bio,
    enhanced_background: profile.enhancedBackground,
    interests: profile.interests,
    personality_type: profile.personalityType,
    social_style: profile.socialStyle,
    relationship_style: profile.relationshipStyle,
    core_values: profile.coreValues,
    looking_for: profile.lookingFor,
  };
}

export const BIO_MAX = 500;
export const BACKGROUND_MAX = 1200;
const MAX_INTERESTS = 20;
/** How many items a sentence lists before it gets tiresome. */
const LIST_IN_SENTENCE = 8;

/** Labels mid-sentence: "Board games" → "board games", but "TV series" stays. */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sentences joined, dropping whole sentences from the end so the text fits `max`. */
function fit(sentences: readonly string[], max: number, separator = ' '): string {
  const kept: string[] = [];
  for (const sentence of sentences) {
    if ([...kept, sentence].join(separator).length > max) break;
    kept.push(sentence);
  }
  const first = sentences[0] ?? '';
  // One sentence longer than the whole budget is cut at a word, rather than lost.
  return kept.length > 0 ? kept.join(separator) : `${first.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

export function personalityType(traits: readonly string[]): string | null {
  const outgoing = traits.includes('outgoing') || traits.includes('talkative');
  const introverted = traits.includes('introverted');
  if (traits.includes('ambivert') || (outgoing && introverted)) return 'Ambivert';
  if (introverted) return 'Introvert';
  if (outgoing) return 'Extrovert';
  return traits[0] ? sentenceCase(traits[0]) : null;
}

/** "prefers small groups and planned meetups", "free on weekends and in the evenings". */
function socialParts(social: readonly string[]): { prefers: string | null; availability: string | null } {
  const both = social.includes('small groups') && social.includes('big groups');
  const preferences = social
    .filter((s) => !s.startsWith('free ') && !s.startsWith('happy '))
    .filter((s) => !both || (s !== 'small groups' && s !== 'big groups'));
  if (both) preferences.unshift('both small groups and big gatherings');
  const times = social.filter((s) => s.startsWith('free ')).map((s, i) => (i === 0 ? s : s.slice('free '.length)));
  const online = social.includes('happy to meet online') ? ['happy to meet online'] : [];
  const availability = [...(times.length > 0 ? [listPhrase(times)] : []), ...online];
  return {
    prefers: preferences.length > 0 ? listPhrase(preferences) : null,
    availability: availability.length > 0 ? listPhrase(availability) : null,
  };
}

export function socialStyle(social: readonly string[]): string | null {
  const { prefers, availability } = socialParts(social);
  if (prefers && availability) return `Enjoys ${prefers}; ${availability}`;
  if (prefers) return `Enjoys ${prefers}`;
  return availability ? sentenceCase(availability) : null;
}

export function relationshipStyle(lookingFor: readonly LookingFor[], partnerStyle: string | null): string | null {
  if (lookingFor.length === 0) return null;
  const base = `Looking for ${listPhrase(lookingFor.map((l) => LOOKING_FOR_PHRASES[l]))}`;
  return lookingFor.includes('partner') && partnerStyle ? `${base} (${partnerStyle})` : base;
}

/** "Software Developer" → "software developer"; acronyms ("IT") stay. */
function professionInSentence(profession: string): string {
  return profession
    .split(' ')
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** "a 21-year-old software developer", "an 18-year-old student", "an engineer". */
function description(age: number | null, profession: string | null): string {
  const noun = profession ? professionInSentence(profession) : 'member';
  if (age === null) return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
  const an = age === 8 || age === 11 || age === 18 || (age >= 80 && age < 90);
  return `${an ? 'an' : 'a'} ${age}-year-old ${noun}`;
}

/**
 * The bio in Chinese or French: the same sentences as the English one, from the catalogue
 * (content/i18n/server/<language>/interview.json, "bio"), naming everything in that language.
 */
function localBio(facts: InterviewFacts, basics: MemberBasics, language: Exclude<Language, 'en'>): string[] {
  const list = (items: readonly string[]) => listIn(language, items);
  const times = facts.social.filter((s) => s.startsWith('free ') || s.startsWith('happy '));
  const preferences = facts.social.filter((s) => !times.includes(s));
  const prefers = preferences.length > 0 ? list(preferences.map((s) => socialIn(language, s))) : null;
  // "libre le week-end et le soir", "周末和晚上有空": the times in one phrase, then meeting online.
  const free = times.filter((s) => s.startsWith('free '));
  const freePhrase = free.length > 0 ? [say(language, 'bio.free', { times: list(free.map((s) => say(language, `times.${s}`))) })] : [];
  const online = times.filter((s) => !s.startsWith('free ')).map((s) => socialIn(language, s));
  const availability = times.length > 0 ? list([...freePhrase, ...online]) : null;

  const bio: string[] = [];
  if (facts.interests.length > 0) bio.push(say(language, 'bio.interests', { list: list(facts.interests.slice(0, LIST_IN_SENTENCE).map((l) => interestIn(language, l))) }));
  if (facts.activities.length > 0) bio.push(say(language, 'bio.activities', { list: list(facts.activities.slice(0, LIST_IN_SENTENCE).map((l) => interestIn(language, l))) }));
  if (facts.interests.length === 0 && facts.activities.length === 0 && facts.ownWords[0]) bio.push(say(language, 'bio.ownWords', { words: facts.ownWords[0] }));
  if (facts.traits.length > 0) bio.push(say(language, 'bio.traits', { list: list(facts.traits.map((t) => traitIn(language, t))) }));
  if (prefers && availability) bio.push(say(language, 'bio.socialBoth', { prefers, availability }));
  else if (prefers) bio.push(say(language, 'bio.socialPrefers', { prefers }));
  else if (availability) bio.push(say(language, 'bio.socialAvailability', { availability }));
  if (facts.lookingFor.length > 0) bio.push(say(language, 'bio.lookingFor', { list: list(facts.lookingFor.map((l) => lookingForIn(language, l))) }));
  if (facts.values.length > 0) bio.push(say(language, 'bio.values', { list: list(facts.values.map((v) => valueIn(language, v))) }));
  if (bio.length === 0) bio.push(say(language, 'bio.hello', { name: basics.name }));
  return bio;
}

/**
 * The profile text, made only from what the member said and their basic information: first
 * person for the bio (the member's own voice), third person for the background that matches
 * and the profile dialog show.
 */
export function composeProfile(facts: InterviewFacts, basics: MemberBasics): InterviewProfile {
  const interests = union(facts.interests, facts.activities).slice(0, MAX_INTERESTS);
  const { prefers, availability } = socialParts(facts.social);
  const looking = facts.lookingFor.map((l) => LOOKING_FOR_PHRASES[l]);
  const values = facts.values.map((v) => v.toLowerCase());

  const bio: string[] = [];
  if (facts.interests.length > 0) bio.push(`I'm into ${listPhrase(facts.interests.slice(0, LIST_IN_SENTENCE).map(inSentence))}.`);
  if (facts.activities.length > 0) bio.push(`I'd love company for ${listPhrase(facts.activities.slice(0, LIST_IN_SENTENCE).map(inSentence))}.`);
  if (facts.interests.length === 0 && facts.activities.length === 0 && facts.ownWords[0]) bio.push(`In my own words: “${facts.ownWords[0]}”`);
  if (facts.traits.length > 0) bio.push(`Friends would call me ${listPhrase(facts.traits)}.`);
  if (prefers || availability) {
    bio.push(
      prefers && availability
        ? `I like ${prefers}, and I'm usually ${availability}.`
        : prefers
          ? `I like ${prefers}.`
          : `I'm usually ${availability!}.`,
    );
  }
  if (looking.length > 0) bio.push(`Here to meet ${listPhrase(looking)}.`);
  if (values.length > 0) bio.push(`What matters to me: ${listPhrase(values)}.`);
  if (bio.length === 0) bio.push(`Hi, I'm ${basics.name}.`);

  const name = basics.name;
  const background: string[] = [];
  const city = basics.location?.split(',')[0]?.trim();
  background.push(`${name} is ${description(basics.age, basics.profession)}${city ? ` based in ${city}` : ''}.`);
  if (interests.length > 0) {
    background.push(
      `${name} enjoys ${listPhrase((facts.interests.length > 0 ? facts.interests : interests).slice(0, LIST_IN_SENTENCE).map(inSentence))}${
        facts.activities.length > 0 && facts.interests.length > 0 ? ` and would like company for ${listPhrase(facts.activities.slice(0, LIST_IN_SENTENCE).map(inSentence))}` : ''
      }.`,
    );
  }
  if (facts.traits.length > 0) background.push(`Friends would describe ${name} as ${listPhrase(facts.traits)}.`);
  if (prefers) background.push(`${name} enjoys ${prefers}${availability ? ` and is usually ${availability}` : ''}.`);
  else if (availability) background.push(`${name} is usually ${availability}.`);
  if (looking.length > 0) {
    const style = facts.lookingFor.includes('partner') && facts.partnerStyle ? `, hoping for ${facts.partnerStyle}` : '';
    background.push(`${name} is looking for ${listPhrase(looking)}${style}.`);
  }
  if (values.length > 0) background.push(`${name} values ${listPhrase(values)}.`);

  const language = basics.language ?? 'en';
  return {
    // The bio is the member's own voice, in their language; the background stays in English,
    // the one language every viewer's matching reads it in.
    bio: language === 'en' ? fit(bio, BIO_MAX) : fit(localBio(facts, basics, language), BIO_MAX, language === 'zh-Hans' ? '' : ' '),
    enhancedBackground: fit(background, BACKGROUND_MAX),
    interests,
    personalityType: personalityType(facts.traits),
    socialStyle: socialStyle(facts.social),
    relationshipStyle: relationshipStyle(facts.lookingFor, facts.partnerStyle),
    coreValues: facts.values,
    lookingFor: facts.lookingFor,
  };
}
