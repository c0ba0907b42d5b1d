import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import { isDatabaseUnavailable } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import { type FileStorage, keyFromUrl, variantKey } from '../../storage/storage.js';
import { storeMomentImage, storeMomentVideo } from './moment-files.js';
import type { ProfileRow } from '../profiles/profiles.repository.js';
import type { MomentContent, MomentUploadOptions, UploadedImage } from './moment-upload.js';
import type { FirstMomentFields, FirstMomentState, MomentsRepository } from './moments.repository.js';
import { DEFAULT_MOMENT_LIMITS, isFileSystemError, MOMENT_MESSAGES, momentSaveFailed, type MomentUploadLimits } from './moments.schema.js';
import { transaction } from '../../db/transaction.js';

export interface MomentsServiceDeps {
  db: Kysely<DB>;
  moments: MomentsRepository;
  storage: FileStorage;
  logger: Logger;
  /** Where uploads wait on disk while they arrive (DATA_DIR/tmp/uploads). */
  tempDir: string;
  /** The spec's limits unless a test makes them small. */
  limits?: Partial<MomentUploadLimits>;
  /** Saving the first moment of an interviewed profile finishes onboarding: the pioneer gift. */
  gifts?: { grantEarlyUserGift(userId: string): Promise<boolean> };
}

function hasBasicInfo(state: FirstMomentState): boolean {
  return [state.name, state.birth_date, state.location].every((value) => value !== null && String(value).trim() !== '');
}

/** Every stored file a first moment refers to (images with their thumbnails, the video). */
function storedKeys(state: Pick<FirstMomentState, 'card_image_url' | 'card_image_urls' | 'card_video_url'>): string[] {
  const keys = new Set<string>();
  for (const url of [...state.card_image_urls, state.card_image_url]) {
    const key = url ? keyFromUrl(url) : null;
    if (key) {
      keys.add(key);
      keys.add(variantKey(key, 'thumb'));
    }
  }
  const video = state.card_video_url ? keyFromUrl(state.card_video_url) : null;
  if (video) keys.add(video);
  return [...keys];
}

/**
 * Moments: for now the profile's first moment (spec: the first-moment editor at registration
 * and in settings). Files are stored before the database changes and deleted again if anything
 * fails, so a failed save leaves neither orphan files nor a half-changed profile.
 */
export class MomentsService {
  readonly limits: Readonly<MomentUploadLimits>;
  /** What parseMomentUpload needs for this service's uploads. */
  readonly uploadOptions: MomentUploadOptions;

  constructor(private readonly deps: MomentsServiceDeps) {
    this.limits = Object.freeze({ ...DEFAULT_MOMENT_LIMITS, ...deps.limits });
    this.uploadOptions = { tempDir: deps.tempDir, limits: this.limits };
  }

  /**
   * Housekeeping: deletes temporary upload files a crash left behind. A live upload's file is
   * never this old (the server's request timeout is minutes), so only orphans go.
   */
  async pruneTempFiles(olderThanMs = 86_400_000, now = Date.now()): Promise<number> {
    let removed = 0;
    const names = await readdir(this.deps.tempDir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.deps.tempDir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Replaces the member's whole first moment with `content` (switching type clears the other
   * types' fields) and returns the profile. The previous moment's files are deleted afterwards.
   */
  async saveFirstMoment(userId: string, content: MomentContent): Promise<ProfileRow> {
    const { db, moments } = this.deps;
    this.checkState(await moments.firstMomentState(userId));

    const written: string[] = [];
    let result: { previous: FirstMomentState; profile: ProfileRow };
    try {
      const fields = await this.store(content, written);
      result = await transaction(db, async (trx) => {
        const previous = this.checkState(await moments.lockFirstMomentState(trx, userId));
        const profile = await moments.saveFirstMoment(trx, userId, fields);
        if (!profile) throw new NotFoundError('Profile not found.', 'profile_not_found');
        return { previous, profile };
      });
    } catch (error) {
      await this.removeQuietly(written, 'a failed save');
      if (error instanceof AppError || (isDatabaseUnavailable(error) && !isFileSystemError(error))) throw error;
      this.deps.logger.error({ err: error, userId }, 'saving a first moment failed');
      throw momentSaveFailed(error);
    }

    const replaced = storedKeys(result.previous).filter((key) => !written.includes(key));
    await this.removeQuietly(replaced, 'a replaced first moment');
    // Granted at most once (the gift records itself); later edits of the moment change nothing.
    if (result.profile.bio && this.deps.gifts && (await this.deps.gifts.grantEarlyUserGift(userId))) {
      return (await this.deps.moments.profile(userId)) ?? result.profile;
    }
    return result.profile;
  }

  private checkState(state: FirstMomentState | undefined): FirstMomentState {
    if (!state) throw new NotFoundError('Profile not found.', 'profile_not_found');
    if (!hasBasicInfo(state)) throw new ConflictError(MOMENT_MESSAGES.basicInfoRequired, 'basic_info_required');
    return state;
  }

  /** Puts the moment's files in storage (recording each key in `written` as it goes) and returns the columns. */
  private async store(content: MomentContent, written: string[]): Promise<FirstMomentFields> {
    const empty = { card_image_url: null, card_image_urls: [], card_video_url: null, card_text: null };
    switch (content.type) {
      case 'text':
        return { ...empty, card_type: 'text', card_text: content.text };
      case 'image': {
        const urls: string[] = [];
        // One at a time: each image is decoded in full, and the machine may have two cores.
        for (const image of content.images) urls.push(await this.storeImage(image, written));
        return { ...empty, card_type: 'image', card_image_url: urls[0]!, card_image_urls: urls };
      }
      case 'video':
        return { ...empty, card_type: 'video', card_video_url: await storeMomentVideo(this.deps.storage, content.video, written) };
    }
  }

  /** Re-encodes one image (metadata stripped, resized, a thumbnail) and stores both; returns the image's URL. */
  private storeImage(upload: UploadedImage, written: string[]): Promise<string> {
    return storeMomentImage(this.deps.storage, upload, this.limits, written);
  }

  /** Best effort: a file that cannot be deleted is logged, never a reason to fail the request. */
  private async removeQuietly(keys: string[], what: string): Promise<void> {
    for (const key of keys) {
      try {
        await this.deps.storage.remove(key);
      } catch (error) {
        this.deps.logger.warn({ err: error, key }, `could not delete a file of ${what}`);
      }
    }
  }
}
