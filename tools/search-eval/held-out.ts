import type { EvalQuery } from './judgments.js';

/**
 * HELD-OUT search evaluation queries.
 *
 * Written on 2026-11-26 by a helper session that had NOT seen the ranking code, the lexicon /
 * embedding content, the search docs or the other query sets (judgments.ts, other-voices.ts).
 * Only the community (community.ts) and the `EvalQuery` type were read. Each grade was made by
 * reading the member profiles the way a person would, never by running the search.
 *
 * NEVER use this set for tuning (no lexicon entries, weights, thresholds or prompts adjusted to
 * make these queries pass). It only measures: once it has been used to tune, it stops being
 * held out and says nothing about unseen queries.
 *
 * Grades (members not listed count 0):
 * - 3: a great result. Has what is asked (the activity or interest among their interests, every
 *   one of them for "X and Y"), is open to that kind of connection, and fits every stated rule
 *   (place, age range, gender, kind of relationship).
 * - 2: a good result missing one thing: one of two asked interests, the wrong intent (a
 *   partner-only member for an activity), or, for doing something together in person with no
 *   place named, living in another city (Burnaby counts as Vancouver's metro).
 * - 1: related only: a neighbouring interest (camping for hiking, tennis for badminton), or the
 *   interest but outside a stated rule (age, place). A member missing two things also gets 1.
 * - 0: not relevant, including a member who says they are NOT into the thing, anyone a partner
 *   search must not show (not single, or of an incompatible orientation: single_straight members
 *   are matched with the other gender's single_straight, single_lgbtq with single_lgbtq), and the
 *   other gender when one is asked for (non-binary members count as neither "girls" nor "guys").
 * The searcher is never listed.
 */
