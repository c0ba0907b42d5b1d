import { z } from 'zod';

import { analyzeText, LEXICON, splitElisions, type ConceptKind } from '../../../ai/builtin/embedding/index.js';
import { contentComment, contentText, loadJsonContent } from '../../../content.js';
import type { LookingFor } from '../../../db/schema.js';

/**
 * Rule-based reading of a member's answer: lexicon concepts for interests and activities, word
 * lists for personality, social style and values, and a few phrases for what they are looking
 * for. Clauses that negate ("I don't like running") are set apart, so they never become
 * interests; in profile updates they say what to remove.
 */

export interface Extraction {
  interests: string[];
  traits: string[];
  social: string[];
  lookingFor: LookingFor[];
  partnerStyle: string | null;
  values: string[];
  /** Interests named in negative clauses ("not into basketball anymore"). */
  removedInterests: string[];
  /** A name the member gave ("call me Sam"), if any. */
  name: string | null;
}

/**
 * "add pottery", "add rock climbing and knitting", « ajoute la poterie », "加上陶艺和编织": explicit
 * additions the lexicon may not know.
 */
const ADD_REQUEST = /(?:\badd|(?<!\p{L})ajoute[rz]?)\s+([\p{L}][\p{L} '’&-]{1,60})|(?:加上|添加|加个|加一个)\s*([\p{Script=Han}][\p{Script=Han}和]{0,30})/iu;

/** The labels an explicit "add …" names, each capitalized, at most five. */
export function explicitAdditions(text: string): string[] {
  const request = clauses(text).find((clause) => ADD_REQUEST.test(clause));
  const match = request === undefined ? null : ADD_REQUEST.exec(request);
  if (!match) return [];
  return (match[1] ?? match[2] ?? '')
    .split(/\s*(?:,|\band\b|\bet\b|&|和)\s*/i)
    .map((part) =>
      part
        .replace(/\b(to my (interests|hobbies|profile)|please|as (an? )?(interest|hobby))\b/gi, '')
        .replace(/(?<!\p{L})(à mes (centres d['’]intérêt|loisirs)|à mon profil|s['’]il (te|vous) pla[iî]t)(?!\p{L})/giu, '')
        // French articles: « la poterie » is Poterie.
        .replace(/^(?:(?:le|la|les|du|des|de la|un|une)\s+|(?:l|d)['’]\s*)/iu, '')
        .trim(),
    )
    .filter((part) => part.length >= (/\p{Script=Han}/u.test(part) ? 1 : 2) && part.length <= 40)
    .slice(0, 5)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase());
}

const LABEL_OVERRIDES: Record<string, string> = {
  tv_series: 'TV series',
  premed: 'Pre-med',
  tech: 'Technology',
  music_listening: 'Music',
  music_making: 'Making music',
  computer_science: 'Computer science',
  racket_sports: 'Racket sports',
  water_sports: 'Water sports',
  winter_sports: 'Winter sports',
  table_tennis: 'Table tennis',
  trail_running: 'Trail running',
  video_games: 'Video games',
  board_games: 'Board games',
  martial_arts: 'Martial arts',
};

const INTEREST_KINDS: ReadonlySet<ConceptKind> = new Set(['activity', 'interest', 'subject']);

/** The label each activity, interest and subject concept is saved under ("Winter sports"). */
export const INTEREST_LABELS: ReadonlyMap<string, string> = new Map(
  LEXICON.filter((c) => INTEREST_KINDS.has(c.kind)).map((c) => [
    c.id,
    LABEL_OVERRIDES[c.id] ?? c.id.charAt(0).toUpperCase() + c.id.slice(1).replace(/_/g, ' '),
  ]),
);

/** [pattern, the adjective it means]. English words whole; Chinese as substrings. */
const TRAIT_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(outgoing|extrovert(ed)?|extravert|sociable|social butterfly|people person)\b|外向|开朗|社牛|自来熟/i, 'outgoing'],
  [/\b(introvert(ed)?|reserved|quiet|shy)\b|内向|安静|慢热|社恐/i, 'introverted'],
  [/\bambivert\b/i, 'ambivert'],
  [/\b(funny|witty|humou?rous|goofy|silly|sense of humou?r)\b|幽默|搞笑|风趣|逗/i, 'funny'],
  // "kind of shy" is a hedge, not kindness.
  [/\b(kind(?!\s+of\b)|caring|warm|sweet|gentle|empathetic)\b|善良|温柔|体贴|温暖/i, 'kind'],
  [/\b(curious|inquisitive)\b|好奇/i, 'curious'],
  [/\b(calm|chill|relaxed|laid[- ]back|easy[- ]?going|mellow)\b|随和|佛系|淡定|松弛/i, 'easygoing'],
  [/\b(adventurous|daring|spontaneous)\b|爱冒险|随性/i, 'adventurous'],
  [/\b(creative|artistic|imaginative)\b|有创意|文艺/i, 'creative'],
  [/\b(ambitious|driven|motivated|hard[- ]?working|disciplined)\b|上进|自律|努力/i, 'driven'],
  [/\b(thoughtful|considerate|good listener|listener)\b|善解人意|倾听/i, 'thoughtful'],
  [/\b(energetic|active|sporty|lively)\b|活泼|有活力|精力充沛/i, 'energetic'],
  [/\b(optimistic|positive|cheerful|upbeat)\b|乐观|积极|阳光/i, 'optimistic'],
  [/\b(organi[sz]ed|reliable|responsible|dependable|punctual)\b|靠谱|负责|守时/i, 'reliable'],
  [/\b(honest|genuine|sincere|straightforward|direct)\b|真诚|诚实|直爽/i, 'genuine'],
  [/\b(loyal|trustworthy)\b|忠诚|仗义/i, 'loyal'],
  [/\b(talkative|chatty)\b|健谈|话痨/i, 'talkative'],
  [/\b(nerdy|geeky|nerd|geek)\b|技术宅|学霸/i, 'nerdy'],
  [/\b(open[- ]minded|accepting)\b|包容|开放/i, 'open-minded'],
];

const SOCIAL_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(small groups?|one[- ]on[- ]one|1[- ]on[- ]1|few (close )?friends|just a few people|intimate)\b|小圈子|一对一|两三个人|几个人/i, 'small groups'],
  [/\b(big groups?|large groups?|big gatherings?|parties|party|crowds?|lots of people|the more the merrier)\b|人多|大聚会|热闹/i, 'big groups'],
  [/\b(plan(ned)? ahead|planned|schedule[sd]?|organi[sz]ed plans|regular|weekly|every week)\b|提前约|固定|每周/i, 'planned meetups'],
  [/\b(spontaneous|last[- ]minute|go with the flow|whenever)\b|随时|说走就走|临时/i, 'spontaneous plans'],
  [/\b(weekends?|saturdays?|sundays?)\b|周末/i, 'free on weekends'],
  [/\b(evenings?|nights?|after (class|work))\b|晚上|下课后|下班后/i, 'free in the evenings'],
  [/\b(mornings?|early riser)\b|早上|早晨/i, 'free in the mornings'],
  [/\b(online|virtual|discord|video call)\b|线上|网上/i, 'happy to meet online'],
];

const VALUE_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(honest(y)?|truth(ful)?|sincer(e|ity)|genuine)\b|真诚|诚实|坦诚/i, 'Honesty'],
  [/\b(kind(?!\s+of\b)(ness)?|compassion(ate)?|caring)\b|善良|友善/i, 'Kindness'],
  [/\b(loyal(ty)?)\b|忠诚/i, 'Loyalty'],
  [/\brespect(ful)?\b|尊重/i, 'Respect'],
  [/\b(curiosity|learning|keep learning|always learning)\b|求知|学习/i, 'Curiosity'],
  [/\b(growth|grow|self[- ]improvement|improv(e|ing))\b|成长|进步|上进/i, 'Growth'],
  [/\bfamily\b|家庭|家人/i, 'Family'],
  [/\b(humou?r|fun|laughter)\b|快乐|开心/i, 'Fun'],
  [/\b(ambition|ambitious|drive)\b|野心|抱负/i, 'Ambition'],
  [/\b(open[- ]minded(ness)?|openness)\b|包容|开放/i, 'Open-mindedness'],
  [/\b(balance|work[- ]life)\b|平衡/i, 'Balance'],
  [/\b(faith|god|church|spiritual(ity)?)\b|信仰/i, 'Faith'],
  [/\b(community|volunteer(ing)?|giving back)\b|社区|志愿/i, 'Community'],
  [/\b(reliab(le|ility)|dependab(le|ility)|commitment)\b|靠谱|责任/i, 'Reliability'],
  [/\b(empathy|understanding)\b|同理心|理解/i, 'Empathy'],
  [/\b(independen(t|ce)|freedom)\b|独立|自由/i, 'Independence'],
  [/\b(adventure|new experiences)\b|冒险|新体验/i, 'Adventure'],
  [/\b(creativity)\b|创造力/i, 'Creativity'],
];

