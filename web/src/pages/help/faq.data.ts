// The Help Center's ten questions (spec part 3: Help Center), answered for Kindred as it works
// today. {product} and {free} (free searches a day) are filled in by the page.
export interface Faq {
  question: string;
  answer: string[];
}

export const FAQ: Faq[] = [
  {
    question: 'How does AI matching work?',
    answer: [
      'When you join, an AI assistant interviews you for a few minutes and writes a short summary of who you are and what you enjoy. The assistant runs on this campus\'s own servers: nothing you say is sent to an outside AI company.',
      'When you search, describe who you want in your own words, for example "someone to go hiking with on weekends". {product} compares the meaning of your words with every profile and shows the best matches, each with the reasons you match. The reasons only use facts that are true of both of you.',
    ],
  },
  {
    question: 'Is {product} free?',
    answer: [
      'Yes. Every member can search {free} times a day, see why they match, open the detailed analysis, like profiles, send mail, meet at touchpoints and use every safety tool.',
      'Premium (5.99 CAD a month or 59.99 CAD a year) adds unlimited searches, the contact details members chose to share, the premium badge and priority support. You can cancel at any time in Account → Premium → Manage subscription.',
    ],
  },
  {
    question: 'How do I update my profile?',
    answer: [
      'Open the menu on the search page and choose Account. There you can change your avatar and display name, choose what you share in Quick Contact, and use Update Complete Profile to redo your basic information and the interview, or Update First Moment.',
      'Your search page background and mail notifications are in General.',
    ],
  },
  {
    question: 'How is {product} different from dating apps?',
    answer: [
      'There is no swiping. You say who you are looking for, a friend, a study or activity partner or a partner, and {product} finds people and explains why they fit.',
      'It belongs to your campus: it runs on campus machines, shows no ads, sells nothing about you, and lets you meet people at touchpoints around campus.',
    ],
  },
  {
    question: 'How do I report someone?',
    answer: [
      'Tap the three dots (⋯) on their profile or on a message they sent, then Report, choose a reason and add a note if you like. Reports are reviewed within 24 hours.',
      'You can also choose Block: the two of you then no longer see each other anywhere. Blocked members are listed in General, where you can unblock them.',
    ],
  },
  {
    question: 'Can I look for friends, not only romance?',
    answer: [
      'Yes, most members do. Say what you are looking for when you search, "a friend to practise French with" or "someone for the climbing wall", and {product} looks for exactly that. Looking for a partner is just as welcome.',
    ],
  },
  {
    question: 'How do I delete my account?',
    answer: [
      'Go to General → Account Actions → Delete Account and type the confirmation phrase. Your profile disappears at once and you are signed out everywhere; everything else is permanently removed after 90 days. This cannot be undone, but you can register again with the same e-mail address.',
      'You can download all your data first with Download my data in Account.',
    ],
  },
  {
    question: 'Why don\'t I see any matches?',
    answer: [
      'Try describing who you want in other words, or more broadly: "someone who likes music" finds more people than "a jazz drummer from Surrey".',
      'Check that your own profile is complete. Members you blocked, or who blocked you, never appear. If {product} is new on your campus, there may simply be few members yet: ask friends to join.',
    ],
  },
  {
    question: 'How do I change my location?',
    answer: [
      'Your location is part of your basic information: go to Account → Update Complete Profile, change it and confirm. It is free. {product} saves it in a standard form (for example "Vancouver, BC, Canada") so that people near you can find you.',
    ],
  },
  {
    question: 'Something is not working. What can I do?',
    answer: [
      'Cannot sign in: use Forgot password on the sign-in page; the reset link works for one hour. No verification code: check your spam folder, then ask for a new code after a minute.',
      'A page does not load: reload it, check your connection, or sign out and in again. No microphone button in the interview: speech input is not turned on for every campus; type your answers instead.',
      'Still stuck? Write to us with what you did and what you saw.',
    ],
  },
];
