import { z } from 'zod';

/**
 * A comment as a touchpoint's wall shows it. Authors are "member" or "visitor", never named: a name
 * on a touchpoint's wall would tell everyone where that member was.
 */
export const LocationComment = z.strictObject({
  id: z.uuid(),
  comment: z.string(),
  createdAt: z.string(),
  parentCommentId: z.uuid().nullable(),
  author: z.enum(['member', 'visitor']),
  mine: z.boolean(),
  canDelete: z.boolean(),
});
export type LocationComment = z.infer<typeof LocationComment>;

/** GET /api/locations/:locationId/comments */
export const LocationComments = z.strictObject({ comments: z.array(LocationComment) });
export type LocationComments = z.infer<typeof LocationComments>;

/** POST /api/locations/:locationId/comments */
export const PostedComment = z.strictObject({ comment: LocationComment });
export type PostedComment = z.infer<typeof PostedComment>;

/** DELETE /api/comments/:id */
export const DeletedComment = z.strictObject({ deleted: z.literal(true) });
export type DeletedComment = z.infer<typeof DeletedComment>;