// ── French (and more Chinese) words, as data: content/interview/reading.json ──────────────────

const termLists = z.record(z.string(), z.array(contentText));
/** content/interview/reading.json (or a test's copy), validated. */
export function loadInterviewReading(file = 'interview/reading.json') {
  return loadJsonContent(readingSchema, file);
}
const readingSchema = z.strictObject({
  $comment: contentComment,
  traits: termLists,
  social: termLists,
  values: termLists,
  lookingFor: z.strictObject({ friend: z.array(contentText), activity_partner: z.array(contentText), partner: z.array(contentText) }),
  doing: z.array(contentText),
  partnerStyle: termLists,
  negation: z.array(contentText),
});
const reading = loadInterviewReading();

/**
 * The form words are compared in: lower case, accents and typographic apostrophes gone, and a
 * French elision set apart ("l’escalade" → "l' escalade"), so « j’adore l’escalade » reads "escalade".
 */
export function readingForm(text: string): string {
  return splitElisions(
    text
      .normalize('NFD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’‘`´]/g, "'"),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for a list of terms: whole words for Latin script, substrings for Chinese. */
function termPattern(terms: readonly string[]): RegExp {
  const forms = [...new Set(terms.map(readingForm))].sort((a, b) => b.length - a.length);
  const han = forms.filter((t) => /\p{Script=Han}/u.test(t)).map(escapeRegExp);
  const words = forms.filter((t) => !/\p{Script=Han}/u.test(t)).map(escapeRegExp);
  const parts = [...(words.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`] : []), ...han];
  return parts.length > 0 ? new RegExp(parts.join('|'), 'gu') : /(?!)/gu;
}

function termMatchers(lists: Record<string, string[]>): ReadonlyArray<readonly [RegExp, string]> {
  return Object.entries(lists).map(([label, terms]) => [termPattern(terms), label] as const);
}

const FR_TRAITS = termMatchers(reading.traits);
const FR_SOCIAL = termMatchers(reading.social);
const FR_VALUES = termMatchers(reading.values);
const FR_PARTNER_STYLE = termMatchers(reading.partnerStyle);
const FR_ACTIVITY_PARTNER = termPattern(reading.lookingFor.activity_partner);
const FR_PARTNER = termPattern(reading.lookingFor.partner);
const FR_FRIEND = termPattern(reading.lookingFor.friend);
const FR_DOING = termPattern(reading.doing);
/** « partenaire(s) » with what it is for (« pour », « de », « d' », « du », « des », « à »), to the end of the clause, in reading form. */
const FR_PARTNER_FOR = /(?<![\p{L}])partenaires?\s+(?:pour|de|d'|du|des|a)\s+([^.!?;,\n]*)/gu;
const KIND_OF_CONCEPT: ReadonlyMap<string, ConceptKind> = new Map(LEXICON.map((c) => [c.id, c.kind]));

/**
 * `form` less each « partenaire » for something to do (« un partenaire pour la course », « un
 * partenaire de muscu », « des partenaires pour aller à la salle »): a verb of doing or an
 * activity the lexicon knows follows it. As in English ("a partner for climbing"), that is an
 * activity partner; « un partenaire de vie », « pour une relation sérieuse » name nothing to do
 * and stay romantic. Undefined when there is none.
 */
function withoutPartnersForActivity(form: string): string | undefined {
  let found = false;
  const rest = form.replace(FR_PARTNER_FOR, (whole, what: string) => {
    const doing = matchesTerms(FR_DOING, what) || conceptsOf(what).some((id) => KIND_OF_CONCEPT.get(id) === 'activity');
    if (!doing) return whole;
    found = true;
    return ' ';
  });
  return found ? rest : undefined;
}
const FR_NEGATION = new RegExp(`${termPattern(reading.negation).source}|(?<!\\p{L})(?:ne|n')(?!\\p{L}).*?(?<!\\p{L})(?:pas|plus|jamais|guere|rien)(?!\\p{L})`, 'u');

function matchesTerms(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

const NEGATION = /\b(don'?t|do not|doesn'?t|not|never|no longer|hate|dislike|can'?t stand|anymore|any more|stopp?ed|quit|remove|delete|drop)\b|不喜欢|讨厌|不再|不想|删除|去掉|不玩|不爱/i;

/** Clauses: sentences and their parts, split at punctuation and at "but". */
function clauses(text: string): string[] {
  return text
    .split(/[.!?;\n。！？；，,、]+|\bbut\b|\band (?=i\b|i'm\b|i am\b|im\b)|\bmais\b|但是|不过/i)
    .map((c) => c.trim())
    .filter(Boolean);
}

function conceptsOf(text: string): string[] {
  return [...analyzeText(readingForm(text)).concepts];
}

function matchWords(text: string, words: ReadonlyArray<readonly [RegExp, string]>, more: ReadonlyArray<readonly [RegExp, string]> = []): string[] {
  const form = readingForm(text);
  const labels = [...words.filter(([pattern]) => pattern.test(text)).map(([, label]) => label), ...more.filter(([pattern]) => matchesTerms(pattern, form)).map(([, label]) => label)];
  // In the order of the English list, whichever language named it.
  const order = [...words.map(([, label]) => label), ...more.map(([, label]) => label)];
  return unique(labels).sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function isNegative(clause: string): boolean {
  return NEGATION.test(clause) || FR_NEGATION.test(readingForm(clause));
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

const NAME_PATTERN =
  /\b(?:[Mm]y name is|[Cc]all me|[Ii] go by|[Jj]e m['’]appelle|[Aa]ppelez[- ]moi|[Mm]on (?:prénom|nom) est)\s+(\p{Lu}[\p{L}'-]{1,29}(?:\s+\p{Lu}[\p{L}'-]{1,29})?)|(?:我叫|叫我)\s*([\p{Script=Han}]{1,4})/u;

function lookingForOf(text: string, concepts: readonly string[]): { lookingFor: LookingFor[]; partnerStyle: string | null } {
  const found: LookingFor[] = [];
  // French: an activity partner first, then a partner in what is left ("partenaire d'activité"
  // is not a romantic partner), then friends ("petite amie" is not a friend).
  let form = readingForm(text);
  const forActivity = withoutPartnersForActivity(form);
  form = forActivity ?? form;
  const frActivity = forActivity !== undefined || matchesTerms(FR_ACTIVITY_PARTNER, form);
  form = form.replace(FR_ACTIVITY_PARTNER, ' ');
  const frPartner = matchesTerms(FR_PARTNER, form);
  form = form.replace(FR_PARTNER, ' ');
  const frFriend = matchesTerms(FR_FRIEND, form);
  if (concepts.includes('friendship') || concepts.includes('socializing') || /\bfriends?\b|朋友/i.test(text) || frFriend) found.push('friend');
  if (frActivity) found.push('activity_partner');
  if (concepts.includes('activity_partner') && !/\b(a|my|romantic|life|long[- ]term)\s+partner\b(?!\s+(for|to|in|at))/i.test(text)) {
    found.push('activity_partner');
  }
  if (/\b(buddy|buddies|someone to (go|play|join|study|train|run|hike)|people to (go|play|join|study|train|run|hike)|teammates?|workout partner|study partner)\b|搭子|一起玩|结伴|组队/i.test(text)) {
    found.push('activity_partner');
  }
  const romantic =
    frPartner ||
    concepts.includes('dating') ||
    /\b(a|my|romantic|life|long[- ]term)\s+partner\b(?!\s+(for|to|in|at))|\b(relationship|someone special|soulmate)\b/i.test(text);
  if (romantic) found.push('partner');
  let partnerStyle: string | null = null;
  if (romantic) {
    const frStyle = FR_PARTNER_STYLE.find(([pattern]) => matchesTerms(pattern, readingForm(text)))?.[1] ?? null;
    if (/\b(long[- ]term|serious|settle down|commit(ted|ment)?|marriage)\b|认真|长期|结婚/i.test(text)) partnerStyle = 'a long-term relationship';
    else if (/\b(casual|slow|no pressure|see where it goes)\b|随缘|慢慢来/i.test(text)) partnerStyle = 'taking things slow';
    else partnerStyle = frStyle;
  }
  return { lookingFor: unique(found), partnerStyle };
}

/** Friends as the ones describing the member ("my friends say", "朋友说我", « mes amis me décriraient »). */
const FRIENDS_DESCRIBE =
  /\b(?:my\s+)?friends\s+(?:would\s+|usually\s+|often\s+)?(?:say|describe|call|think|see)\b|朋友们?(?:都|常)?(?:说|觉得|认为|形容|眼中)|\b(?:mes\s+)?amis\s+(?:me\s+)?(?:disent|diraient|décrivent|décriraient|trouvent|voient)\b/giu;

/** Reads one answer. Negative clauses contribute only to `removedInterests`. */
export function extractFacts(text: string): Extraction {
  const positive: string[] = [];
  const negative: string[] = [];
  for (const clause of clauses(text)) (isNegative(clause) ? negative : positive).push(clause);
  const kept = positive.join('. ');

  const concepts = conceptsOf(kept);
  // "My friends would say I'm funny" describes the member; it does not ask for friends.
  const wishes = kept.replace(FRIENDS_DESCRIBE, ' ');
  const interests = unique(concepts.flatMap((id) => INTEREST_LABELS.get(id) ?? []));
  const removedInterests = unique(conceptsOf(negative.join('. ')).flatMap((id) => INTEREST_LABELS.get(id) ?? [])).filter(
    (label) => !interests.includes(label),
  );
  const nameMatch = NAME_PATTERN.exec(text);
  return {
    interests,
    traits: matchWords(kept, TRAIT_WORDS, FR_TRAITS),
    social: matchWords(kept, SOCIAL_WORDS, FR_SOCIAL),
    ...lookingForOf(wishes, wishes === kept ? concepts : conceptsOf(wishes)),
    values: matchWords(kept, VALUE_WORDS, FR_VALUES),
    removedInterests,
    name: nameMatch ? (nameMatch[1] ?? nameMatch[2] ?? null) : null,
  };
}

/** The member's words, trimmed to a short quotable phrase. */
export function ownWords(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
