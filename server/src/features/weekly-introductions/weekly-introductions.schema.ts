import { z } from 'zod';

/** PUT /api/weekly-introductions/settings: the General page's switch. */
export const weeklySettingsSchema = z.strictObject({
  optedIn: z.boolean({ error: 'Say whether you want weekly introductions.' }),
});
