import { z } from 'zod';

const MOMENT_TYPES = ['image', 'video', 'text'] as const;

/** A posted moment as its owner sees it (GET /api/moments/mine, POST /api/moments). */
export const UserMoment = z.strictObject({
  id: z.uuid(),
  type: z.enum(MOMENT_TYPES),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  caption: z.string().nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type UserMoment = z.infer<typeof UserMoment>;

/** GET /api/moments/mine */
export const MyMoments = z.strictObject({ moments: z.array(UserMoment) });
export type MyMoments = z.infer<typeof MyMoments>;

/** A moment in the recommended feed (the spec's shape, plus `video` and `createdAt`). */
export const RecommendedMoment = z.strictObject({
  /** The user_moments id, or `first-moment:<profileId>` for a member's first moment. */
  id: z.string(),
  type: z.enum(MOMENT_TYPES),
  /** The text of a text moment. */
  content: z.string().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  caption: z.string().nullable(),
  /** How many members like the author's profile. */
  likes: z.number().int(),
  /** Always 0: there is no comments feature. */
  comments: z.number().int(),
  createdAt: z.string(),
  /** `profileId`: what a report or a block of the author names. A profile without a name: null (the reader's-language default shows). */
  author: z.strictObject({
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    bio: z.string().nullable(),
    aiBackground: z.string().nullable(),
    userId: z.uuid(),
    profileId: z.uuid(),
  }),
});
export type RecommendedMoment = z.infer<typeof RecommendedMoment>;

/** GET /api/moments/recommended */
export const RecommendedMoments = z.strictObject({
  moments: z.array(RecommendedMoment),
  /** true when these are the built-in samples (nobody has posted yet). */
  sample: z.boolean(),
});
export type RecommendedMoments = z.infer<typeof RecommendedMoments>;
