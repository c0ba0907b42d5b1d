import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { ChatSessionType, DB, LookingFor } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import type { Language } from '../../i18n/languages.js';
import type { EmbeddingsService } from '../embeddings/embeddings.service.js';
import type { ProfileRow, ProfilesRepository } from '../profiles/profiles.repository.js';
import type { ChatMessageRow, ChatRepository, ChatSessionRow } from './chat.repository.js';
import { type ChatMessage, type ChatReply, type ChatRequest, INITIALIZE_ONBOARDING, INITIALIZE_PROFILE_UPDATE } from '../../../../contract/chat.js';
import { type InterviewProfile, interviewProfileColumns } from './interview/compose.js';
import { emptyFacts, type InterviewFacts, type MemberBasics } from './interview/facts.js';
import { type Interview, type InterviewState, isFinished } from './interview/interview.js';
import { say } from './interview/words.js';
import { transaction } from '../../db/transaction.js';

/** A chat message as the client shows it (spec part 1 §3: id, content, isUser, timestamp). */
export type { ChatReply };
type ChatMessageView = ChatMessage;

function view(message: ChatMessageRow): ChatMessageView {
  return { id: String(message.id), content: message.content, isUser: message.role === 'user', timestamp: message.created_at.toISOString() };
}

function basicsOf(profile: ProfileRow, language: Language): MemberBasics {
  return {
    language,
    name: profile.name ?? 'there',
    age: profile.age,
    profession: profile.profession,
    location: profile.location,
    relationshipStatus: profile.relationship_status,
  };
}

function hasBasicInfo(profile: ProfileRow | undefined): profile is ProfileRow {
  return Boolean(profile?.name && profile.birth_date && profile.location && profile.gender && profile.profession && profile.relationship_status);
}

/** The profile as the interview last wrote it, for the update greeting. */
function interviewProfileOf(profile: ProfileRow): InterviewProfile {
  return {
    bio: profile.bio ?? '',
    enhancedBackground: profile.enhanced_background ?? '',
    interests: profile.interests,
    personalityType: profile.personality_type,
    socialStyle: profile.social_style,
    relationshipStyle: profile.relationship_style,
    coreValues: profile.core_values,
    lookingFor: profile.looking_for,
  };
}

export interface ChatServiceDeps {
  db: Kysely<DB>;
  chats: ChatRepository;
  profiles: ProfilesRepository;
  embeddings: EmbeddingsService;
  interview: Interview;
  logger: Logger;
}

/**
 * The AI chat of onboarding and profile updates (spec part 1 §2.6, §4, §7 ai-chat). Sessions and
 * messages are stored; the interview's state lives with its session, so a reload resumes it.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  /** `language`: the member's (requestLanguage), which the interviewer speaks and writes the bio in. */
  async send(userId: string, input: ChatRequest, signal?: AbortSignal, language: Language = 'en'): Promise<ChatReply> {
    const profile = await this.deps.profiles.findByUserId(userId);
    if (!hasBasicInfo(profile)) throw new ConflictError('Please complete your basic information first.', 'basic_info_required');

    if (input.message === INITIALIZE_ONBOARDING) return this.startOnboarding(userId, profile, language, signal);
    if (input.message === INITIALIZE_PROFILE_UPDATE) return this.startUpdate(userId, profile, language);

    if (!input.sessionId) throw new BadRequestError('A chat session is required.', 'session_required');
    const session = await this.deps.chats.findOwned(userId, input.sessionId);
    if (!session) throw new NotFoundError('Chat session not found.', 'session_not_found');
    const state = session.state as InterviewState;
    if (isFinished(state)) {
      return this.reply(session, say(language, 'finished'), null, true);
    }

    const basics = basicsOf(profile, language);
    const turn = await this.deps.interview.answer(state, input.message, basics, signal);
    await transaction(this.deps.db, async (trx) => {
      if (!(await this.deps.chats.advance(trx, session.id, turn.state.turn, turn.state, turn.completed))) {
        throw new ConflictError('Your previous message is still being answered. Please wait a moment.', 'chat_busy');
      }
      await this.deps.chats.addMessages(trx, session.id, [
        { role: 'user', content: input.message },
        { role: 'assistant', content: turn.reply },
      ]);
      if (turn.profile) await this.deps.profiles.saveInterview(trx, userId, interviewProfileColumns(turn.profile));
    });
    if (turn.profile) await this.embed(profile.id);
    return this.reply(session, turn.reply, turn.extractedName, turn.completed);
  }

  /** Resumes the member's onboarding conversation, or starts one. */
  private async startOnboarding(userId: string, profile: ProfileRow, language: Language, signal?: AbortSignal): Promise<ChatReply> {
    const existing = await this.deps.chats.latest(userId, 'onboarding');
    if (existing) {
      const messages = await this.deps.chats.messages(existing.id);
      const last = messages.findLast((m) => m.role === 'assistant');
      if (last) return this.reply(existing, last.content, null, isFinished(existing.state as InterviewState), messages);
    }
    const { reply, state } = await this.deps.interview.startOnboarding(basicsOf(profile, language), signal);
    return this.open(userId, 'onboarding', state, reply);
  }

  /** A profile update always starts a fresh conversation from what the member said last time. */
  private async startUpdate(userId: string, profile: ProfileRow, language: Language): Promise<ChatReply> {
    const facts = await this.lastFacts(userId, profile);
    const { reply, state } = this.deps.interview.startUpdate(basicsOf(profile, language), facts, profile.bio ? interviewProfileOf(profile) : null);
    return this.open(userId, 'profile_update', state, reply);
  }

  private async open(userId: string, type: ChatSessionType, state: InterviewState, reply: string): Promise<ChatReply> {
    const session = await transaction(this.deps.db, async (trx) => {
      const created = await this.deps.chats.createSession(trx, userId, type, state);
      await this.deps.chats.addMessages(trx, created.id, [{ role: 'assistant', content: reply }]);
      return created;
    });
    return this.reply(session, reply, null, false);
  }

  private async lastFacts(userId: string, profile: ProfileRow): Promise<InterviewFacts> {
    const latest = await this.deps.chats.latest(userId);
    const facts = (latest?.state as InterviewState | undefined)?.facts;
    if (facts) return facts;
    // A profile that was never interviewed (made before the chat, or by the demo seed).
    return { ...emptyFacts(), interests: profile.interests, values: profile.core_values, lookingFor: profile.looking_for as LookingFor[] };
  }

  private async embed(profileId: string): Promise<void> {
    try {
      await this.deps.embeddings.embedProfile(profileId);
    } catch (error) {
      // The profile is saved; its vector is made again by the next save or the regeneration job.
      this.deps.logger.error({ err: error, profileId }, 'embedding the profile after the interview failed');
    }
  }

  private async reply(
    session: ChatSessionRow,
    response: string,
    extractedName: string | null,
    completed: boolean,
    messages?: ChatMessageRow[],
  ): Promise<ChatReply> {
    const all = messages ?? (await this.deps.chats.messages(session.id));
    return { response, sessionId: session.id, sessionType: session.session_type, extractedName, completed, messages: all.map(view) };
  }
}

