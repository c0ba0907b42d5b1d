// The members the browser tests make (through the API, with the built-in interviewer) and the two
// widths every screen is checked at. Hikers find each other with "someone to go hiking with on weekends".
import type { MemberSpec } from './members.js';

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

export type Viewport = (typeof viewports)[number];

export const mia: MemberSpec = {
  name: 'Mia Chen',
  gender: 'female',
  answers: [
    'I love hiking, trail running and photography',
    'Weekend hikes in the mountains and camping',
    'Calm, curious and adventurous',
    'Small groups, free on weekends',
    'Someone to go hiking with on weekends. Kindness matters to me',
  ],
  moment: 'Sunrise on the ridge trail last Saturday. Who is in for the next one?',
};

export const leo: MemberSpec = {
  name: 'Leo Park',
  gender: 'male',
  answers: [
    'Hiking, climbing and board games',
    'Bouldering after class and long hikes on Sundays',
    'Outgoing and a bit goofy',
    'Planned ahead, weekends',
    'New friends to go hiking and climbing with. Honesty matters to me',
  ],
  moment: 'Looking for a hiking crew for the weekend. I bring the snacks.',
};

export const sam: MemberSpec = {
  name: 'Sam Rivera',
  gender: 'non-binary',
  answers: [
    'Photography, cooking and films',
    'Photo walks around the city and movie nights',
    'Thoughtful and creative',
    'One on one, evenings',
    'A friend for photo walks. Curiosity matters to me',
  ],
  moment: 'Golden hour in the old town. Film camera, no edits.',
  image: true,
};

/** The member who searches. */
export const ana: MemberSpec = {
  name: 'Ana Lee',
  gender: 'female',
  answers: [
    'I love hiking, photography and board games',
    'Weekend hikes and badminton',
    'Outgoing, curious and a bit goofy',
    'Small groups, planned ahead, free on weekends',
    'New friends and someone to go climbing with. Honesty matters to me',
  ],
  moment: 'Hello from the library! Ask me about board games.',
};
