import { analyzeText, LEXICON, splitElisions, stem } from '../../ai/builtin/embedding/index.js';
import { isStopword } from '../../ai/builtin/embedding/tokenize.js';
import { type ProfessionCategory, PROFESSION_RULES } from '../../ai/builtin/standardize/profession-data.js';
import { foldText, hasHan } from '../../ai/builtin/standardize/text.js';
import type { Gender, LookingFor } from '../../db/schema.js';
import { extractFacts } from '../chat/interview/extract.js';
import { expandChatSlang } from './chat-slang.js';

/**
 * Reads a search query ("someone in their 20s to go hiking with in Vancouver") into what the
 * ranking uses: the intent, the activities and interests asked for (lexicon concepts), and
 * hints about age, gender and place. Rules only, so it is the same on every AI provider.
 */

export interface AgeRange {
  min: number;
  max: number;
}

export interface ParsedQuery {
  text: string;
  /**
   * The query without what it rules out ("a friend who doesn't play video games" → "a friend
   * who"): what is embedded and read for interests, intent and keywords. The text itself when it
   * rules nothing out.
   */
  wanted: string;
  intent: LookingFor;
  /** The query names the kind of relationship ("a friend", "a girlfriend", "un ami"), not only an activity. */
  intentStated: boolean;
  /** Lexicon concept ids of kind activity / interest / subject, in query order, unique. */
  concepts: string[];
  /** Concepts of those kinds the query rules out ("not into sports", "不喜欢运动"), none of them in `concepts`. */
  avoided: string[];
  /** Personality words asked for ("funny", "introverted", "easygoing"), as the interview names them. */
  traits: string[];
  /** Professions named by a job word ("a nurse or a doctor"), as standardized profession categories. */
  professions: ProfessionCategory[];
  /**
   * Professions named by a word that is also a hobby ("a guitarist", "photographers", "a
   * developer"): plenty of members do it for fun, so the profession counts for a member who has
   * it but not against one who does not.
   */
  professionHints: ProfessionCategory[];
  /** Values asked for ("who values family"), as the interview names them ("Family"). */
  values: string[];
  /** Group size, planning and availability asked for ("early mornings" → "free in the mornings"). */
  social: string[];
  /** For a partner: the kind of relationship asked for ("a long-term relationship"), if said. */
  partnerStyle: string | null;
  ageRange: AgeRange | null;
  gender: Gender | null;
  /** A city named in the query (one of the locations members have), or the viewer's for "near me". */
  city: string | null;
  /** Content words for full-text search (no stopwords, no goal words such as "friend"). */
  keywords: string[];
}

const INTEREST_KINDS = new Set(['activity', 'interest', 'subject']);
const KIND_OF = new Map(LEXICON.map((c) => [c.id, c.kind]));

/**
 * A word the lexicon does not know but the neighbour table places this close to a concept
 * ("rugby" → soccer 0.72, "netball" → volleyball 0.73) is read as asking for that concept: the
 * ranking counts it, and a whyMatch may say the result lists it "which you searched for". Below
 * this, a neighbour only nudges the embedding (embed.ts), as "walks" or "tunes" say too little.
 */
export const NEIGHBOUR_CONCEPT_MIN = 0.7;

/**
 * The activities, interests and subjects a text names: lexicon concepts, in text order, unique,
 * then the concepts of close neighbour words (NEIGHBOUR_CONCEPT_MIN).
 */
export function interestConcepts(text: string): string[] {
  const analysis = analyzeText(text);
  const named = analysis.concepts;
  const near = analysis.neighbours.filter((n) => n.weight >= NEIGHBOUR_CONCEPT_MIN).map((n) => n.concept);
  return [...new Set([...named, ...near].filter((id) => INTEREST_KINDS.has(KIND_OF.get(id) ?? '')))];
}

