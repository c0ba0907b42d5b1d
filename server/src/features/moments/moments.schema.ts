import { AppError, BadRequestError } from '../../errors.js';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../storage/images.js';

export const MOMENT_TYPES = ['image', 'video', 'text'] as const;
export type MomentType = (typeof MOMENT_TYPES)[number];

export const MB = 1024 * 1024;

/** The spec's limits for a moment (the first moment and, later, user moments). */
export interface MomentUploadLimits extends ImageLimits {
  maxImages: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  maxTextLength: number;
}

export const DEFAULT_MOMENT_LIMITS: Readonly<MomentUploadLimits> = Object.freeze({
  maxImages: 8,
  maxImageBytes: 10 * MB,
  maxVideoBytes: 100 * MB,
  maxTextLength: 500,
  ...DEFAULT_IMAGE_LIMITS,
});

/** The spec's words where it has them. */
export const MOMENT_MESSAGES = {
  typeRequired: 'Please select a moment type',
  typeInvalid: 'The moment type must be image, video or text.',
  textRequired: 'Text required',
  textTooLong: (max: number) => `Text must be ${max} characters or fewer.`,
  captionTooLong: (max: number) => `The caption must be ${max} characters or fewer.`,
  tooManyImages: 'Too many images',
  oneVideo: 'Only one video can be uploaded.',
  tooManyParts: 'The form has too many fields or files.',
  imageTooLarge: (file: string, maxBytes: number) => `${file} is larger than ${Math.round(maxBytes / MB)}MB`,
  videoTooLarge: (maxBytes: number) => `Video must be less than ${Math.round(maxBytes / MB)}MB`,
  imagesRequired: 'Please choose at least one image.',
  videoRequired: 'Please choose a video.',
  imageKind: 'Only PNG, JPG or WEBP images are allowed.',
  videoKind: 'Only MP4, MOV or WEBM videos are allowed.',
  imagePixels: (file: string, maxPixels: number) => `${file} is too large: images may have at most ${Math.round(maxPixels / 1_000_000)} megapixels.`,
  imageUnreadable: (file: string) => `${file} could not be read as an image.`,
  notMultipart: 'Send the moment as multipart/form-data.',
  malformed: 'The upload could not be read. Please try again.',
  unexpectedField: (name: string) => `Unexpected form field "${name}".`,
  wrongFiles: (type: MomentType) => (type === 'text' ? 'A text moment takes no files.' : `A${type === 'image' ? 'n image' : ' video'} moment takes only ${type === 'image' ? 'images' : 'one video'}.`),
  saveFailed: 'Failed to save moment',
  basicInfoRequired: 'Please save your basic information (name, birth date and location) first.',
} as const;

/** Counts characters as Postgres's char_length does (code points), not UTF-16 units. */
export const characterCount = (text: string) => [...text].length;

export function parseMomentType(value: string | undefined): MomentType {
  if (value === undefined || value.trim() === '') throw new BadRequestError(MOMENT_MESSAGES.typeRequired, 'moment_type_required');
  const type = value.trim();
  if (!(MOMENT_TYPES as readonly string[]).includes(type)) throw new BadRequestError(MOMENT_MESSAGES.typeInvalid, 'invalid_moment_type');
  return type as MomentType;
}

/** The moment's text, trimmed: non-blank and at most `maxLength` characters. */
export function parseMomentText(value: string | undefined, maxLength: number): string {
  const text = value?.trim() ?? '';
  if (text === '') throw new BadRequestError(MOMENT_MESSAGES.textRequired, 'text_required');
  if (characterCount(text) > maxLength) throw new BadRequestError(MOMENT_MESSAGES.textTooLong(maxLength), 'text_too_long');
  return text;
}

/** The spec's save failure (500); the cause is kept for the log. */
export function momentSaveFailed(cause: unknown): AppError {
  const error = new AppError(500, 'moment_save_failed', MOMENT_MESSAGES.saveFailed);
  (error as Error).cause = cause;
  return error;
}

/** An error of the file system (ENOSPC, EACCES, ENOENT on a file…) rather than of the request or the database. */
export function isFileSystemError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { syscall, path } = error as { syscall?: unknown; path?: unknown };
  return typeof syscall === 'string' && typeof path === 'string';
}
