import { createHash } from 'node:crypto';

import type { ProfessionCategory } from '../../ai/builtin/standardize/index.js';
import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import { composeProfile, type InterviewProfile, interviewProfileColumns } from '../chat/interview/compose.js';
import type { InterviewFacts } from '../chat/interview/facts.js';
import { ageOn, isoDay } from '../profiles/age.js';
import { initialContactInfo } from '../profiles/contact-info.js';
import { type Cluster, DEMO_POOLS } from './demo.pools.js';

/**
 * Sample members for a demo community (`npm run cli -- seed --demo <n>`): pure and deterministic.
 * Member number i of a seed is always the same person (its own random stream comes from the seed
 * and i), so seeding 20 and then 20 more gives the same people as seeding 40 at once. The profile
 * text is written by the interview's own composer from the facts drawn here, so samples read like
 * members who went through onboarding, and every interest is a label the built-in lexicon knows.
 */

export const DEFAULT_DEMO_SEED = 'kindred-demo';
export const MAX_DEMO_MEMBERS = 10_000;

/** A small, fast, seedable generator (mulberry32). */
export class Random {
  private state: number;
  constructor(seed: string) {
    this.state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One of `items` by weight: [[item, weight], …]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** `count` distinct items, in drawn order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => this.int(0, 9)).join('');
  }
}

// ── What members are drawn from (content/demo/pools.json) ─────────────────────────────────────

const {
  namePools: NAME_POOLS,
  generalJobs: GENERAL_JOBS,
  commonTraits: COMMON_TRAITS,
  commonValues: COMMON_VALUES,
  palettes: PALETTES,
  textMoments: TEXT_MOMENTS,
  captions: CAPTIONS,
} = DEMO_POOLS;
/** Campus cities in the gazetteer's standardized form, weighted roughly by student numbers. */
export const DEMO_LOCATIONS = DEMO_POOLS.locations;
/** Interest clusters (demo.pools.ts): a member is mostly one kind of person with a little of another. */
export const CLUSTERS = DEMO_POOLS.clusters;

const STUDENT_PROFESSIONS = ['Undergraduate Student', 'Graduate Student', 'PhD Student'] as const;

// ── The sample member ────────────────────────────────────────────────────────────────────────

export interface DemoImage {
  /** The large word on the picture (an interest). */
  label: string;
  /** Two gradient colours and an accent, '#rrggbb'. */
  palette: readonly [string, string, string];
  /** Which decoration (0–3) is drawn behind the label. */
  pattern: number;
}

export type DemoMomentContent = { type: 'text'; text: string } | { type: 'image'; image: DemoImage };

export interface DemoMoment {
  content: DemoMomentContent;
  caption: string | null;
  /** How long before seeding it was posted. */
  daysAgo: number;
}

export interface DemoMember {
  /** 1-based member number within the seed: the e-mail is demo+<index>@MAIL_DOMAIN. */
  index: number;
  name: string;
  gender: Gender;
  birthDate: string;
  age: number;
  location: string;
  profession: ProfessionCategory;
  relationshipStatus: RelationshipStatus;
  profile: InterviewProfile;
  /** The first moment (the profile card) and 0–2 later posts. */
  firstMoment: DemoMoment;
  moments: DemoMoment[];
  /** 8 digits and the 4 digits of the mailbox address; the service re-draws them on a collision. */
  userCode: string;
  mailboxDigits: string;
}

/** The profile columns a sample member's facts fill (the seed adds identity and the first moment). */
export function demoProfileColumns(m: DemoMember, email: string) {
  return {
    name: m.name,
    age: m.age,
    birth_date: m.birthDate,
    gender: m.gender,
    location: m.location,
    profession: m.profession,
    relationship_status: m.relationshipStatus,
    contact_info: initialContactInfo(email),
    ...interviewProfileColumns(m.profile),
  };
}

function ageAndBirthDate(rng: Random, today: string): { age: number; birthDate: string } {
  // Students dominate a campus community: most members are 18–26.
  const age = rng.weighted<number>([...Array.from({ length: 9 }, (_, i) => [18 + i, 8] as const), ...Array.from({ length: 9 }, (_, i) => [27 + i, 3] as const)]);
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  // A birthday between 1 and 364 days after today's date, `age + 1` years back: exactly `age` today.
  const last = Date.UTC(ty - age - 1, tm - 1, td);
  const birth = new Date(last + rng.int(1, 364) * 86_400_000);
  const birthDate = isoDay(birth);
  return { age: ageOn(birthDate, today), birthDate };
}

function professionFor(rng: Random, age: number, cluster: Cluster): ProfessionCategory {
  if (age <= 22 && rng.chance(0.85)) return age <= 18 && rng.chance(0.15) ? 'High School Student' : 'Undergraduate Student';
  if (age <= 27 && rng.chance(0.45)) return rng.weighted<ProfessionCategory>([[STUDENT_PROFESSIONS[0], 3], [STUDENT_PROFESSIONS[1], 4], [STUDENT_PROFESSIONS[2], 2]]);
  if (age > 27 && rng.chance(0.15)) return rng.chance(0.6) ? 'PhD Student' : 'Graduate Student';
  return rng.chance(0.5) ? rng.pick(cluster.jobs) : rng.pick(GENERAL_JOBS);
}

