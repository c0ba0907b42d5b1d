/**
 * Quick Contact (spec part 2, profile dialog): a member's contact details are shown to others
 * only when the member made them available; the member always sees their own.
 */
export function mayViewContactInfo(viewerId: string, owner: { userId: string; available: boolean }): boolean {
  return owner.userId === viewerId || owner.available;
}
