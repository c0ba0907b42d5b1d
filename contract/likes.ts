import { z } from 'zod';

/** GET, PUT and DELETE /api/likes/:profileId */
export const LikeState = z.strictObject({ liked: z.boolean() });
export type LikeState = z.infer<typeof LikeState>;

/** A liked profile as the General screen lists it. */
export const LikedProfile = z.strictObject({
  profileId: z.uuid(),
  userId: z.uuid(),
  name: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The VIP rule: is_vip with no expiry or an expiry in the future. */
  isVip: z.boolean(),
  likedAt: z.string(),
});
export type LikedProfile = z.infer<typeof LikedProfile>;

/** GET /api/likes: newest first. */
export const LikesResponse = z.strictObject({ likes: z.array(LikedProfile) });
export type LikesResponse = z.infer<typeof LikesResponse>;
