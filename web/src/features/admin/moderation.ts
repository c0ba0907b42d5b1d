// The administrator's moderation queue: members with open reports, the longest waiting first.
import useSWR from 'swr';

import { api } from '../../api/client';

export interface ReportEvidence {
  type: 'message' | 'moment' | 'profile';
  subject?: string;
  content?: string;
  text?: string | null;
  caption?: string | null;
  name?: string | null;
  bio?: string | null;
  profession?: string | null;
  location?: string | null;
}

export interface QueuedReport {
  id: string;
  reason: string;
  note: string | null;
  evidence: ReportEvidence;
  createdAt: string;
}

export interface QueueEntry {
  userId: string;
  profileId: string | null;
  name: string;
  email: string;
  avatarUrl: string | null;
  userCode: string | null;
  /** Hidden from search, feeds, touchpoints and strangers while reports are reviewed. */
  hidden: boolean;
  /** Signed out and unable to sign in until the suspension is lifted. */
  suspended: boolean;
  oldestReportAt: string;
  /** Waiting longer than the 24 hours the help page promises. */
  overdue: boolean;
  distinctReporters: number;
  reports: QueuedReport[];
}

export type ModerationAction = 'dismiss' | 'warn' | 'hide' | 'unhide' | 'suspend' | 'unsuspend' | 'delete';

/** What an action did, for the toast ("Gil Hart: suspended"): its key in the admin catalogue. */
export const ACTION_DONE = {
  dismiss: 'moderation.done.dismiss',
  warn: 'moderation.done.warn',
  hide: 'moderation.done.hide',
  unhide: 'moderation.done.unhide',
  suspend: 'moderation.done.suspend',
  unsuspend: 'moderation.done.unsuspend',
  delete: 'moderation.done.delete',
} as const satisfies Record<ModerationAction, string>;

export function useModerationQueue() {
  return useSWR<{ reviewWithinHours: number; queue: QueueEntry[] }, Error>('/api/admin/moderation', { refreshInterval: 30_000 });
}

/** An action on a member, from the queue or the Users tab; it closes their open reports (if any) and is audited. */
export function actOnReports(userId: string, action: ModerationAction): Promise<{ action: ModerationAction; resolved: number }> {
  return api(`/api/admin/moderation/${encodeURIComponent(userId)}/actions`, { method: 'POST', body: { action } });
}
