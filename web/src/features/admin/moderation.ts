// The administrator's moderation queue: members with open reports, the longest waiting first.
import useSWR from 'swr';

import type {
  ModerationAction,
  ModerationActionRequest,
  ModerationActionResponse,
  ModerationQueue,
  ModerationReason,
  QueueEntry,
  QueuedReport,
} from '../../../../contract/moderation';
import { api } from '../../api/client';

export type { ModerationAction, ModerationReason, QueueEntry, QueuedReport };

/** Why the administrator acts (due process): required for hide, suspend and delete; the member is told it. */
export interface Grounds {
  reason: ModerationReason;
  note?: string;
}

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
  return useSWR<ModerationQueue, Error>('/api/admin/moderation', { refreshInterval: 30_000 });
}

/**
 * An action on a member, from the queue or the Users tab; it closes their open reports (if any) and
 * is audited. Hide, suspend and delete carry their `grounds` (a reason from the list, an optional note). Suspend and delete take the administrator's step-up proof (`currentPassword`, asked by
 * features/auth/stepUp when the server answers `step_up_required`).
 */
export function actOnReports(userId: string, action: ModerationAction, currentPassword?: string, grounds?: Grounds): Promise<ModerationActionResponse> {
  const body: ModerationActionRequest = { action, ...grounds, ...(currentPassword === undefined ? {} : { currentPassword }) };
  return api(`/api/admin/moderation/${encodeURIComponent(userId)}/actions`, { method: 'POST', body });
}
