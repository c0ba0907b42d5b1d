import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { WeeklyAnswerResponse, WeeklyPerson, WeeklyRoundResponse, WeeklyView } from '../../../../contract/weekly-introductions.js';
import type { Clock } from '../../clock.js';
import type { DB, WeeklyAnswer } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { Language } from '../../i18n/languages.js';
import { translate, translatorFor } from '../../i18n/translator.js';
import type { Mailer } from '../../mail/mailer.js';
import { weeklyIntroductionsMail } from '../../mail/templates.js';
import { authorize } from '../../policies/index.js';
import { interestIn, listIn } from '../chat/interview/words.js';
import type { EmbeddingModels } from '../embeddings/embedding-models.js';
import type { IntroductionsService } from '../introductions/introductions.service.js';
import { factsOf, type MemberFacts } from '../matching/member-facts.js';
import { pairFacts } from '../matching/pair-facts.js';
import { NO_RULES } from '../matching/rules.js';
import { closeInAge, lowerLabel, nameIn } from '../matching/why-match.js';
import type { SearchProfileRow } from '../search/search.repository.js';
import { mondayOf } from './week.js';
import type { WeeklyIntroductionsRepository } from './weekly-introductions.repository.js';
import { ALL_PAIRS_UP_TO, INTENT_ORDER, intentsOf, matchWeek, NEAREST_K, pairKey, type SkipReason, wantedQuery } from './weekly-matching.js';
import { transaction } from '../../db/transaction.js';

export const NOT_FOUND = { message: 'Introduction not found.', code: 'weekly_introduction_not_found' } as const;

export type { WeeklyView };
/** One of the member's people this week, as the card shows them. */
export type WeeklyCard = WeeklyPerson;

export interface RoundResult {
  week: string;
  dryRun: boolean;
  /** The week had a round already: nothing new was proposed. */
  alreadyRan: boolean;
  membersIn: number;
  pairsMade: number;
  /** Opted-in members left out, and candidate pairs not made, by reason. */
  skipped: Partial<Record<SkipReason | 'incomplete' | 'suspended', number>>;
  mailed: number;
}

export interface WeeklyIntroductionsDeps {
  db: Kysely<DB>;
  weekly: WeeklyIntroductionsRepository;
  introductions: IntroductionsService;
  embeddingModels: EmbeddingModels;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  timeZone: string | undefined;
  publicUrl: string;
  productName: string;
}


/**
 * The card's line: only facts true of both (the matching pipeline's pair facts), shortest first; in `language`
 * for the card and the mail (mail:weekly.reason; the lexicon's interest labels named in it too).
 */
export function reasonLine(viewer: MemberFacts, other: MemberFacts, language: Language = 'en'): string {
  const t = translatorFor(language);
  const intent = INTENT_ORDER.find((i) => intentsOf(viewer).includes(i) && intentsOf(other).includes(i)) ?? 'friend';
  const pair = pairFacts(viewer, other, wantedQuery(viewer, intent), NO_RULES);
  // The lexicon's English labels, named in the reader's language ("hiking", 徒步, « randonnée »).
  const interests = pair.sameLabels.slice(0, 2).map((label) => (language === 'en' ? lowerLabel(label) : interestIn(language, label)));
  const parts: string[] = [];
  if (interests.length > 0) parts.push(t('mail:weekly.reason.enjoy', { interests: listIn(language, interests) }));
  if (pair.bothLookingFor) parts.push(t('mail:weekly.reason.lookingFor', { goal: pair.bothLookingFor }));
  if (pair.samePlace?.kind === 'city') parts.push(t('mail:weekly.reason.sameCity', { city: pair.samePlace.city }));
  if (pair.samePlace?.kind === 'area') parts.push(t('mail:weekly.reason.sameArea', { area: pair.samePlace.area }));
  if (parts.length < 3 && closeInAge(pair, viewer.age, other.age)) parts.push(t('mail:weekly.reason.closeInAge'));
  if (parts.length === 0) return t('mail:weekly.reason.fallback');
  const line = parts.slice(0, 3).join(t('mail:weekly.reason.separator'));
  return t('mail:weekly.reason.sentence', { line: `${line.charAt(0).toUpperCase()}${line.slice(1)}` });
}

/**
 * "Your three for this week": the opt-in, the weekly round (the job), each member's cards and
 * their answers. A hello from both delivers both introductions once, in one transaction.
 */
export class WeeklyIntroductionsService {
  constructor(private readonly deps: WeeklyIntroductionsDeps) {}

