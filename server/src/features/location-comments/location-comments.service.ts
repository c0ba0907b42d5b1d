import type { DeletedComment, LocationComment, LocationComments, PostedComment } from '../../../../contract/location-comments.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { type ActorFor, authorize, may } from '../../policies/index.js';
import { MODERATION_MESSAGES } from '../moderation/moderation.schema.js';
import type { TouchpointsRepository } from '../touchpoints/touchpoints.repository.js';
import { TOUCHPOINT_MESSAGES } from '../touchpoints/touchpoints.schema.js';
import type { CommentRow, LocationCommentsRepository } from './location-comments.repository.js';
import { COMMENT_MESSAGES as M, COMMENTS_SHOWN, type CreateCommentInput } from './location-comments.schema.js';

/** Who is asking: a visitor who is not signed in is null. */
export type CommentViewer = ActorFor<'comment.delete'> | null;


function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** The community wall of a touchpoint (spec part 3: comments, replies one level deep). */
export class LocationCommentsService {
  constructor(private readonly deps: { comments: LocationCommentsRepository; touchpoints: TouchpointsRepository }) {}

  /** The newest 100 comments, newest first, each followed by its replies in the order written. */
  async list(locationId: string, viewer: CommentViewer): Promise<LocationComments> {
    const location = await this.location(locationId);
    const rows = await this.deps.comments.wall(location.id, viewer?.id ?? null, COMMENTS_SHOWN);
    return { comments: rows.map((row) => toComment(row, viewer)) };
  }

  async post(locationId: string, viewer: CommentViewer, input: CreateCommentInput): Promise<PostedComment> {
    const { comments } = this.deps;
    const location = await this.location(locationId);
    // A wall comment starts something new: not while the member's profile is hidden pending review.
    if (viewer) {
      const reach = { actorHidden: await comments.isHidden(viewer.id), inConversation: false };
      authorize({ id: viewer.id }, 'conversation.start', reach, { message: MODERATION_MESSAGES.hiddenCannotStart, code: 'profile_hidden' });
    }
    const parentId = input.parentCommentId ?? null;
    if (parentId) {
      const parent = await comments.find(parentId);
      if (!parent || parent.location_id !== location.id) throw new NotFoundError(M.parentNotFound, 'comment_not_found');
      if (parent.parent_comment_id !== null) throw new BadRequestError(M.replyToReply, 'reply_to_reply');
    }
    try {
      const row = await comments.insert({ location_id: location.id, user_id: viewer?.id ?? null, comment: input.comment, parent_comment_id: parentId });
      return { comment: toComment(row, viewer) };
    } catch (error) {
      // The comment replied to was deleted in between.
      if (isForeignKeyViolation(error)) throw new NotFoundError(M.parentNotFound, 'comment_not_found');
      throw error;
    }
  }

  /** A comment as its delete rule reads it (the route's resource: policies/routes.ts). */
  async toDelete(commentId: string): Promise<{ id: string; authorId: string | null } | undefined> {
    const comment = await this.deps.comments.find(commentId);
    return comment && { id: commentId, authorId: comment.user_id };
  }

  /** Deletes a comment the route has authorized (`comment.delete`: its author or the administrator). */
  async delete(comment: { id: string }): Promise<DeletedComment> {
    if (!(await this.deps.comments.delete(comment.id))) throw new NotFoundError(M.notFound, 'comment_not_found');
    return { deleted: true };
  }

  private async location(locationId: string) {
    const location = await this.deps.touchpoints.activeLocation(locationId);
    if (!location) throw new NotFoundError(TOUCHPOINT_MESSAGES.notFound, 'location_not_found');
    return location;
  }
}

function toComment(row: CommentRow, viewer: CommentViewer): LocationComment {
  return {
    id: row.id,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
    parentCommentId: row.parent_comment_id,
    author: row.user_id ? 'member' : 'visitor',
    mine: viewer !== null && row.user_id === viewer.id,
    canDelete: may(viewer, 'comment.delete', { authorId: row.user_id }),
  };
}
