import { z } from 'zod';

/** The reasons a member can give for a report. */
export const REPORT_REASONS = ['harassment', 'spam', 'fake_profile', 'inappropriate_content', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const profileId = z.uuid({ error: 'Profile not found.' });

/** POST /api/blocks */
export const BlockRequest = z.strictObject({ profileId });
export const BlockResponse = z.strictObject({ blocked: z.literal(true) });
export type BlockResponse = z.infer<typeof BlockResponse>;

/** DELETE /api/blocks/:profileId (false: there was no block). */
export const UnblockResponse = z.strictObject({ unblocked: z.boolean() });
export type UnblockResponse = z.infer<typeof UnblockResponse>;

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
export type ReportResponse = z.infer<typeof ReportResponse>;

/** What a report kept as it was when filed; rows filed by older releases may carry more, so extra fields pass. */
export const ReportEvidence = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message'), subject: z.string().nullish(), content: z.string().nullish(), sentAt: z.string().optional() }),
  z.looseObject({
    type: z.literal('moment'),
    /** The profile's card, reported from the feed. */
    firstMoment: z.literal(true).optional(),
    momentType: z.string().nullish(),
    text: z.string().nullish(),
    caption: z.string().nullish(),
    imageUrl: z.string().nullish(),
    videoUrl: z.string().nullish(),
    postedAt: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('profile'),
    name: z.string().nullish(),
    bio: z.string().nullish(),
    profession: z.string().nullish(),
    location: z.string().nullish(),
  }),
]);
export type ReportEvidence = z.infer<typeof ReportEvidence>;

export const QueuedReport = z.strictObject({
  id: z.uuid(),
  reason: z.string(),
  note: z.string().nullable(),
  evidence: ReportEvidence,
  createdAt: z.string(),
});
export type QueuedReport = z.infer<typeof QueuedReport>;

/** A member with open reports, as the administrator's queue shows them. */
export const QueueEntry = z.strictObject({
  userId: z.uuid(),
  profileId: z.uuid().nullable(),
  /** null: no name saved; the dashboard shows its own word for a member. */
  name: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  userCode: z.string().nullable(),
  /** Hidden from search, feeds, touchpoints and strangers while reports are reviewed. */
  hidden: z.boolean(),
  /** Signed out and unable to sign in until the suspension is lifted. */
  suspended: z.boolean(),
  oldestReportAt: z.string(),
  /** Waiting longer than the 24 hours the help page promises. */
  overdue: z.boolean(),
  distinctReporters: z.number().int(),
  reports: z.array(QueuedReport),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

/** GET /api/admin/moderation: members with open reports, the longest waiting first. */
export const ModerationQueue = z.strictObject({ reviewWithinHours: z.number(), queue: z.array(QueueEntry) });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'hide', 'unhide', 'suspend', 'unsuspend', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Why the administrator acted (due process): one of the reasons a member can report (REPORT_REASONS),
 * as the queue shows them, one list through every layer. The member is told it in their own language.
 */
export type ModerationReason = ReportReason;
/** The actions that take something from the member, each with a reason from the list (the others undo or only close reports). */
export const REASONED_ACTIONS: ReadonlySet<ModerationAction> = new Set<ModerationAction>(['hide', 'suspend', 'delete']);

/** POST /api/admin/moderation/:userId/actions */
export const ModerationActionRequest = z
  .strictObject({
    action: z.enum(MODERATION_ACTIONS),
    /** hide, suspend and delete: why, from the fixed list. */
    reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }).optional(),
    /** An optional note to the member, beside the reason (in the administrator's words; it is mailed as written). */
    note: z.string().trim().min(1).max(1000, { error: 'The note can be at most 1000 characters.' }).optional(),
    /** warn: the text of the warning; the standard one when absent. */
    message: z.string().trim().min(1).max(2000).optional(),
    /** suspend and delete: the administrator's step-up proof (their password), unless signed in by campus just now. */
    currentPassword: z.string().max(1024).optional(),
  })
  .refine((body) => !REASONED_ACTIONS.has(body.action) || body.reason !== undefined, { error: 'Please choose a reason.', path: ['reason'] });
/** The actions that need the administrator's step-up proof, as deleting a member from the Users tab does. */
export const STEP_UP_ACTIONS: ReadonlySet<ModerationAction> = new Set<ModerationAction>(['suspend', 'delete']);
export type ModerationActionRequest = z.infer<typeof ModerationActionRequest>;
export const ModerationActionResponse = z.strictObject({ action: z.enum(MODERATION_ACTIONS), resolved: z.number().int() });
export type ModerationActionResponse = z.infer<typeof ModerationActionResponse>;