  currentWeek(): string {
    return mondayOf(this.deps.clock.now(), this.deps.timeZone);
  }

  async setOptedIn(userId: string, on: boolean): Promise<{ optedIn: boolean }> {
    await this.deps.weekly.setOptedIn(userId, on);
    return { optedIn: on };
  }

  /** `language`: the member's, which the cards' reasons are written in. */
  async view(userId: string, language: Language = 'en'): Promise<WeeklyView> {
    const { weekly } = this.deps;
    const week = this.currentWeek();
    const [optedIn, rows, me] = await Promise.all([weekly.optedIn(userId), weekly.forMember(userId, week), weekly.profile(userId)]);
    const mine = me ? factsOf(me) : null;
    const people = rows
      .map((row) => {
        const side = row.user_a === userId ? 'a' : 'b';
        const my = side === 'a' ? row.a_answer : row.b_answer;
        if (my === 'pass') return null;
        const state: WeeklyCard['state'] = row.mutual_at ? 'mutual' : my === 'hello' ? 'waiting' : 'open';
        const other = factsOf(row);
        return {
          id: row.proposal_id,
          userId: row.user_id,
          profileId: row.id,
          name: nameIn(language, other.name),
          age: row.age,
          location: row.location,
          avatarUrl: row.avatar_url,
          reason: mine ? reasonLine(mine, other, language) : translate(language, 'mail:weekly.reason.fallback'),
          state,
        } satisfies WeeklyCard;
      })
      .filter((card): card is WeeklyCard => card !== null);
    return { optedIn, week, people };
  }

  /**
   * Hello or pass on one of the member's proposals. The proposal row is locked, so two answers
   * (both members at the same moment) are taken one after the other: the second one sees the
   * first, and exactly one of them finds both hellos and delivers the introductions.
   */
  async answer(userId: string, id: string, answer: WeeklyAnswer): Promise<WeeklyAnswerResponse> {
    const { weekly, introductions, clock } = this.deps;
    return transaction(this.deps.db, async (trx) => {
      const row = await weekly.lock(trx, id);
      if (!row) throw new NotFoundError(NOT_FOUND.message, NOT_FOUND.code);
      authorize({ id: userId }, 'weekly.answer', { userA: row.user_a, userB: row.user_b }, NOT_FOUND);
      const side = row.user_a === userId ? 'a' : 'b';
      const mine = side === 'a' ? row.a_answer : row.b_answer;
      const theirs = side === 'a' ? row.b_answer : row.a_answer;
      if (row.mutual_at) return { state: 'mutual' as const };
      // A pass is final (a passed pair is never mutual); a hello can still become a pass.
      if (mine === 'pass') return { state: 'passed' as const };
      if (mine !== answer) await weekly.answer(trx, id, side, answer);
      if (answer === 'pass') return { state: 'passed' as const };
      // Until both said hello, and while a block, a hidden profile or a suspension stands between
      // them, the answer is the same "waiting": none of those is told (nor delivered).
      if (theirs !== 'hello' || !(await weekly.mayMeet(trx, row.user_a, row.user_b))) return { state: 'waiting' as const };
      // Both said hello: each is introduced to the other, in the order of their ids (locks taken in one order).
      await weekly.markMutual(trx, id, clock.now());
      await introductions.introduceIn(trx, row.user_a, row.user_b, { sameDay: 'skip', mutual: true });
      await introductions.introduceIn(trx, row.user_b, row.user_a, { sameDay: 'skip', mutual: true });
      return { state: 'mutual' as const };
    });
  }