export const HELD_OUT: readonly EvalQuery[] = [
  // ── Sports ────────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Wei Li',
    query: 'anyone down for pickup basketball?',
    grades: {
      'Jun Liu': 3, 'Hao Chen': 3, 'Malik Asante': 2,
      'Carlos Hernández': 1, 'Zuri Okoro': 1, 'Kwame Osei': 1, 'Diego Martínez': 1, 'Jacob Brown': 1,
    },
  },
  {
    searcher: 'Ethan Clarke',
    query: 'climbing partner',
    grades: {
      'Ji-ho Park': 3, 'Léa Tremblay': 2, 'Rohan Mehta': 2, 'Chloe Fraser': 2, 'Tomás Silva': 2, 'Daniel Okafor': 2,
    },
  },
  {
    searcher: 'Hui Xu',
    query: '想找一起打羽毛球的朋友',
    grades: {
      'Minh Tran': 3, 'Ruoxi Lin': 3, 'Jordan Kim': 3,
      'Daniel Okafor': 1, 'Andrés Pérez': 1, 'Emily Clarke': 1, 'Ryan Cooper': 1, 'Bowen Huang': 1,
    },
  },
  {
    searcher: 'Hao Chen',
    query: 'runing buddies under 25',
    grades: {
      'Wei Li': 3, 'Sara Haddad': 3, 'Ethan Clarke': 3, 'Megan Walsh': 2,
      'Grace Anderson': 1, 'Kwame Osei': 1, 'Isabela Santos': 1, 'Sofia Reyes': 1, 'Tomás Silva': 1, 'Emily Clarke': 1,
    },
  },
  {
    searcher: 'Zuri Okoro',
    query: 'guys who play soccer',
    grades: {
      'Carlos Hernández': 3, 'Kwame Osei': 2, 'Diego Martínez': 2,
      'Wei Li': 1, 'Hao Chen': 1, 'Jun Liu': 1, 'Malik Asante': 1, 'Jacob Brown': 1,
    },
  },
  {
    searcher: 'Minh Tran',
    query: 'a girl to play badminton with',
    grades: { 'Ruoxi Lin': 3, 'Emily Clarke': 1 },
  },
  {
    searcher: 'Emily Clarke',
    query: 'tennis partner boston',
    grades: { 'Daniel Okafor': 3, 'Andrés Pérez': 3, 'Ryan Cooper': 3, 'Bowen Huang': 1, 'Minh Tran': 1 },
  },
  {
    searcher: 'Grace Anderson',
    query: 'gym buddy near me',
    grades: { 'Ji-ho Park': 3, 'Zuri Okoro': 3, 'Kwame Osei': 1, 'Tomás Silva': 1, 'Malik Asante': 1 },
  },
  {
    searcher: 'Ananya Iyer',
    query: 'yoga buddies in their twenties',
    grades: {
      'Sara Haddad': 3, 'Priya Nair': 2, 'Zainab Aziz': 2, 'Léa Tremblay': 2,
      'Olivia Brown': 1, 'Ming Sun': 1, 'Lauren Wilson': 1,
    },
  },

  // ── Outdoors, travel, photography ─────────────────────────────────────────────────────────
  {
    searcher: 'Hana Sato',
    query: 'Looking for people to go camping with this summer, I have a tent and a car lol',
    grades: {
      'Emma Smyth': 3, 'Liam Fraser': 3, 'Chloé Bouchard': 2, 'Kavya Reddy': 2,
      'Vera Lindqvist': 1, 'Ethan Clarke': 1, 'Mateo García': 1, 'Olivia Brown': 1, 'Kenji Tanaka': 1, 'Amara Mensah': 1,
      'Rohan Mehta': 1,
    },
  },
  {
    searcher: 'Kai Lee',
    query: 'someone to go on phtography walks with',
    grades: {
      'Vera Lindqvist': 3, 'Hana Sato': 3, 'Emma Smyth': 3,
      'Chloé Bouchard': 2, 'Kenji Tanaka': 2, 'Chloe Fraser': 2, 'Élodie Morin': 2,
    },
  },
  {
    searcher: 'Noor Mansour',
    query: 'travel buddy for a backpacking trip next summer',
    grades: {
      'Lucia Torres': 3, 'Jessica Nguyen': 2,
      'Kavya Reddy': 2, 'Diego Martínez': 2, 'Isabela Santos': 2, 'Andrés Pérez': 2, 'Kai Lee': 2, 'Madison Reid': 2,
      'Hana Sato': 1, 'Emma Smyth': 1, 'Chloé Bouchard': 1, 'Liam Fraser': 1,
    },
  },

  // ── Study ─────────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Arjun Rao',
    query: 'looking for a physics study group',
    grades: { 'Ben Murphy': 3, 'Xinyi Zhao': 1, 'Megan Taylor': 1, 'Rahul Gupta': 1 },
  },
  {
    searcher: 'Xinyi Zhao',
    query: 'math study group',
    grades: {
      'Ben Murphy': 3, 'Omar Hassan': 2, 'Haruto Yamamoto': 2, 'Arjun Rao': 1, 'Megan Taylor': 1, 'Rahul Gupta': 1,
    },
  },
  {
    searcher: 'Megan Taylor',
    query: "hi! I'm pre-med and kind of drowning in bio and chem, would love a study buddy who's also pre-med or doing bio",
    grades: { 'Rahul Gupta': 3, 'Xinyi Zhao': 1, 'Arjun Rao': 1 },
  },

  // ── Games, anime, chess ───────────────────────────────────────────────────────────────────
  {
    searcher: 'Jun Liu',
    query: '温哥华有没有人一起打游戏？',
    grades: {
      'Wei Li': 3, 'Hui Xu': 3, 'Hao Chen': 3, 'Ben Murphy': 3, 'Yichen Zhou': 3,
      'Marcus Bell': 1, 'Gus Lindgren': 1, 'Jacob Brown': 1, 'Haruto Yamamoto': 1, 'Hamza Ali': 1, 'Tyler Reid': 1,
    },
  },
  {
    searcher: 'Sasha Patel',
    query: 'bord games night',
    grades: {
      'Marcus Bell': 3, 'Gus Lindgren': 3, 'Mei Zhang': 3, 'Tyler Reid': 2, 'Omar Hassan': 1, 'Aarav Singh': 1,
    },
  },
  {
    searcher: 'Aarav Singh',
    query: 'chess',
    grades: {
      'Omar Hassan': 2, 'Gus Lindgren': 2, 'Marcus Bell': 1, 'Mei Zhang': 1, 'Tyler Reid': 1, 'Sasha Patel': 1,
    },
  },
  {
    searcher: 'Ruoxi Lin',
    query: 'anime fans to watch shows with',
    grades: {
      'Wei Li': 3, 'Ji-ho Park': 3, 'Hui Xu': 3, 'Jun Liu': 3, 'Riley Campbell': 3, 'Mei Zhang': 2, 'Sasha Patel': 2,
    },
  },

  // ── Food, coffee, conversation ────────────────────────────────────────────────────────────
  {
    searcher: 'Diego Martínez',
    query: 'Je cherche des amis pour cuisiner ensemble',
    grades: {
      'Marcus Bell': 2, 'Priya Nair': 2, 'Grace Anderson': 2, 'Noah Wilson': 2, 'Lucia Torres': 2, 'Hamza Ali': 2,
      'Siyu Wang': 2, 'Owen MacDonald': 2, 'Yuna Kim': 2, 'Ming Sun': 2,
      'Mei Zhang': 1, 'Ruoxi Lin': 1,
    },
  },
  {
    searcher: 'Siyu Wang',
    query: 'chill friends to read and get coffee with, not into partying',
    grades: {
      'Abigail Stewart': 3,
      'Sofia Reyes': 2, 'Yusuf Karimi': 2, 'Megan Walsh': 2, 'Priya Nair': 2, 'Zainab Aziz': 2, 'Nia Boateng': 2, 'Omar Hassan': 2,
      'Olivia Brown': 1, 'Noah Wilson': 1, 'Sakura Ito': 1, 'Emily Clarke': 1, 'Vera Lindqvist': 1, 'Tomás Silva': 1,
      'Isabela Santos': 1, 'Andrés Pérez': 1, 'Kai Lee': 1, 'Madison Reid': 1,
    },
  },
  {
    searcher: 'Karan Gill',
    query: 'entrepreneurs to grab coffee and talk startups',
    grades: { 'Madison Reid': 2, 'Rohan Mehta': 2, 'Bowen Huang': 1 },
  },

  // ── Arts, music, nightlife ────────────────────────────────────────────────────────────────
  {
    searcher: 'Élodie Morin',
    query: 'quelqu’un pour aller au musée le week-end',
    grades: {
      'Camille Roy': 3, 'Maude Pelletier': 2,
      'Quinn Harper': 1, 'Léa Tremblay': 1, 'Hui Xu': 1, 'Yuna Kim': 1, 'Riley Campbell': 1, 'Sakura Ito': 1,
    },
  },
  {
    searcher: 'Sakura Ito',
    query: 'girls between 20 and 24 who are into art',
    grades: {
      'Yuna Kim': 3, 'Élodie Morin': 3, 'Hui Xu': 1, 'Léa Tremblay': 1, 'Maude Pelletier': 1, 'Chloe Fraser': 1,
    },
  },
  {
    searcher: 'Riley Campbell',
    query: 'people to jam with, maybe start a band',
    grades: {
      'Félix Gagnon': 2,
      'Quinn Harper': 1, 'Aisha Khan': 1, 'Connor Smith': 1, 'Carlos Hernández': 1, 'Jordan Kim': 1, 'Sara Haddad': 1,
      'Malik Asante': 1, 'Layla Rahimi': 1, 'Nathan Ross': 1,
    },
  },
  {
    searcher: 'Layla Rahimi',
    query: 'people to go out dancing with on weekends',
    grades: { 'Quinn Harper': 2, 'Aisha Khan': 2, 'Nathan Ross': 1 },
  },

  // ── Community, pets ───────────────────────────────────────────────────────────────────────
  {
    searcher: 'Fatima Saleh',
    query: 'volunteer with me at the food bank on saturdays',
    grades: { 'Samuel Côté': 2, 'Imani Diallo': 2 },
  },
  {
    searcher: 'Owen MacDonald',
    query: 'dog walking friends',
    grades: { 'Lauren Wilson': 2 },
  },

  // ── Partner searches ──────────────────────────────────────────────────────────────────────
  {
    searcher: 'Vera Lindqvist',
    query: "a boyfriend who's into hiking",
    grades: { 'Ethan Clarke': 3, 'Rohan Mehta': 2, 'Kenji Tanaka': 2, 'Liam Fraser': 1, 'Daniel Okafor': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: "a girlfriend who's into yoga and books",
    grades: { 'Zainab Aziz': 3, 'Sara Haddad': 1 },
  },
];
