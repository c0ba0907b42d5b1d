import { z } from 'zod';

import { multiLine } from '../../../../contract/text.js';

/** The spec's words (part 3 §5, §8) where it has them. */
export const COMMENT_MESSAGES = {
  empty: 'Please write a comment first.',
  tooLong: (max: number) => `A comment can be at most ${max} characters.`,
  replyToReply: 'You can reply to a comment, not to a reply.',
  parentNotFound: 'That comment is no longer there.',
  notFound: 'Comment not found.',
  notYours: 'You can only delete your own comments.',
  tooMany: (minutes: number) => `You are posting comments too quickly. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** The table's bound (migration 20261129000000_touchpoints). */
export const COMMENT_MAX = 500;
/** Spec part 3 §9: the wall shows the newest 100 comments. */
export const COMMENTS_SHOWN = 100;

const M = COMMENT_MESSAGES;

/** POST /api/locations/:locationId/comments: text trimmed (spec §5), a reply names its comment. */
export const createCommentSchema = z.strictObject({
  comment: z
    .string({ error: M.empty })
    .transform(multiLine)
    .pipe(z.string().min(1, M.empty).refine((s) => [...s].length <= COMMENT_MAX, M.tooLong(COMMENT_MAX))),
  parentCommentId: z.uuid({ error: M.parentNotFound }).nullable().optional(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;
