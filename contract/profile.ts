import { z } from 'zod';

/** POST /api/profile/avatar: the stored image's address. DELETE answers { avatarUrl: null }. */
export const AvatarSaved = z.strictObject({ avatarUrl: z.string() });
export const AvatarRemoved = z.strictObject({ avatarUrl: z.null() });

/** POST /api/profile/background?opacity=: the stored picture and how opaque it is drawn. */
export const BackgroundSaved = z.strictObject({ searchBackgroundUrl: z.string(), searchBackgroundOpacity: z.number() });
export const BackgroundRemoved = z.strictObject({ searchBackgroundUrl: z.null() });

export type AvatarSaved = z.infer<typeof AvatarSaved>;
export type AvatarRemoved = z.infer<typeof AvatarRemoved>;
export type BackgroundSaved = z.infer<typeof BackgroundSaved>;
export type BackgroundRemoved = z.infer<typeof BackgroundRemoved>;
