/**
 * Quick Contact (spec part 2, profile dialog; part 2 §1 premium benefits): a member's contact
 * details are shown to others only when the member made them available, and only to premium
 * members ("view contact info of all matches"). The member always sees their own.
 */
export interface ContactOwner {
  userId: string;
  /** Made available by the member, and not empty. */
  available: boolean;
}

export function mayViewContactInfo(viewer: { id: string; premium: boolean }, owner: ContactOwner): boolean {
  if (owner.userId === viewer.id) return true;
  return owner.available && viewer.premium;
}