  /**
   * The week's round (the `weekly-introductions` job): who is in, the pairs, the round row, then
   * one mail per member once it is committed. A week that has a round proposes nothing new.
   */
  async runRound(week: string, options: { dryRun: boolean }): Promise<RoundResult> {
    const { weekly, embeddingModels, logger } = this.deps;
    const empty = { week, dryRun: options.dryRun, membersIn: 0, pairsMade: 0, skipped: {}, mailed: 0 };
    if (await weekly.roundExists(week)) {
      // The round is made; its mails are owed only when a run died between the commit and them.
      if (options.dryRun || !(await weekly.mailsOwed(week))) return { ...empty, alreadyRan: true };
      return { ...empty, alreadyRan: true, mailed: await this.mailOwed(week) };
    }

    const skipped: RoundResult['skipped'] = {};
    const count = (reason: keyof RoundResult['skipped'], n = 1) => (skipped[reason] = (skipped[reason] ?? 0) + n);
    const members = (await weekly.candidates()).filter((row) => {
      if (!row.is_complete) count('incomplete');
      else if (row.suspended) count('suspended');
      else return true;
      return false;
    });
    const ids = members.map((m) => m.user_id);
    let similarity = new Map<string, number>();
    try {
      const { model } = await embeddingModels.forSearch();
      const k = members.length <= ALL_PAIRS_UP_TO ? members.length : NEAREST_K;
      similarity = new Map((await weekly.similarities(members.map((m) => m.id), model, k)).map((row) => [pairKey(row.a, row.b), row.similarity]));
    } catch (error) {
      // Without vectors the explainable features still rank; a small community is paired anyway.
      logger.warn({ err: error }, 'weekly introductions: no profile vectors to compare');
    }
    const toSet = (rows: { a: string; b: string }[]) => new Set(rows.map((row) => pairKey(row.a, row.b)));
    const [blocked, inConversation, proposedBefore] = await Promise.all([weekly.blockedPairs(ids), weekly.conversationPairs(ids), weekly.proposedPairs(ids)]);
    const result = matchWeek({ members: members.map((row) => ({ row })), similarity, blocked: toSet(blocked), inConversation: toSet(inConversation), proposedBefore: toSet(proposedBefore) });
    for (const [reason, n] of Object.entries(result.skipped)) count(reason as SkipReason, n);
    const base = { week, dryRun: options.dryRun, membersIn: members.length, pairsMade: result.pairs.length, skipped, mailed: 0 };
    if (options.dryRun) return { ...base, alreadyRan: false };

    const claimed = await transaction(this.deps.db, async (trx) => {
      if (!(await weekly.claimWeek(trx, week, members.length, result.pairs.length, skipped))) return false;
      await weekly.insertPairs(trx, week, result.pairs.map((pair) => ({ user_a: pair.userA, user_b: pair.userB, mutual_fit: pair.mutualFit })));
      return true;
    });
    if (!claimed) return { ...empty, alreadyRan: true };
    const mailed = await this.mailRound(week, members, result.pairs);
    await weekly.markMailed(week);
    return { ...base, alreadyRan: false, mailed };
  }

  /** The mails of a round made by a run that died before sending them: the pairs of both members still in. */
  private async mailOwed(week: string): Promise<number> {
    const { weekly } = this.deps;
    const members = await weekly.candidates();
    const inNow = new Set(members.map((m) => m.user_id));
    const pairs = (await weekly.weekPairs(week)).filter((p) => inNow.has(p.user_a) && inNow.has(p.user_b)).map((p) => ({ userA: p.user_a, userB: p.user_b }));
    const mailed = await this.mailRound(week, members, pairs);
    await weekly.markMailed(week);
    return mailed;
  }

  /** One mail per member with people this week, to those who get mail notifications; best effort. */
  private async mailRound(week: string, members: SearchProfileRow[], pairs: { userA: string; userB: string }[]): Promise<number> {
    const { weekly, mailer, logger, publicUrl, productName } = this.deps;
    const facts = new Map(members.map((row) => [row.user_id, factsOf(row)]));
    const people = new Map<string, string[]>();
    for (const pair of pairs) {
      people.set(pair.userA, [...(people.get(pair.userA) ?? []), pair.userB]);
      people.set(pair.userB, [...(people.get(pair.userB) ?? []), pair.userA]);
    }
    let mailed = 0;
    const link = new URL('/search', publicUrl).toString();
    for (const target of await weekly.mailTargets([...people.keys()])) {
      if (!target.notify_new_messages) continue;
      const mine = facts.get(target.id)!;
      const list = (people.get(target.id) ?? []).map((other) => ({ name: nameIn(target.language, facts.get(other)!.name), reason: reasonLine(mine, facts.get(other)!, target.language) }));
      try {
        await mailer.send(weeklyIntroductionsMail(target.email, list, link, productName, target.language));
        mailed++;
      } catch (error) {
        logger.warn({ err: error, week, userId: target.id }, 'weekly introductions: a mail was not sent');
      }
    }
    return mailed;
  }

  /** The admin's Overview: the newest round, with its hellos counted. */
  async latestRound(): Promise<WeeklyRoundResponse> {
    const round = await this.deps.weekly.latestRound();
    if (!round) return { round: null };
    return { round: { week: round.week, membersIn: round.members_in, pairsMade: round.pairs_made, hellos: round.hellos, mutualHellos: round.mutual, ranAt: round.created_at.toISOString() } };
  }
}
