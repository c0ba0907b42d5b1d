import type { LookingFor } from '../../../db/schema.js';
import type { InterviewProfile } from './compose.js';
import type { Extraction } from './extract.js';
import { ownWords } from './extract.js';
import { emptyFacts, type InterviewFacts, listPhrase, LOOKING_FOR_PHRASES, type MemberBasics, TOPICS, type Topic, union, without } from './facts.js';
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
      reply: `Hi ${basics.name}! I'm ${this.productName}'s AI assistant. I'll ask you five quick questions to build your profile, so I can introduce you to people you'll click with. ${question}`,
      state: { kind: 'onboarding', turn: 0, topic: 0, retried: false, facts },
    };
  }

  startUpdate(basics: MemberBasics, facts: InterviewFacts, profile: InterviewProfile | null): { reply: string; state: InterviewState } {
    const lines = [
      profile && profile.interests.length > 0 ? `• Interests: ${profile.interests.join(', ')}` : null,
      profile?.personalityType ? `• Personality: ${profile.personalityType}` : null,
      profile?.socialStyle ? `• Social style: ${profile.socialStyle}` : null,
      profile && profile.lookingFor.length > 0 ? `• Looking for: ${listPhrase(profile.lookingFor.map((l) => LOOKING_FOR_PHRASES[l]))}` : null,
      profile && profile.coreValues.length > 0 ? `• Values: ${profile.coreValues.join(', ')}` : null,
    ].filter(Boolean);
    const summary = lines.length > 0 ? `Here's your profile as it stands:\n${lines.join('\n')}\n\n` : '';
    return {
      reply: `Welcome back, ${basics.name}! ${summary}What would you like to change? You can say things like "add climbing", "I'm not into basketball anymore" or "I'm free on weekends now".`,
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
      const reply = `Thanks, ${basics.name} — that's everything I need! Here's the bio I wrote from your answers:\n\n“${profile.bio}”\n\nYou can change it any time by chatting with me again from your settings. Next, share a first moment so people can get a feel for you.`;
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

    const changes = [
      added.length > 0 ? `added ${listPhrase(added)}` : null,
      removed.length > 0 ? `removed ${listPhrase(removed)}` : null,
      e.traits.length > 0 && e.traits.join() !== before.traits.join() ? `described you as ${listPhrase(e.traits)}` : null,
      e.social.length > 0 && e.social.join() !== before.social.join() ? `noted ${listPhrase(e.social)}` : null,
      lookingFor.length > 0 && lookingFor.join() !== before.lookingFor.join() ? `set you as looking for ${listPhrase(lookingFor.map((l) => LOOKING_FOR_PHRASES[l]))}` : null,
      facts.values.length > before.values.length ? `added ${listPhrase(facts.values.slice(before.values.length).map((v) => v.toLowerCase()))} to your values` : null,
    ].filter((c): c is string => c !== null);

    const turn = state.turn + 1;
    if (changes.length === 0) {
      return {
        reply: `I couldn't find anything to change in that. Try something like "add photography", "remove basketball", "I'm quite introverted" or "I'm looking for activity partners".`,
        state: { ...state, turn },
        profile: null,
        completed: false,
        extractedName: e.name,
      };
    }
    const profile = await this.writer.compose(facts, basics, signal);
    const reply = `Done — I ${listPhrase(changes)}. Your profile now reads:\n\n“${profile.bio}”\n\nAnything else you'd like to change?`;
    return { reply, state: { ...state, turn, facts }, profile, completed: false, extractedName: e.name };
  }
}
