import { z } from 'zod';

/** GET /api/check-ins: the member's search streak. */
export const Streak = z.strictObject({
  streakDays: z.number().int(),
  streakBoxes: z.number().int(),
  /** yyyy-MM-dd (UTC), or null before the first check-in. */
  lastCheckInDate: z.string().nullable(),
  checkedInToday: z.boolean(),
});
export type Streak = z.infer<typeof Streak>;

/** POST /api/check-ins */
export const CheckInResult = z.strictObject({
  /** false: already checked in today (the streak is returned unchanged). */
  success: z.boolean(),
  streakDays: z.number().int(),
  streakBoxes: z.number().int(),
  lastCheckInDate: z.string(),
});
export type CheckInResult = z.infer<typeof CheckInResult>;
