import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { DB } from '../../db/schema.js';
import { AppError, NotFoundError } from '../../errors.js';
import { ImageRejectedError, renderPng } from '../../storage/images.js';
import { sniffImage } from '../../storage/sniff.js';
import { type FileStorage, keyFromUrl, newKey } from '../../storage/storage.js';
import type { ProfileImageColumn, ProfilesRepository } from './profiles.repository.js';
import { transaction } from '../../db/transaction.js';

const MB = 1024 * 1024;

/** The spec's sizes (part 2 §9): what the editors produce, and how large a chosen file may be. */
export const PROFILE_IMAGES = {
  avatar: { maxBytes: 5 * MB, width: 400, height: 400, fit: 'cover', maxInputPixels: 25_000_000 },
  // The editor's output is 1080×1920 (9:16, phones) or 1920×1080 (16:9, wider screens); whatever
  // arrives is kept whole within 1920 px on each side.
  background: { maxBytes: 10 * MB, width: 1920, height: 1920, fit: 'inside', maxInputPixels: 40_000_000 },
} as const;

export type ProfileImageKind = keyof typeof PROFILE_IMAGES;

/** The spec's words (part 2 §5, §8). */
export const PROFILE_IMAGE_MESSAGES = {
  invalidType: 'Please select an image file.',
  tooLarge: (kind: ProfileImageKind) => `Please select an image smaller than ${PROFILE_IMAGES[kind].maxBytes / MB}MB.`,
  unreadable: 'This image could not be read. Please choose another one.',
  tooManyPixels: 'This image has too many pixels. Please choose a smaller one.',
  uploadFailed: 'Upload failed',
} as const;

const COLUMNS: Record<ProfileImageKind, ProfileImageColumn> = { avatar: 'avatar_url', background: 'search_background_url' };

/**
 * The avatar and the search background: the client crops, the server never trusts the result. The
 * bytes are sniffed, decoded under a pixel limit and re-encoded as a PNG of the spec's size (no
 * metadata survives), stored under a random key; the file replaced is deleted after the commit.
 */
export class ProfileImagesService {
  constructor(private readonly deps: { db: Kysely<DB>; profiles: ProfilesRepository; storage: FileStorage; logger: Logger }) {}

  async save(userId: string, kind: ProfileImageKind, body: Buffer, opacity?: number): Promise<{ url: string }> {
    const spec = PROFILE_IMAGES[kind];
    const format = sniffImage(body.subarray(0, 64));
    if (!format) throw new AppError(415, 'invalid_file_type', PROFILE_IMAGE_MESSAGES.invalidType);
    let png;
    try {
      png = await renderPng(body, format, spec, spec.maxInputPixels);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      if (error.reason === 'too_many_pixels') throw new AppError(413, 'too_many_pixels', PROFILE_IMAGE_MESSAGES.tooManyPixels);
      throw new AppError(422, 'unreadable_image', PROFILE_IMAGE_MESSAGES.unreadable);
    }
    const stored = await this.deps.storage.save(newKey('png'), png.data);
    try {
      await this.replace(userId, kind, stored.url, opacity);
    } catch (error) {
      await this.deps.storage.remove(stored.key).catch(() => undefined);
      throw error;
    }
    return { url: stored.url };
  }

  async remove(userId: string, kind: ProfileImageKind): Promise<void> {
    await this.replace(userId, kind, null);
  }

  private async replace(userId: string, kind: ProfileImageKind, url: string | null, opacity?: number): Promise<void> {
    const result = await transaction(this.deps.db, (trx) => this.deps.profiles.replaceImage(trx, userId, COLUMNS[kind], url, opacity));
    if (!result) throw new NotFoundError('Profile not found.', 'profile_not_found');
    const previous = result.previous ? keyFromUrl(result.previous) : null;
    if (previous) {
      // The row no longer points at it; a failure here leaves an orphan file, never a broken profile.
      await this.deps.storage.remove(previous).catch((error: unknown) => this.deps.logger.warn({ err: error, key: previous }, 'profile image: the replaced file was not deleted'));
    }
  }
}
