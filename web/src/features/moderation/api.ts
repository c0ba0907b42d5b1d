// Reports and blocks: what a member sends, and the list of members they blocked (General).
import useSWR from 'swr';

import type { BlockedMember as ServerBlockedMember, BlockedResponse, BlockResponse, ReportReason, ReportRequest, ReportResponse, UnblockResponse } from '../../../../contract/moderation';
import { api } from '../../api/client';
import { i18next } from '../../i18n/i18n';

/**
 * The reasons a member can give. `label` is the English wording (the administrator's list reads it);
 * a member reads the reason in their language: moderation:reasons.<value>.
 */
export const REPORT_REASONS = [
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'spam', label: 'Spam or scam' },
  { value: 'fake_profile', label: 'Fake profile' },
  { value: 'inappropriate_content', label: 'Inappropriate content' },
  { value: 'underage', label: 'Appears to be under 18' },
  { value: 'other', label: 'Something else' },
] as const;

export type { ReportReason };

type EvidenceField = 'messageId' | 'momentId' | 'firstMoment';

/**
 * The one piece of evidence a report may carry besides the member (one of the request's evidence
 * fields): a message they sent, one of their posted moments, or their first moment (the feed shows
 * it without a moment id). Without it, the profile as it is now.
 */
export type ReportEvidence = { [F in EvidenceField]: Pick<Required<ReportRequest>, F> }[EvidenceField];

export function sendReport(report: Omit<ReportRequest, EvidenceField> & { evidence?: ReportEvidence }): Promise<ReportResponse> {
  const { evidence, ...rest } = report;
  const body: ReportRequest = { ...rest, ...evidence };
  return api('/api/reports', { method: 'POST', body });
}

export function block(profileId: string): Promise<BlockResponse> {
  return api('/api/blocks', { method: 'POST', body: { profileId } });
}

export function unblock(profileId: string): Promise<UnblockResponse> {
  return api(`/api/blocks/${encodeURIComponent(profileId)}`, { method: 'DELETE' });
}

/** A blocked member as the list shows them (a profile without a name reads "Member" in the reader's language). */
export type BlockedMember = Omit<ServerBlockedMember, 'name'> & { name: string };

export const BLOCKS_KEY = '/api/blocks';

async function blockedMembers(key: string): Promise<{ blocked: BlockedMember[] }> {
  const { blocked } = await api<BlockedResponse>(key);
  return { blocked: blocked.map((member) => ({ ...member, name: member.name ?? i18next.t('search:defaults.member') })) };
}

export function useBlocked() {
  return useSWR<{ blocked: BlockedMember[] }, Error>(BLOCKS_KEY, blockedMembers);
}
