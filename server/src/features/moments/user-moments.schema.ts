import type { RecommendedMoment, UserMoment } from '../../../../contract/moments.js';
import { AppError, BadRequestError } from '../../errors.js';

/** A posted moment's caption (images and videos only); the table allows 300 characters. */
export const CAPTION_MAX_LENGTH = 300;

/** The spec's words for a posted moment without content (its toast titles go in `code`). */
export const POST_MESSAGES = {
  contentRequired: 'Please enter some text content',
  imageRequired: 'Please select an image to upload',
  videoRequired: 'Please select a video to upload',
} as const;

/**
 * The upload parser words a missing text or file for the first-moment editor; a posted moment
 * uses the spec's words for the post dialog ("Content Required", "File Required").
 */
export function postUploadError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  switch (error.code) {
    case 'text_required':
      return new BadRequestError(POST_MESSAGES.contentRequired, 'content_required');
    case 'images_required':
      return new BadRequestError(POST_MESSAGES.imageRequired, 'file_required');
    case 'video_required':
      return new BadRequestError(POST_MESSAGES.videoRequired, 'file_required');
    default:
      return error;
  }
}

export type { RecommendedMoment, UserMoment };
