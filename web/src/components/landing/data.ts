// Static content for the landing page. The words are in the `landing` catalogue
// (content/i18n/app/<language>/landing.json); here are only the keys, in the order shown.

export const friendTypes = ['movieBuddy', 'studyPartner', 'workoutFriend', 'coffeeChat', 'gamingMate', 'travelCompanion', 'foodieFriend', 'artLover'] as const;


export interface Testimonial {
  /** The key of the testimonial's program and quote under `testimonials` in the catalogue. */
  id: 'maya' | 'jonas' | 'aisha' | 'leo' | 'priya' | 'tom' | 'sofia' | 'daniel';
  /** A first name: shown as it is in every language. */
  name: string;
}

// Sample content: these are illustrative quotes, not real members. The strip labels them as such.
export const testimonials: readonly Testimonial[] = [
  { id: 'maya', name: 'Maya' },
  { id: 'jonas', name: 'Jonas' },
  { id: 'aisha', name: 'Aisha' },
  { id: 'leo', name: 'Leo' },
  { id: 'priya', name: 'Priya' },
  { id: 'tom', name: 'Tom' },
  { id: 'sofia', name: 'Sofia' },
  { id: 'daniel', name: 'Daniel' },
];
