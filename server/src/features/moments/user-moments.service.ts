import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { MyMoments, RecommendedMoments } from '../../../../contract/moments.js';
import { analyzeText } from '../../ai/builtin/embedding/index.js';
import type { Clock } from '../../clock.js';
import { isDatabaseUnavailable } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { storeMomentImage, storeMomentVideo } from './moment-files.js';
import type { MomentContent, MomentUploadOptions } from './moment-upload.js';
import { isFileSystemError, MOMENT_MESSAGES, momentSaveFailed, type MomentUploadLimits, DEFAULT_MOMENT_LIMITS } from './moments.schema.js';
import type { AuthorFacts, FeedCandidate, NewUserMoment, UserMomentRow, UserMomentsRepository } from './user-moments.repository.js';
import { CAPTION_MAX_LENGTH, type RecommendedMoment, type UserMoment } from './user-moments.schema.js';
import { transaction } from '../../db/transaction.js';

export interface UserMomentsServiceDeps {
  db: Kysely<DB>;
  userMoments: UserMomentsRepository;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
  /** Where uploads wait on disk while they arrive (DATA_DIR/tmp/uploads, as for the first moment). */
  tempDir: string;
  limits?: Partial<MomentUploadLimits>;
}

/** How many moments the recommended feed returns, and how many of each kind it ranks. */
export const FEED_SIZE = 30;
const FEED_CANDIDATES = 100;

const toUserMoment = (row: UserMomentRow): UserMoment => ({
  id: row.id,
  type: row.moment_type,
  text: row.text_content,
  imageUrl: row.image_url,
  videoUrl: row.video_url,
  caption: row.caption,
  createdAt: row.created_at.toISOString(),
});

/** The lexicon concepts a text mentions (interests, activities, traits), once each. */
const conceptsOf = (parts: Array<string | null | undefined>) => new Set(analyzeText(parts.filter(Boolean).join('. ')).concepts);

/**
 * Posted moments (spec: the post dialog, moment history and the recommended feed). Only the
 * first file of an image moment is stored; soft-deleted moments and deleted accounts are hidden.
 */
export class UserMomentsService {
  readonly uploadOptions: MomentUploadOptions;
  private readonly limits: Readonly<MomentUploadLimits>;

  constructor(private readonly deps: UserMomentsServiceDeps) {
    this.limits = Object.freeze({ ...DEFAULT_MOMENT_LIMITS, ...deps.limits });
    this.uploadOptions = { tempDir: deps.tempDir, limits: this.limits, captionMaxLength: CAPTION_MAX_LENGTH };
  }

  async post(userId: string, upload: MomentContent & { caption?: string }): Promise<UserMoment> {
    const facts = await this.deps.userMoments.authorFacts(userId);
    if (!facts) throw new NotFoundError('Profile not found.', 'profile_not_found');
    if (![facts.name, facts.birth_date, facts.location].every((v) => v !== null && v.trim() !== '')) {
      throw new ConflictError(MOMENT_MESSAGES.basicInfoRequired, 'basic_info_required');
    }

    const written: string[] = [];
    try {
      const moment: NewUserMoment = { user_id: userId, moment_type: upload.type, image_url: null, video_url: null, text_content: null, caption: upload.caption ?? null };
      if (upload.type === 'text') moment.text_content = upload.text;
      // The spec: "Images allow multiple files; video one. Only the first file is uploaded."
      else if (upload.type === 'image') moment.image_url = await storeMomentImage(this.deps.storage, upload.images[0]!, this.limits, written);
      else moment.video_url = await storeMomentVideo(this.deps.storage, upload.video, written);
      const row = await transaction(this.deps.db, (trx) => this.deps.userMoments.insert(trx, moment));
      return toUserMoment(row);
    } catch (error) {
      await this.removeQuietly(written);
      if (error instanceof AppError || (isDatabaseUnavailable(error) && !isFileSystemError(error))) throw error;
      this.deps.logger.error({ err: error, userId }, 'posting a moment failed');
      throw momentSaveFailed(error);
    }
  }

  /** The member's own moments except the first, newest first; all of them (the spec: no limit). */
  async history(userId: string): Promise<MyMoments> {
    const rows = await this.deps.userMoments.listOwn(userId);
    return { moments: rows.map(toUserMoment) };
  }

  /**
   * Soft delete (the member sees it as permanent; the row and its files stay). Another member's
   * moment, a deleted one or an unknown id are all "not found".
   */
  async remove(userId: string, momentId: string): Promise<void> {
    if (!(await this.deps.userMoments.softDelete(userId, momentId, this.deps.clock.now()))) {
      throw new NotFoundError('Moment not found.', 'moment_not_found');
    }
  }

  /**
   * Recent moments of other members plus their first moments, ranked for the viewer: first by
   * how many interest concepts (the built-in lexicon) the author's profile and the moment share
   * with the viewer's profile, then newest first. Sample moments only when nothing real exists.
   */
  async recommended(viewerId: string): Promise<RecommendedMoments> {
    const viewer = await this.deps.userMoments.authorFacts(viewerId);
    let candidates = await this.candidates(viewerId, 'real');
    let sample = false;
    if (candidates.length === 0) {
      candidates = await this.candidates(viewerId, 'sample');
      sample = candidates.length > 0;
    }
    const ranked = this.rank(candidates, viewer).slice(0, FEED_SIZE);
    return { moments: ranked.map(toRecommended), sample };
  }

  private async candidates(viewerId: string, source: 'real' | 'sample'): Promise<FeedCandidate[]> {
    const [posted, first] = await Promise.all([
      this.deps.userMoments.postedForFeed(viewerId, source, FEED_CANDIDATES),
      this.deps.userMoments.firstMomentsForFeed(viewerId, source, FEED_CANDIDATES),
    ]);
    return [...posted, ...first];
  }

  private rank(candidates: FeedCandidate[], viewer: AuthorFacts | undefined): FeedCandidate[] {
    const mine = conceptsOf([...(viewer?.interests ?? []), viewer?.bio]);
    const scored = candidates.map((c) => {
      const theirs = conceptsOf([...c.interests, c.bio, c.text_content, c.caption]);
      let shared = 0;
      for (const concept of theirs) if (mine.has(concept)) shared += 1;
      return { c, shared };
    });
    scored.sort((a, b) => b.shared - a.shared || b.c.created_at.getTime() - a.c.created_at.getTime());
    return scored.map((s) => s.c);
  }

  /** Best effort: a file that cannot be deleted is logged, never a reason to fail the request. */
  private async removeQuietly(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.deps.storage.remove(key);
      } catch (error) {
        this.deps.logger.warn({ err: error, key }, 'could not delete a file of a failed moment post');
      }
    }
  }
}

function toRecommended(c: FeedCandidate): RecommendedMoment {
  return {
    id: c.moment_id ?? `first-moment:${c.profile_id}`,
    type: c.moment_type,
    content: c.moment_type === 'text' ? c.text_content : null,
    image: c.moment_type === 'image' ? c.image_url : null,
    video: c.moment_type === 'video' ? c.video_url : null,
    caption: c.caption,
    likes: Number(c.likes),
    // There is no comments feature, so no moment has comments.
    comments: 0,
    createdAt: c.created_at.toISOString(),
    author: { name: c.name?.trim() || null, avatar: c.avatar_url, bio: c.bio, aiBackground: c.enhanced_background, userId: c.user_id, profileId: c.profile_id },
  };
}
