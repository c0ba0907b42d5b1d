import { z } from 'zod';

export const REPORT_REASONS = ['harassment', 'spam', 'fake_profile', 'inappropriate_content', 'underage', 'other'] as const;

export const MODERATION_MESSAGES = {
  notFound: 'Profile not found.',
  self: "You can't report or block yourself.",
  evidenceNotFound: 'That message or moment was not found.',
  oneEvidence: 'Report one message or moment at a time.',
  tooMany: (hours: number) => `You have sent many reports recently. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or write to support.`,
  reportNotFound: 'There are no open reports on that member.',
  /** A hidden member starting something new (policies/moderation.ts mayReachOut). */
  hiddenCannotStart: 'Your profile is hidden while a report is reviewed, so you cannot start new conversations.',
  selfAct: 'You cannot act on reports about yourself.',
  selfSuspend: 'You cannot suspend your own account.',
  warningSubject: (product: string) => `A note from the ${product} team`,
  warningDefault: (product: string) =>
    `Other members reported something you posted or sent. Please keep to the ${product} community rules: be kind, be honest about who you are, and respect a no. Another report may lead to your profile being hidden or your account being removed.`,
} as const;

const profileId = z.uuid({ error: MODERATION_MESSAGES.notFound });

export const blockSchema = z.strictObject({ profileId });

/**
 * At most one piece of evidence: a message the member sent the reporter, one of their posted
 * moments (`momentId`), or their first moment (`firstMoment`, the profile's card: the feed shows
 * it without a moment id). Without any, the profile as it is now is the evidence.
 */
export const reportSchema = z
  .strictObject({
    profileId,
    reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }),
    note: z.string().trim().max(1000, 'The note can be at most 1000 characters.').optional(),
    messageId: z.uuid().optional(),
    momentId: z.uuid().optional(),
    firstMoment: z.literal(true).optional(),
  })
  .refine((report) => [report.messageId, report.momentId, report.firstMoment].filter((x) => x !== undefined).length <= 1, {
    error: MODERATION_MESSAGES.oneEvidence,
  });
export type ReportInput = z.infer<typeof reportSchema>;

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'hide', 'unhide', 'suspend', 'unsuspend', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const actionSchema = z.strictObject({
  action: z.enum(MODERATION_ACTIONS),
  /** warn: the text of the warning; the standard one when absent. */
  message: z.string().trim().min(1).max(2000).optional(),
});
