import type { LookingFor } from '../../../db/schema.js';
import type { InterviewProfile } from './compose.js';
import type { Extraction } from './extract.js';
import { ownWords } from './extract.js';
import { emptyFacts, type InterviewFacts, LOOKING_FOR_PHRASES, type MemberBasics, TOPICS, type Topic, union, without } from './facts.js';
import { interestIn, listIn, lookingForIn, say, socialIn, traitIn, valueIn } from './words.js';
import type { InterviewWriter } from './writer.js';

/**
 * The interview as a state machine, independent of storage and of which AI words it.
 * Onboarding asks the five topics in order (each at most twice) and then writes the profile;
 * a profile update applies each message as a change and rewrites the profile at once.
 */

export interface InterviewState {
  kind: 'onboarding' | 'profile_update';
  /** Member messages handled so far; the store uses it to refuse a stale concurrent turn. */
  turn: number;
  /** Onboarding: the topic asked last (an index into TOPICS); TOPICS.length once finished. */
  topic: number;
  /** The current topic has already been asked again once. */
  retried: boolean;
  facts: InterviewFacts;
}

export interface Turn {
  reply: string;
  state: InterviewState;
  /** Set when the profile should be written now. */
  profile: InterviewProfile | null;
  completed: boolean;
  extractedName: string | null;
}

export function isFinished(state: InterviewState): boolean {
  return state.kind === 'onboarding' && state.topic >= TOPICS.length;
}

function removePartnerIfTaken(lookingFor: LookingFor[], basics: MemberBasics): LookingFor[] {
  // Partner searches respect relationship status (spec part 2): a member who is not single is
  // not offered as a partner, whatever they typed.
  return basics.relationshipStatus === 'not_single' ? lookingFor.filter((l) => l !== 'partner') : lookingFor;
}

/** What an answer contributes to the topic that was asked; empty means "ask again". */
function learnedFor(topic: Topic, e: Extraction): string[] {
  switch (topic) {
    case 'interests':
    case 'activities':
      return e.interests;
    case 'personality':
      return e.traits;
    case 'social':
      return e.social;
    case 'lookingFor':
      return e.lookingFor.map((l) => LOOKING_FOR_PHRASES[l]);
  }
}

/** Everything said is kept wherever it belongs, whichever question it answered. */
function merge(facts: InterviewFacts, topic: Topic, e: Extraction, basics: MemberBasics): InterviewFacts {
  return {
    interests: topic === 'activities' ? facts.interests : union(facts.interests, e.interests),
    activities: topic === 'activities' ? union(facts.activities, e.interests) : facts.activities,
    traits: union(facts.traits, e.traits),
    social: union(facts.social, e.social),
    lookingFor: removePartnerIfTaken(union(facts.lookingFor, e.lookingFor) as LookingFor[], basics),
    partnerStyle: e.partnerStyle ?? facts.partnerStyle,
    values: union(facts.values, e.values),
    ownWords: facts.ownWords,
  };
}

export class Interview {
  constructor(
    private readonly writer: InterviewWriter,
    private readonly productName: string,
  ) {}

  async startOnboarding(basics: MemberBasics, signal?: AbortSignal): Promise<{ reply: string; state: InterviewState }> {
    const facts = emptyFacts();
    const question = await this.writer.question({ topic: 'interests', basics, facts, previousAnswer: null, learned: [], retry: false }, signal);
    return {
      reply: say(basics.language ?? 'en', 'greeting', { name: basics.name, product: this.productName, question }),
      state: { kind: 'onboarding', turn: 0, topic: 0, retried: false, facts },
    };
  }

  startUpdate(basics: MemberBasics, facts: InterviewFacts, profile: InterviewProfile | null): { reply: string; state: InterviewState } {
    const language = basics.language ?? 'en';
    const separator = language === 'zh-Hans' ? '、' : ', ';
    const lines = [
      profile && profile.interests.length > 0 ? say(language, 'update.lines.interests', { list: profile.interests.map((l) => interestIn(language, l)).join(separator) }) : null,
      profile?.personalityType ? say(language, 'update.lines.personality', { value: profile.personalityType }) : null,
      profile?.socialStyle ? say(language, 'update.lines.social', { value: profile.socialStyle }) : null,
      profile && profile.lookingFor.length > 0 ? say(language, 'update.lines.lookingFor', { list: listIn(language, profile.lookingFor.map((l) => lookingForIn(language, l))) }) : null,
      profile && profile.coreValues.length > 0
        ? say(language, 'update.lines.values', { list: language === 'en' ? profile.coreValues.join(', ') : profile.coreValues.map((v) => valueIn(language, v)).join(separator) })
        : null,
    ].filter(Boolean);
    const summary = lines.length > 0 ? say(language, 'update.summary', { lines: lines.join('\n') }) : '';
    return {
      reply: say(language, 'update.greeting', { name: basics.name, summary }),
      state: { kind: 'profile_update', turn: 0, topic: 0, retried: false, facts },
    };
  }

