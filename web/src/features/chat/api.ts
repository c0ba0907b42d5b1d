// POST /api/chat: the AI interview of onboarding and profile updates.
import { api } from '../../api/client';

export type ChatSessionType = 'onboarding' | 'profile_update';

/** Spec part 1 §3: id, content, isUser, timestamp. */
export interface ChatMessage {
  id: string;
  content: string;
  isUser: boolean;
  timestamp: string;
}

export interface ChatReply {
  response: string;
  sessionId: string;
  sessionType: ChatSessionType;
  extractedName: string | null;
  completed: boolean;
  messages: ChatMessage[];
}

export const INITIALIZE: Record<ChatSessionType, string> = {
  onboarding: 'INITIALIZE_ONBOARDING',
  profile_update: 'INITIALIZE_PROFILE_UPDATE',
};

export function sendChat(message: string, sessionType: ChatSessionType, sessionId?: string): Promise<ChatReply> {
  return api<ChatReply>('/api/chat', { method: 'POST', body: { message, sessionType, ...(sessionId ? { sessionId } : {}) } });
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
