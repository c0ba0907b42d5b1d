/**
 * Quick Contact (spec part 2, profile dialog; part 2 §1 premium benefits): a member's contact
 * details are shown to others only when the member made them available, and only to premium
 * members ("view contact info of all matches"). The member always sees their own.
 */
export interface ContactViewer {
  userId: string;
  premium: boolean;
}

export type ContactAccess = 'full' | 'premium_only' | 'none';

export function contactInfoAccess(viewer: ContactViewer, owner: { userId: string; available: boolean }): ContactAccess {
  if (owner.userId === viewer.userId) return 'full';
  if (!owner.available) return 'none';
  return viewer.premium ? 'full' : 'premium_only';
}
