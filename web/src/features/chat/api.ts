// POST /api/chat: the AI interview of onboarding and profile updates.
import type { ChatMessage, ChatReply, ChatRequest, ChatSessionType } from '../../../../contract/chat';
import { api } from '../../api/client';

export type { ChatMessage, ChatReply, ChatSessionType };

export const INITIALIZE: Record<ChatSessionType, string> = {
  onboarding: 'INITIALIZE_ONBOARDING',
  profile_update: 'INITIALIZE_PROFILE_UPDATE',
};

export function sendChat(message: string, sessionType: ChatSessionType, sessionId?: string): Promise<ChatReply> {
  const body: ChatRequest = { message, sessionType, ...(sessionId ? { sessionId } : {}) };
  return api<ChatReply>('/api/chat', { method: 'POST', body });
}

/** Spec part 1 §3: an extracted name is kept in session storage as userName. */
export function rememberName(name: string | null): void {
  if (!name) return;
  try {
    sessionStorage.setItem('userName', name);
  } catch {
    // Storage may be unavailable (private mode); the name is a convenience only.
  }
}