function intentOf(text: string, concepts: string[]): LookingFor {
  const wants = extractFacts(text).lookingFor;
  if (wants.includes('partner')) return 'partner';
  if (wants.includes('activity_partner')) return 'activity_partner';
  if (wants.includes('friend')) return 'friend';
  return concepts.some((id) => KIND_OF.get(id) === 'activity') ? 'activity_partner' : 'friend';
}

/** Words that name the relationship itself (not "someone to go running with", which only implies company). */
const RELATIONSHIP_NOUN =
  /\b(friends?|buddy|buddies|partners?|teammates?|mates?|pals?|companions?|girlfriend|boyfriend|date|dating|relationship|soulmate|someone special|amie?s?|partenaires?|copine|petite amie|petit ami)\b|朋友|伙伴|搭子|对象|恋人|恋爱/iu;

/** The query names the kind of relationship it asks for ("a friend", "a running buddy", "a girlfriend", "un ami"). */
export function intentStated(text: string): boolean {
  return RELATIONSHIP_NOUN.test(text) && (extractFacts(text).lookingFor.length > 0 || /\b(amie?s?|partenaires?)\b|伙伴|对象|恋人|恋爱/iu.test(text));
}

const clampAge = (range: AgeRange): AgeRange => ({ min: Math.max(AGE_MIN, range.min), max: Math.min(AGE_MAX, range.max) });
export const AGE_MIN = 16;
export const AGE_MAX = 99;
const isAge = (n: number) => n >= AGE_MIN && n <= AGE_MAX;
/** "my age", "around my age", "the same age as me", "mon âge", "同龄", "和我差不多大": two years either side of the viewer's age. */
const MY_AGE = /\b(?:(?:around|about|close to|near)\s+)?my age\b|\bsame age as me\b|\bmon [âa]ge\b|同龄|和我差不多大|跟我差不多大/iu;
const DECADE_WORDS: Readonly<Record<string, number>> = { twenties: 20, thirties: 30, forties: 40, vingtaine: 20, trentaine: 30, quarantaine: 40 };
const CHINESE_DECADES: Readonly<Record<string, number>> = { 二十: 20, 三十: 30, 四十: 40 };

/**
 * The age range a query asks for, in the forms people write it. English "under 25" and "over 30"
 * and French "moins de 25 ans" / "plus de 30 ans" exclude the number (a 25-year-old is not under
 * 25); Chinese "25岁以下" / "30岁以上" and "25 or younger", "at most 25" include it, as the words
 * mean. Ranges: "between 20 and 25", "20-25", "20 to 25", "20到25岁", "entre 20 et 25 ans".
 * Decades: "in their twenties", "early 30s", "20多岁", "la vingtaine". Points: "around 22",
 * "22 years old", "my age" (with the viewer's age). Ages outside 16–99 are not ages.
 */
