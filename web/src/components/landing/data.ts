// Static copy for the landing page. Kept apart from the components so the wording is easy to review.

export const friendTypes = [
  'Movie Buddy',
  'Study Partner',
  'Workout Friend',
  'Coffee Chat',
  'Gaming Mate',
  'Travel Companion',
  'Foodie Friend',
  'Art Lover',
] as const;

export type FriendType = (typeof friendTypes)[number];

export interface Testimonial {
  name: string;
  program: string;
  quote: string;
}

// Sample content: these are illustrative quotes, not real members. The strip labels them as such.
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maya',
    program: 'Computer Science',
    quote: 'I typed ‘someone to do late-night problem sets with, no pressure’ and found a study partner two floors down.',
  },
  {
    name: 'Jonas',
    program: 'Mechanical Engineering',
    quote: 'The interview felt like chatting with a friend. My profile said things I would never have thought to write.',
  },
  {
    name: 'Aisha',
    program: 'Biology',
    quote: 'Every match came with a reason. ‘You both run before 8 am and hate treadmills’ was exactly right.',
  },
  {
    name: 'Leo',
    program: 'Film Studies',
    quote: 'Finally a movie buddy who is as into 80s horror as I am. We have a standing Friday screening now.',
  },
  {
    name: 'Priya',
    program: 'Economics',
    quote: 'No swiping, no endless scrolling. I described a coffee chat and got three people worth meeting.',
  },
  {
    name: 'Tom',
    program: 'History',
    quote: 'I liked knowing my data stays on the campus server. That is why I actually signed up.',
  },
  {
    name: 'Sofia',
    program: 'Architecture',
    quote: 'Found two people to sketch with at the museum on Sundays. It has become the best part of my week.',
  },
  {
    name: 'Daniel',
    program: 'Music',
    quote: 'Moved here in second year knowing nobody. A month later I had a gaming group and a gym partner.',
  },
];
