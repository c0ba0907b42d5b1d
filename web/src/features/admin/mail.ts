// Outgoing mail as the administrator sees it: counts by state and the deliveries given up on.
import useSWR from 'swr';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  state: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
}

export interface MailStatus {
  counts: Record<OutgoingMail['state'], number>;
  messages: OutgoingMail[];
}

export function useFailedMail() {
  return useSWR<MailStatus, Error>('/api/admin/mail?state=failed&limit=20');
}
