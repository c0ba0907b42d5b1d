import { z } from 'zod';

/** The reasons a member can give for a report. */
export const REPORT_REASONS = ['harassment', 'spam', 'fake_profile', 'inappropriate_content', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const profileId = z.uuid({ error: 'Profile not found.' });

/** POST /api/blocks */
export const BlockRequest = z.strictObject({ profileId });
export const BlockResponse = z.strictObject({ blocked: z.literal(true) });

/** DELETE /api/blocks/:profileId (false: there was no block). */
export const UnblockResponse = z.strictObject({ unblocked: z.boolean() });

/** A member the viewer blocked, as the General screen lists them. */
export const BlockedMember = z.strictObject({
  profileId: z.uuid(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMember>;

/** GET /api/blocks */
export const BlockedResponse = z.strictObject({ blocked: z.array(BlockedMember) });
export type BlockedResponse = z.infer<typeof BlockedResponse>;

/**
 * POST /api/reports. At most one piece of evidence: a message the member sent the reporter, one of
 * their posted moments (`momentId`), or their first moment (`firstMoment`, the profile's card: the
 * feed shows it without a moment id). Without any, the profile as it is now is the evidence.
 */
export const ReportRequest = z
  .strictObject({
    profileId,
    reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }),
    note: z.string().trim().max(1000, 'The note can be at most 1000 characters.').optional(),
    messageId: z.uuid().optional(),
    momentId: z.uuid().optional(),
    firstMoment: z.literal(true).optional(),
  })
  .refine((report) => [report.messageId, report.momentId, report.firstMoment].filter((x) => x !== undefined).length <= 1, {
    error: 'Report one message or moment at a time.',
  });
export type ReportRequest = z.infer<typeof ReportRequest>;
export const ReportResponse = z.strictObject({ reported: z.literal(true) });