/**
 * A sample picture: the interest on one of the palettes, its decoration chosen by the interest.
 * A few hundred looks cover a whole community, so seeding renders each look once; the name is
 * not on it (the card beside it says whose it is).
 */
function demoImage(rng: Random, label: string): DemoImage {
  const palette = rng.pick(PALETTES);
  rng.int(0, 3); // once the decoration; still drawn, so every draw after it (codes, mailboxes) stays the same
  let pattern = 0;
  for (const c of label) pattern = (pattern * 31 + c.charCodeAt(0)) % 4;
  return { label, palette, pattern };
}

function moment(rng: Random, label: string, caption: string | null, daysAgo: number, imageChance: number): DemoMoment {
  const content: DemoMomentContent = rng.chance(imageChance)
    ? { type: 'image', image: demoImage(rng, label) }
    : { type: 'text', text: rng.pick(TEXT_MOMENTS)(label) };
  return { content, caption, daysAgo };
}

/** Sample member number `index` (1-based) of `seed`, as of `today` ('yyyy-MM-dd'). */
export function generateDemoMember(seed: string, index: number, today: string): DemoMember {
  const rng = new Random(`${seed}#${index}`);

  const roll = rng.next();
  const gender: Gender = roll < 0.46 ? 'female' : roll < 0.92 ? 'male' : roll < 0.97 ? 'non-binary' : 'prefer-not-to-say';
  const pool = rng.weighted(NAME_POOLS);
  const firstNames = gender === 'female' ? pool.female : gender === 'male' ? pool.male : rng.chance(0.7) ? pool.neutral : [...pool.female, ...pool.male];
  const name = `${rng.pick(firstNames)} ${rng.pick(pool.family)}`;

  const { age, birthDate } = ageAndBirthDate(rng, today);
  const location = rng.weighted(DEMO_LOCATIONS);
  const relationshipStatus = rng.weighted<RelationshipStatus>([
    ['single_straight', 50],
    ['single_lgbtq', 18],
    ['not_single', 32],
  ]);

  const main = rng.weighted(CLUSTERS.map((c) => [c, c.weight] as const));
  const second = rng.weighted(CLUSTERS.filter((c) => c !== main).map((c) => [c, c.weight] as const));
  const count = rng.int(3, 7);
  const fromMain = Math.min(main.interests.length, count - rng.int(0, Math.min(2, count - 2)));
  const interests = [...rng.sample(main.interests, fromMain)];
  for (const label of rng.sample(second.interests, second.interests.length)) {
    if (interests.length >= count) break;
    if (!interests.includes(label)) interests.push(label);
  }
  const activities = rng.sample(interests, rng.int(1, Math.min(2, interests.length)));

  const traitPool = [...new Set([...main.traits, ...rng.sample(COMMON_TRAITS, 2)])];
  let traits = rng.sample(traitPool, rng.int(2, 3));
  if (traits.includes('outgoing') && traits.includes('introverted')) traits = traits.filter((t) => t !== 'introverted');

  const social = [
    ...(rng.chance(0.8) ? [rng.chance(0.6) ? 'small groups' : 'big groups'] : []),
    ...(rng.chance(0.6) ? [rng.chance(0.5) ? 'planned meetups' : 'spontaneous plans'] : []),
    ...rng.sample(['free on weekends', 'free in the evenings', 'free in the mornings'], rng.int(1, 2)),
    ...(rng.chance(0.2) ? ['happy to meet online'] : []),
  ];

  const lookingFor: LookingFor[] = [];
  if (rng.chance(0.85)) lookingFor.push('friend');
  if (rng.chance(0.6)) lookingFor.push('activity_partner');
  if (relationshipStatus !== 'not_single' && rng.chance(0.45)) lookingFor.push('partner');
  if (lookingFor.length === 0) lookingFor.push('friend');
  const partnerStyle = lookingFor.includes('partner') ? rng.weighted<string | null>([['a long-term relationship', 3], ['taking things slow', 2], [null, 2]]) : null;

  const values = rng.sample([...new Set([...main.values, ...COMMON_VALUES])], rng.int(1, 3));

  // As in an interview: what they are into, then what they would like company for.
  const solo = interests.filter((i) => !activities.includes(i));
  const facts: InterviewFacts = {
    interests: solo.length > 0 ? solo : interests,
    activities: solo.length > 0 ? activities : [],
    traits,
    social,
    lookingFor,
    partnerStyle,
    values,
    ownWords: [],
  };
  const profession = professionFor(rng, age, main);
  const profile = composeProfile(facts, { name, age, profession, location, relationshipStatus });

  const firstLabel = rng.pick(interests);
  const firstMoment = moment(rng, firstLabel, null, rng.int(3, 60), 0.5);
  const moments = Array.from({ length: rng.int(0, 2) }, (_, i) => {
    const label = rng.pick(interests);
    return moment(rng, label, rng.pick(CAPTIONS)(label), rng.int(0, 2) + i * 3, 0.5);
  });

  return {
    index,
    name,
    gender,
    birthDate,
    age,
    location,
    profession,
    relationshipStatus,
    profile,
    firstMoment,
    moments,
    userCode: rng.digits(8),
    mailboxDigits: rng.digits(4),
  };
}

/** Members `from` … `from + count - 1` of `seed`. */
export function generateDemoMembers(seed: string, from: number, count: number, today: string): DemoMember[] {
  return Array.from({ length: count }, (_, i) => generateDemoMember(seed, from + i, today));
}