  async answer(state: InterviewState, message: string, basics: MemberBasics, signal?: AbortSignal): Promise<Turn> {
    return state.kind === 'onboarding' ? this.onboardingTurn(state, message, basics, signal) : this.updateTurn(state, message, basics, signal);
  }

  private async onboardingTurn(state: InterviewState, message: string, basics: MemberBasics, signal?: AbortSignal): Promise<Turn> {
    const topic = TOPICS[state.topic];
    if (topic === undefined) throw new Error('the onboarding interview is already finished');
    const extraction = await this.writer.extract(message, topic, signal);
    let facts = merge(state.facts, topic, extraction, basics);
    const learned = learnedFor(topic, extraction);
    const turn = state.turn + 1;

    if (learned.length === 0 && !state.retried) {
      const reply = await this.writer.question({ topic, basics, facts, previousAnswer: message, learned, retry: true }, signal);
      return { reply, state: { ...state, turn, retried: true, facts }, profile: null, completed: false, extractedName: extraction.name };
    }
    if (learned.length === 0 && (topic === 'interests' || topic === 'activities')) {
      facts = { ...facts, ownWords: union(facts.ownWords, [ownWords(message)]) };
    }
    if (topic === 'lookingFor' && facts.lookingFor.length === 0) {
      // Asked twice without an answer: friendship is what everyone here is open to.
      facts = { ...facts, lookingFor: ['friend'] };
    }

    const next = TOPICS[state.topic + 1];
    if (next === undefined) {
      const profile = await this.writer.compose(facts, basics, signal);
      const reply = say(basics.language ?? 'en', 'closing', { name: basics.name, bio: profile.bio });
      return {
        reply,
        state: { ...state, turn, topic: TOPICS.length, retried: false, facts },
        profile,
        completed: true,
        extractedName: extraction.name,
      };
    }
    const reply = await this.writer.question({ topic: next, basics, facts, previousAnswer: message, learned, retry: false }, signal);
    return { reply, state: { ...state, turn, topic: state.topic + 1, retried: false, facts }, profile: null, completed: false, extractedName: extraction.name };
  }

  private async updateTurn(state: InterviewState, message: string, basics: MemberBasics, signal?: AbortSignal): Promise<Turn> {
    const e = await this.writer.extract(message, 'update', signal);
    const before = state.facts;
    const removed = e.removedInterests.filter((label) => [...before.interests, ...before.activities].some((x) => x.toLowerCase() === label.toLowerCase()));
    const added = e.interests.filter((label) => ![...before.interests, ...before.activities].some((x) => x.toLowerCase() === label.toLowerCase()));
    const lookingFor = removePartnerIfTaken(e.lookingFor, basics);
    const facts: InterviewFacts = {
      interests: union(without(before.interests, removed), added),
      activities: without(before.activities, removed),
      // A new description replaces the old one: "I'm more outgoing now" should not keep "shy".
      traits: e.traits.length > 0 ? e.traits : before.traits,
      social: e.social.length > 0 ? e.social : before.social,
      lookingFor: lookingFor.length > 0 ? lookingFor : before.lookingFor,
      partnerStyle: e.partnerStyle ?? before.partnerStyle,
      values: union(before.values, e.values),
      ownWords: before.ownWords,
    };

    const language = basics.language ?? 'en';
    const list = (items: readonly string[]) => listIn(language, items);
    const changes = [
      added.length > 0 ? say(language, 'update.changes.added', { list: list(added.map((l) => interestIn(language, l))) }) : null,
      removed.length > 0 ? say(language, 'update.changes.removed', { list: list(removed.map((l) => interestIn(language, l))) }) : null,
      e.traits.length > 0 && e.traits.join() !== before.traits.join() ? say(language, 'update.changes.traits', { list: list(e.traits.map((t) => traitIn(language, t))) }) : null,
      e.social.length > 0 && e.social.join() !== before.social.join() ? say(language, 'update.changes.social', { list: list(e.social.map((x) => socialIn(language, x))) }) : null,
      lookingFor.length > 0 && lookingFor.join() !== before.lookingFor.join()
        ? say(language, 'update.changes.lookingFor', { list: list(lookingFor.map((l) => lookingForIn(language, l))) })
        : null,
      facts.values.length > before.values.length
        ? say(language, 'update.changes.values', { list: list(facts.values.slice(before.values.length).map((v) => valueIn(language, v))) })
        : null,
    ].filter((c): c is string => c !== null);

    const turn = state.turn + 1;
    if (changes.length === 0) {
      return {
        reply: say(language, 'update.nothing'),
        state: { ...state, turn },
        profile: null,
        completed: false,
        extractedName: e.name,
      };
    }
    const profile = await this.writer.compose(facts, basics, signal);
    const reply = say(language, 'update.done', { changes: list(changes), bio: profile.bio });
    return { reply, state: { ...state, turn, facts }, profile, completed: false, extractedName: e.name };
  }
}
