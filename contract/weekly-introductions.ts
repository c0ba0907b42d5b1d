import { z } from 'zod';

/** PUT /api/weekly-introductions/settings: the General page's switch. */
export const WeeklySettings = z.strictObject({
  optedIn: z.boolean({ error: 'Say whether you want weekly introductions.' }),
});
export type WeeklySettings = z.infer<typeof WeeklySettings>;

/** One of the member's people this week, as the card shows them. */
export const WeeklyPerson = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  profileId: z.uuid(),
  name: z.string(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** One line of facts true of both members, in the member's language. */
  reason: z.string(),
  /** open: not answered; waiting: you said hello; mutual: you both did (the mailbox has it). */
  state: z.enum(['open', 'waiting', 'mutual']),
});
export type WeeklyPerson = z.infer<typeof WeeklyPerson>;

/** GET /api/weekly-introductions */
export const WeeklyView = z.strictObject({ optedIn: z.boolean(), week: z.string(), people: z.array(WeeklyPerson) });
export type WeeklyView = z.infer<typeof WeeklyView>;

/** POST /api/weekly-introductions/:id/hello and /pass */
export const WeeklyAnswerResponse = z.strictObject({ state: z.enum(['waiting', 'mutual', 'passed']) });
export type WeeklyAnswerResponse = z.infer<typeof WeeklyAnswerResponse>;

/** GET /api/admin/weekly-introductions: the latest round's figures (null before the first). */
export const WeeklyRoundResponse = z.strictObject({
  round: z
    .strictObject({
      week: z.string(),
      membersIn: z.number().int(),
      pairsMade: z.number().int(),
      hellos: z.number().int(),
      mutualHellos: z.number().int(),
      ranAt: z.string(),
    })
    .nullable(),
});
export type WeeklyRoundResponse = z.infer<typeof WeeklyRoundResponse>;
export type WeeklyRound = NonNullable<WeeklyRoundResponse['round']>;
