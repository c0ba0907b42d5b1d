import { z } from 'zod';

import { VisitorCard } from './profile-card.js';
import { SearchResult } from './search.js';

/** A touchpoint (an NFC tag's place) as its page shows it. */
export const Touchpoint = z.strictObject({
  locationId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  visitorCount: z.number().int(),
});
export type Touchpoint = z.infer<typeof Touchpoint>;

/** GET /api/locations/:locationId */
export const TouchpointView = z.strictObject({
  location: Touchpoint,
  /** Who is asking, which decides what the page shows (spec: admin panel, match grid, or sign-in prompt). */
  viewer: z.enum(['visitor', 'member', 'admin']),
  /** The administrator's panel (spec part 3 §2): listed profiles, visitors counted, comments. */
  figures: z.strictObject({ profiles: z.number().int(), visitors: z.number().int(), comments: z.number().int() }).optional(),
});
export type TouchpointView = z.infer<typeof TouchpointView>;

/** POST /api/locations/:locationId/visits: the visitor's ordinal (once a day) and the count. */
export const VisitResponse = z.strictObject({ ordinal: z.number().int(), visitorCount: z.number().int() });
export type VisitResponse = z.infer<typeof VisitResponse>;

/** GET /api/locations/:locationId/profiles: ranked matches for a member, plain cards for a visitor. */
export const TouchpointProfiles = z.discriminatedUnion('viewer', [
  z.strictObject({ viewer: z.literal('member'), location: Touchpoint, query: z.string(), profiles: z.array(SearchResult) }),
  z.strictObject({ viewer: z.literal('visitor'), location: Touchpoint, profiles: z.array(VisitorCard) }),
]);
export type TouchpointProfiles = z.infer<typeof TouchpointProfiles>;

/** PUT /api/touchpoint-presence: "show me at places I tap". */
export const PresenceRequest = z.strictObject({
  show: z.boolean({ error: 'show must be true or false.' }),
});
export type PresenceRequest = z.infer<typeof PresenceRequest>;

/** GET and PUT /api/touchpoint-presence */
export const Presence = z.strictObject({
  showAtTouchpoints: z.boolean(),
  listDelayMinutes: z.number().int(),
  windowDays: z.number().int(),
});
export type Presence = z.infer<typeof Presence>;