export function ageRangeOf(text: string, viewerAge: number | null = null): AgeRange | null {
  const t = text.toLowerCase();
  let m = /(?:\bbetween\s+|\bentre\s+)?(?<![\d.,:])(\d{2})\s*(?:-|–|—|~|to|and|et|à|到|至)\s*(\d{2})(?![\d:])(?!\s*(?:%|km|kg|min|h\b|pm|am|:))/u.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (isAge(a) && isAge(b)) return clampAge({ min: Math.min(a, b), max: Math.max(a, b) });
  }
  m = /\b(early|mid|late)?[- ]?(\d)0'?s\b/.exec(t);
  if (m && Number(m[2]) >= 2) {
    const decade = Number(m[2]) * 10;
    if (m[1] === 'early') return { min: decade, max: decade + 3 };
    if (m[1] === 'mid') return { min: decade + 3, max: decade + 6 };
    if (m[1] === 'late') return { min: decade + 6, max: decade + 9 };
    return { min: decade, max: decade + 9 };
  }
  m = /\b(twenties|thirties|forties|vingtaine|trentaine|quarantaine)\b/.exec(t);
  if (m) return { min: DECADE_WORDS[m[1]!]!, max: DECADE_WORDS[m[1]!]! + 9 };
  m = /(\d)0\s*多岁|(二十|三十|四十)多岁/u.exec(t);
  if (m) {
    const decade = m[1] ? Number(m[1]) * 10 : CHINESE_DECADES[m[2]!]!;
    if (decade >= 20) return { min: decade, max: decade + 9 };
  }
  // Chinese bounds include their number: "25岁以下" is 25 and younger.
  m = /(\d{2})\s*岁?\s*(以下|以内|之下|以上|之上)/u.exec(t);
  if (m && isAge(Number(m[1]))) {
    const n = Number(m[1]);
    return m[2] === '以上' || m[2] === '之上' ? clampAge({ min: n, max: AGE_MAX }) : clampAge({ min: AGE_MIN, max: n });
  }
  m = /\b(\d{2})\s*(?:or|and)\s*(younger|under|below|older|over|above)\b/.exec(t);
  if (m && isAge(Number(m[1]))) {
    const n = Number(m[1]);
    return /younger|under|below/.test(m[2]!) ? clampAge({ min: AGE_MIN, max: n }) : clampAge({ min: n, max: AGE_MAX });
  }
  m = /\b(?:at most|no older than|not older than|max(?:imum)?)\s*(\d{2})\b/.exec(t);
  if (m && isAge(Number(m[1]))) return clampAge({ min: AGE_MIN, max: Number(m[1]) });
  m = /\b(?:at least|no younger than|not younger than|min(?:imum)?)\s*(\d{2})\b/.exec(t);
  if (m && isAge(Number(m[1]))) return clampAge({ min: Number(m[1]), max: AGE_MAX });
  m = /\b(?:around|about|roughly|approximately|~|environ|vers)\s*(\d{2})\b|(\d{2})\s*岁左右|(\d{2})\s*ans environ/u.exec(t);
  if (m) return clampAge({ min: Number(m[1] ?? m[2] ?? m[3]) - 2, max: Number(m[1] ?? m[2] ?? m[3]) + 2 });
  m = /\b(?:under|below|younger than|less than)\s*(\d{2})\b|\bmoins de\s*(\d{2})\s*ans\b/u.exec(t);
  if (m && isAge(Number(m[1] ?? m[2]))) return clampAge({ min: AGE_MIN, max: Number(m[1] ?? m[2]) - 1 });
  m = /\b(?:over|above|older than|more than)\s*(\d{2})\b|\bplus de\s*(\d{2})\s*ans\b/u.exec(t);
  if (m && isAge(Number(m[1] ?? m[2]))) return clampAge({ min: Number(m[1] ?? m[2]) + 1, max: AGE_MAX });
  m = /\b(?:aged?\s*(\d{2})|(\d{2})\s*(?:years? old|yo|y\/o|ans))\b|(\d{2})\s*岁/u.exec(t);
  if (m && isAge(Number(m[1] ?? m[2] ?? m[3]))) return clampAge({ min: Number(m[1] ?? m[2] ?? m[3]) - 1, max: Number(m[1] ?? m[2] ?? m[3]) + 1 });
  if (viewerAge !== null && MY_AGE.test(text)) return clampAge({ min: viewerAge - 2, max: viewerAge + 2 });
  return null;
}

const FEMALE = /\b(wom[ae]n|girls?|females?|lad(y|ies)|girlfriend|gal|femmes?|filles?|copine|petite amie)\b|女生|女孩|女性|女朋友|小姐姐/iu;
const MALE = /\b(m[ae]n|guys?|boys?|males?|boyfriend|dude|gentlem[ae]n|hommes?|garçons?|mecs?|copain|petit ami)\b|男生|男孩|男性|男朋友|小哥哥/iu;
const NON_BINARY = /\b(non[- ]?binary|enby)\b/i;

