// The mailbox (spec part 2, Mailbox page): pages of Inbox or Sent, the unread count, compose, mark read.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

import type { Box, MailboxMessage, MailboxPage, MarkedRead, UnreadCount } from '../../../../contract/messages';
import { api } from '../../api/client';

export type { Box, MailboxMessage, MailboxPage };

const PAGE_SIZE = 30;
export const unreadKey = '/api/messages/unread-count';

/** Inbox or Sent, newest first, a page at a time (`loadMore` fetches the next, older page). */
export function useMailbox(box: Box) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<MailboxPage, Error>((index, previous: MailboxPage | null) => {
    if (previous && !previous.nextCursor) return null;
    const before = previous?.nextCursor ? `&before=${encodeURIComponent(previous.nextCursor)}` : '';
    return `/api/messages?box=${box}&limit=${String(PAGE_SIZE)}${before}`;
  });
  const messages = data?.flatMap((page) => page.messages);
  const last = data?.at(-1);
  return {
    messages,
    address: data?.[0]?.address ?? null,
    unreadCount: data?.[0]?.unreadCount ?? 0,
    hasMore: Boolean(last?.nextCursor),
    loadingMore: isValidating && data !== undefined && size > data.length,
    loadMore: () => void setSize(size + 1),
    error,
    isLoading,
    mutate,
  };
}

/** The unread count for the badge in the search screen's menu. */
export function useUnreadCount(enabled = true) {
  const { data, mutate } = useSWR<UnreadCount, Error>(enabled ? unreadKey : null, { refreshInterval: 60_000 });
  return { unreadCount: data?.unreadCount ?? 0, mutate };
}

export function sendMessage(message: { to: string; subject: string; content: string }): Promise<MailboxMessage> {
  return api<MailboxMessage>('/api/messages', { method: 'POST', body: message });
}

export function markRead(id: string): Promise<MarkedRead> {
  return api<MarkedRead>(`/api/messages/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Rows show MM/dd HH:mm (spec), in the member's own time zone; in French dd/MM HH:mm, the order a
 * French reader takes a short date in (11/05 would read as the 11th of May).
 */
export function rowTime(iso: string, language = 'en'): string {
  const d = new Date(iso);
  const day = language === 'fr' ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}` : `${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The detail dialog shows yyyy-MM-dd HH:mm (spec). */
export function detailTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "Re: subject", never "Re: Re: subject". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
