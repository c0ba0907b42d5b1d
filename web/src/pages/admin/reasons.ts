import type { ModerationReason } from '../../features/admin/moderation';

/** The reasons, as members report them and the administrator acts on them: their keys in the admin catalogue. */
export const REASONS = {
  harassment: 'moderation.reason.harassment',
  spam: 'moderation.reason.spam',
  fake_profile: 'moderation.reason.fake_profile',
  inappropriate_content: 'moderation.reason.inappropriate_content',
  underage: 'moderation.reason.underage',
  other: 'moderation.reason.other',
} as const satisfies Record<ModerationReason, string>;

/** An unknown reason (from a newer server) is shown as it came. */
export const isReason = (reason: string): reason is ModerationReason => Object.hasOwn(REASONS, reason);
