import type { LikesResponse } from '../../../../contract/likes.js';
import type { Clock } from '../../clock.js';
import { NotFoundError } from '../../errors.js';
import { vipActive } from '../../policies/premium.js';
import type { LikesRepository, LikeTarget } from './likes.repository.js';


const PROFILE_NOT_FOUND = 'Profile not found.';

/** Likes (spec: "toggles liked/unliked for the current user and profile"). Every row is the caller's own. */
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<LikesResponse> {
    const now = this.clock.now();
    const rows = await this.likes.list(userId);
    return {
      likes: rows.map((row) => ({
        profileId: row.profile_id,
        userId: row.user_id,
        name: row.name,
        age: row.age,
        location: row.location,
        avatarUrl: row.avatar_url,
        isVip: vipActive(row.is_vip, row.vip_expires_at, now),
        likedAt: row.liked_at.toISOString(),
      })),
    };
  }

  /** Whether the member likes the profile; a profile of a deleted account, or one the member may not see, is not found. */
  async status(userId: string, profileId: string): Promise<{ liked: boolean }> {
    await this.target(userId, profileId);
    return { liked: await this.likes.isLiked(userId, profileId) };
  }

  /** A profile the member may see, as the like rule reads it (the route's resource: policies/routes.ts). */
  toLike(userId: string, profileId: string): Promise<LikeTarget | undefined> {
    return this.likes.target(userId, profileId);
  }

  /** Likes a profile the route has authorized (`profile.like`: not the member's own). */
  async like(userId: string, target: LikeTarget): Promise<{ liked: true }> {
    await this.likes.like(userId, target);
    return { liked: true };
  }

  /** Idempotent; also removes a like of a profile whose account has since been deleted. */
  async unlike(userId: string, profileId: string): Promise<{ liked: false }> {
    await this.likes.unlike(userId, profileId);
    return { liked: false };
  }

  /** Answered like a profile that does not exist when a block or a hide keeps it from the viewer, so neither is revealed. */
  private async target(viewerId: string, profileId: string): Promise<LikeTarget> {
    const target = await this.likes.target(viewerId, profileId);
    if (!target) throw new NotFoundError(PROFILE_NOT_FOUND, 'profile_not_found');
    return target;
  }
}