export function genderOf(text: string): Gender | null {
  if (NON_BINARY.test(text)) return 'non-binary';
  const female = FEMALE.test(text);
  const male = MALE.test(text);
  if (female === male) return null;
  return female ? 'female' : 'male';
}

const NEAR_ME = /\b(near me|nearby|close by|close to me|around me|in my (city|area|town)|local|près de chez moi|pas loin de chez moi|dans ma ville|dans mon coin)(?![\p{L}])|附近|同城/iu;

export function cityOf(location: string | null | undefined): string | null {
  const city = location?.split(',')[0]?.trim();
  return city ? city : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The longest city among `knownCities` that the query names, or the viewer's city for "near me". */
export function cityHintOf(text: string, knownCities: readonly string[], viewerCity: string | null): string | null {
  const named = [...knownCities]
    .filter((city) => city.length >= 2)
    .sort((a, b) => b.length - a.length)
    .find((city) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(city)}($|[^\\p{L}])`, 'iu').test(text));
  if (named) return named;
  return NEAR_ME.test(text) ? viewerCity : null;
}

/** Content words for full-text search: no stopwords, no goal words ("friend", "partner"), at most 16. */
export function keywordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((word) => {
    if (word.length < 2 || isStopword(stem(word))) return false;
    const concepts = analyzeText(word).concepts;
    return !concepts.some((id) => KIND_OF.get(id) === 'goal');
  });
  return [...new Set(kept)].slice(0, 16);
}

/** Personality words the query asks for, read by the interview's own rules (so "chill" is "easygoing", "quiet" is "introverted"). */
export function traitsOf(text: string): string[] {
  return extractFacts(text).traits;
}

/** A value word that is also a personality word ("kind", "genuine") is read once, as the trait. */
const VALUE_TRAITS: Readonly<Record<string, string>> = {
  Kindness: 'kind',
  Honesty: 'genuine',
  Loyalty: 'loyal',
  Curiosity: 'curious',
  Ambition: 'driven',
  'Open-mindedness': 'open-minded',
  Reliability: 'reliable',
  Adventure: 'adventurous',
  Creativity: 'creative',
};

/**
 * Values, social preferences and the kind of relationship, read by the interview's rules too.
 * "Fun" is left out of the values: "someone fun to hang out with" asks for company, not for a
 * member who names fun as what matters most to them.
 */
function preferencesOf(text: string, traits: readonly string[]): Pick<ParsedQuery, 'values' | 'social' | 'partnerStyle'> {
  const facts = extractFacts(text);
  const values = facts.values.filter((v) => v !== 'Fun' && !(VALUE_TRAITS[v] !== undefined && traits.includes(VALUE_TRAITS[v])));
  return { values, social: facts.social, partnerStyle: facts.partnerStyle };
}

const HOBBY_KINDS = new Set(['activity', 'interest']);
const STUDENTS: ReadonlySet<ProfessionCategory> = new Set(['High School Student', 'Undergraduate Student', 'Graduate Student', 'PhD Student']);
/** Plural endings, as the profession standardizer folds them ("nurses" → "nurse"). */
const singular = (word: string) => (word.length > 4 && word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.length > 3 && /[^su]s$/.test(word) && !word.endsWith('is') ? word.slice(0, -1) : word);
const professionWords = (text: string) => (foldText(text).replace(/['’.]/g, '').match(/[\p{L}\p{N}]+/gu) ?? []).map(singular);

/**
 * A term that names a person by their work ("nurse", "software developer", "护士"), not the work
 * or a field ("nursing", "design", "finance", "设计"): a query that says "design" asks for the
 * interest, and the interests carry that. English job titles end in their head noun, mostly an
 * agent noun; "player" is left out because "basketball players" are people who play.
 */
const AGENT_NOUN = /(er|or|ist|ian|ant|ent|eon|ef|ete|ch|nurse|doctor|barista)$/;
const NOT_A_JOB = new Set(['player', 'member', 'partner', 'other']);
const CHINESE_AGENT = /[师師员員家士手匠]$|医生|醫生/u;
function isJobNoun(term: string): boolean {
  if (hasHan(term)) return CHINESE_AGENT.test(term);
  const last = professionWords(term).at(-1);
  return last !== undefined && AGENT_NOUN.test(last) && !NOT_A_JOB.has(last);
}

/**
 * The standardizer's job terms that name a person, whole words (Chinese as substrings). Student
 * categories are left out: nearly everyone on a campus is one, and "study buddy" is not a job.
 */
const PROFESSION_TERMS: ReadonlyArray<{ category: ProfessionCategory; words: string[]; han: string | null; hobby: boolean }> = PROFESSION_RULES.filter(
  (rule) => !STUDENTS.has(rule.category),
).flatMap((rule) =>
  rule.terms
    .filter(isJobNoun)
    .map((term) => ({
      category: rule.category,
      words: professionWords(term),
      han: hasHan(term) ? foldText(term) : null,
      hobby: analyzeText(term).concepts.some((id) => HOBBY_KINDS.has(KIND_OF.get(id) ?? '')),
    }))
    .filter((term) => term.han !== null || (term.words.length > 0 && term.words.join(' ').length >= 3)),
);

/**
 * Profession categories the query names, unique, split into those named by a job word and those
 * named by a word that is also a hobby; of overlapping terms the longest wins ("software
 * engineer", not "engineer").
 */
export function professionMentions(text: string): Pick<ParsedQuery, 'professions' | 'professionHints'> {
  const words = professionWords(text);
  const folded = foldText(text);
  const found: Array<{ category: ProfessionCategory; hobby: boolean; start: number; end: number }> = [];
  for (const term of PROFESSION_TERMS) {
    if (term.han !== null) {
      if (folded.includes(term.han)) found.push({ category: term.category, hobby: term.hobby, start: -1, end: -1 });
      continue;
    }
    words.forEach((_, i) => {
      if (term.words.every((w, j) => words[i + j] === w)) found.push({ category: term.category, hobby: term.hobby, start: i, end: i + term.words.length });
    });
  }
  const kept = found
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .filter((m, i, all) => m.start < 0 || !all.slice(0, i).some((o) => o.start >= 0 && o.end - o.start > m.end - m.start && o.start < m.end && m.start < o.end));
  const professions = [...new Set(kept.filter((m) => !m.hobby).map((m) => m.category))];
  return { professions, professionHints: [...new Set(kept.filter((m) => m.hobby).map((m) => m.category))].filter((c) => !professions.includes(c)) };
}

/** Every profession category the query names (job words and hobby words alike). */
export function professionsOf(text: string): ProfessionCategory[] {
  const { professions, professionHints } = professionMentions(text);
  return [...professions, ...professionHints];
}

/**
 * A word that turns the rest of its clause into something the searcher rules out. "Not only"
 * adds rather than rules out, and 有没有 ("is there anyone…") asks rather than denies.
 */
const RULES_OUT =
  /\b(?:not(?!\s+only\b)|never|no|without|don'?t|doesn'?t|do not|does not|isn'?t|is not|aren'?t|won'?t|hates?|dislikes?|can'?t stand|rather not)\b|不喜欢|讨厌|不要|不想|不玩|不爱|不是|(?<!有)没有/iu;
/** Clause breaks: punctuation, "but", "though", and "and" when a new wish starts ("and likes hiking"). */
const QUERY_CLAUSES = /[.!?;\n。！？；，,、]+|\bbut\b|\bthough\b|\bhowever\b|\band\s+(?=(?:who\s+|that\s+)?(?:likes?|loves?|enjoys?|is|are|into|plays?|wants?|has)\b)|但是|不过/iu;

/**
 * The query split into what it asks for and what it rules out: in each clause, the words after a
 * negation are ruled out ("not into sports", "doesn't smoke", "不喜欢运动") and the words before it
 * still ask ("a friend who" in "a friend who doesn't play video games").
 */
export function wantedAndRuledOut(text: string): { wanted: string; ruledOut: string } {
  const wanted: string[] = [];
  const ruledOut: string[] = [];
  for (const clause of text.split(QUERY_CLAUSES)) {
    const negation = RULES_OUT.exec(clause);
    if (!negation) {
      wanted.push(clause.trim());
      continue;
    }
    wanted.push(clause.slice(0, negation.index).trim());
    ruledOut.push(clause.slice(negation.index + negation[0].length).trim());
  }
  if (ruledOut.length === 0) return { wanted: text, ruledOut: '' };
  return { wanted: wanted.filter(Boolean).join(', '), ruledOut: ruledOut.filter(Boolean).join(', ') };
}

/** Sentence ends, where a rambling query moves from the searcher to the wish. */
const SENTENCES = /(?<=[.!?。！？\n])\s*/u;
/** The searcher speaking of themselves ("I'm an engineer", "my parents…", "I've been trying…"). */
const FIRST_PERSON = /\b(?:i|i'm|im|i've|ive|i'd|id|i'll|my|me|myself)\b|我/iu;
/** A sentence that says whom the searcher wants to meet. */
const WISH =
  /\b(?:look(?:ing)? for|lookin for|search(?:ing)? for|seeking|want(?:s|ing)?|wanna|would love|'d love|would like|'d like|hop(?:e|ing) to (?:find|meet)|need|find (?:someone|somebody|people|a|an|some)|meet (?:someone|somebody|people|a|an|some)|someone|somebody|anyone|anybody|people who|people to|friends? (?:who|to|for)|buddy|partner|girlfriend|boyfriend)\b|找|想认识|cherche|busco/iu;

/**
 * A rambling query ("I'm in marketing, I bake bread on weekends. Would love to find someone
 * who's into gardening") describes the searcher before the wish. When a query of several
 * sentences has both, the sentences about the searcher (first person, no wish) are set apart:
 * "I'm a quiet guy" does not ask for men, "I'm an engineer" does not ask for engineers.
 */
export function wishOf(text: string): { wish: string; about: string } {
  const sentences = text.split(SENTENCES).filter((s) => s.trim() !== '');
  if (sentences.length < 2) return { wish: text, about: '' };
  const isAbout = (s: string) => FIRST_PERSON.test(s) && !WISH.test(s);
  const about = sentences.filter(isAbout);
  if (about.length === 0 || about.length === sentences.length) return { wish: text, about: '' };
  return { wish: sentences.filter((s) => !isAbout(s)).join(' ').trim(), about: about.join(' ').trim() };
}

export function parseQuery(text: string, knownCities: readonly string[] = [], viewerCity: string | null = null, viewerAge: number | null = null): ParsedQuery {
  // Read with chat abbreviations written out ("a yoga gf" → "a yoga girlfriend") and French
  // elisions split ("l’escalade"); `text` stays as typed.
  const standard = splitElisions(expandChatSlang(text));
  const { wish } = wishOf(standard);
  const { wanted, ruledOut } = wantedAndRuledOut(wish);
  const concepts = interestConcepts(wanted);
  const traits = traitsOf(wanted);
  return {
    text,
    wanted,
    intent: intentOf(wanted, concepts),
    intentStated: intentStated(wanted),
    concepts,
    avoided: interestConcepts(ruledOut).filter((id) => !concepts.includes(id)),
    traits,
    ...professionMentions(wanted),
    ...preferencesOf(wanted, traits),
    ageRange: ageRangeOf(wish, viewerAge),
    gender: genderOf(wish),
    city: cityHintOf(standard, knownCities, viewerCity),
    keywords: keywordsOf(wanted),
  };
}
