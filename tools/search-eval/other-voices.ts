import type { EvalQuery } from './judgments.js';

/**
 * "Other voices": queries written the way members type when nobody has shown them the lexicon:
 * short ("jog buddy"), rambling (a paragraph about themselves, then the wish), slangy ("lowkey
 * want a gym bro"), misspelt ("hikng", "vollyball"), mixed language (Chinese, French, Spanish
 * with English), and plain wishes that use another word for a known thing (jogging, clean-ups,
 * novels, biking, footy, pics, tunes, flicks…).
 *
 * Written from the members' side, not from lexicon.json or the ranking code, and graded by the
 * rules that head judgments.ts, against the profiles in community.ts only (what a member lists,
 * where they live, what they are looking for). Members not listed count 0. The ranking must not
 * be tuned to these queries one by one: a fix that helps one of them has to be a general one.
 */
export const OTHER_VOICES: readonly EvalQuery[] = [
  // ── Short ────────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Vera Lindqvist',
    query: 'jog buddy',
    grades: {
      'Wei Li': 3, 'Grace Anderson': 3, 'Hao Chen': 3, 'Sara Haddad': 3, 'Tomás Silva': 2, 'Kwame Osei': 2, 'Sofia Reyes': 2, 'Megan Walsh': 2,
      'Emily Clarke': 2, 'Isabela Santos': 1, 'Ethan Clarke': 1,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: 'vollyball',
    grades: { 'Zuri Okoro': 3 },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'biking buddy',
    grades: { 'Liam Fraser': 2, 'Mateo García': 2 },
  },
  {
    searcher: 'Priya Nair',
    query: 'yogi friends',
    grades: {
      'Ananya Iyer': 3, 'Ming Sun': 3, 'Zainab Aziz': 3, 'Lauren Wilson': 3, 'Olivia Brown': 3, 'Léa Tremblay': 3, 'Sara Haddad': 3,
    },
  },
  {
    searcher: 'Quinn Harper',
    query: 'dance crew',
    grades: { 'Aisha Khan': 3, 'Layla Rahimi': 2 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'a buddy for pingpong',
    grades: { 'Minh Tran': 3, 'Ruoxi Lin': 1, 'Jordan Kim': 1, 'Bowen Huang': 1, 'Andrés Pérez': 1, 'Emily Clarke': 1, 'Ryan Cooper': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'boardgame nite',
    grades: { 'Gus Lindgren': 3, 'Mei Zhang': 3, 'Sasha Patel': 3, 'Tyler Reid': 2, 'Omar Hassan': 1 },
  },

  // ── Plain wishes in other words ──────────────────────────────────────────────────────────
  {
    searcher: 'Sofia Reyes',
    query: 'a friend to join charity and clean-up events',
    grades: { 'Imani Diallo': 3, 'Fatima Saleh': 3, 'Samuel Côté': 2 },
  },
  {
    searcher: 'Priya Nair',
    query: 'someone to jog with in the mornings',
    grades: {
      'Kwame Osei': 3, 'Grace Anderson': 2, 'Sara Haddad': 2, 'Tomás Silva': 2, 'Megan Walsh': 2, 'Emily Clarke': 2, 'Sofia Reyes': 2,
      'Isabela Santos': 1, 'Wei Li': 1, 'Hao Chen': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to talk about novels over coffee',
    grades: {
      'Sofia Reyes': 3, 'Abigail Stewart': 3, 'Yusuf Karimi': 3, 'Siyu Wang': 3, 'Megan Walsh': 2, 'Olivia Brown': 2, 'Nia Boateng': 2,
      'Priya Nair': 2, 'Zainab Aziz': 2, 'Emily Clarke': 2, 'Sakura Ito': 2, 'Noah Wilson': 2, 'Omar Hassan': 2, 'Tomás Silva': 2,
      'Isabela Santos': 2, 'Andrés Pérez': 2, 'Kai Lee': 2, 'Madison Reid': 2,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'anyone up for a kickabout? love footy',
    grades: { 'Kwame Osei': 2, 'Zuri Okoro': 2, 'Carlos Hernández': 2, 'Diego Martínez': 1 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'someone who takes pics, film cameras etc',
    grades: {
      'Vera Lindqvist': 3, 'Hana Sato': 3, 'Emma Smyth': 3, 'Kai Lee': 3, 'Chloé Bouchard': 3, 'Kenji Tanaka': 3, 'Chloe Fraser': 3, 'Élodie Morin': 3,
      'Léa Tremblay': 1, 'Hui Xu': 1, 'Yuna Kim': 1, 'Riley Campbell': 1, 'Maude Pelletier': 1, 'Sakura Ito': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: 'who wants to go to gigs and discover new tunes',
    grades: {
      'Quinn Harper': 3, 'Sara Haddad': 3, 'Malik Asante': 3, 'Carlos Hernández': 3, 'Layla Rahimi': 3, 'Félix Gagnon': 3, 'Aisha Khan': 3,
      'Nathan Ross': 3, 'Jordan Kim': 3, 'Connor Smith': 2, 'Riley Campbell': 2, 'Tyler Reid': 1,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: 'anyone down for flicks on friday nights',
    grades: {
      'Noah Wilson': 3, 'Tyler Reid': 3, 'Carlos Hernández': 3, 'Noor Mansour': 3, 'Connor Smith': 2, 'Abigail Stewart': 1, 'Félix Gagnon': 1,
      'Maude Pelletier': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'a boyfriend who is outdoorsy',
    grades: { 'Ethan Clarke': 3, 'Daniel Okafor': 2, 'Kenji Tanaka': 1, 'Rohan Mehta': 1, 'Liam Fraser': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: 'looking for a gf who is into meditation',
    grades: { 'Zainab Aziz': 3, 'Sara Haddad': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'someone who likes to hit the slopes',
    grades: { 'Kenji Tanaka': 2, 'Kavya Reddy': 2 },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'a bookish friend',
    grades: {
      'Priya Nair': 3, 'Olivia Brown': 3, 'Noah Wilson': 3, 'Abigail Stewart': 3, 'Yusuf Karimi': 3, 'Nia Boateng': 3, 'Siyu Wang': 3,
      'Zainab Aziz': 3, 'Sakura Ito': 3, 'Megan Walsh': 2, 'Emily Clarke': 2, 'Amara Mensah': 1, 'Camille Roy': 1,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: 'fellow coders to hack on side projects',
    grades: {
      'Jacob Brown': 3, 'Yichen Zhou': 3, 'Karan Gill': 3, 'Haruto Yamamoto': 3, 'Xinyi Zhao': 3, 'Daniel Okafor': 3, 'Hui Xu': 2, 'Ben Murphy': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: 'hoops in the evening',
    grades: { 'Jun Liu': 3, 'Hao Chen': 3, 'Malik Asante': 2, 'Zuri Okoro': 1, 'Carlos Hernández': 1, 'Kwame Osei': 1 },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to go on walks in the woods with',
    grades: {
      'Hana Sato': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Emma Smyth': 2, 'Olivia Brown': 2, 'Ananya Iyer': 2, 'Kenji Tanaka': 2,
      'Kavya Reddy': 2, 'Chloé Bouchard': 2, 'Rohan Mehta': 2, 'Liam Fraser': 2, 'Amara Mensah': 1, 'Imani Diallo': 1,
    },
  },
  {
    searcher: 'Quinn Harper',
    query: 'a partner who likes to paint',
    grades: { 'Riley Campbell': 3, 'Yuna Kim': 3, 'Sasha Patel': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: 'someone to whip up dinners with',
    grades: {
      'Lucia Torres': 3, 'Hamza Ali': 3, 'Siyu Wang': 3, 'Yuna Kim': 3, 'Marcus Bell': 3, 'Grace Anderson': 2, 'Diego Martínez': 2,
      'Owen MacDonald': 2, 'Ming Sun': 2, 'Mei Zhang': 1, 'Ruoxi Lin': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'a fellow foodie to try new restaurants',
    grades: {
      'Lucia Torres': 2, 'Hamza Ali': 2, 'Grace Anderson': 1, 'Owen MacDonald': 1, 'Ming Sun': 1, 'Diego Martínez': 1, 'Siyu Wang': 1,
      'Yuna Kim': 1, 'Priya Nair': 1, 'Marcus Bell': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: 'ppl to jam with, I play guitar',
    grades: {
      'Riley Campbell': 3, 'Félix Gagnon': 2, 'Quinn Harper': 1, 'Sara Haddad': 1, 'Malik Asante': 1, 'Carlos Hernández': 1, 'Layla Rahimi': 1,
      'Aisha Khan': 1, 'Connor Smith': 1, 'Nathan Ross': 1, 'Jordan Kim': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'someone to discuss ethics and big ideas',
    grades: { 'Yusuf Karimi': 3, 'Aarav Singh': 3, 'Nia Boateng': 3, 'Camille Roy': 3, 'Rahul Gupta': 1, 'Abigail Stewart': 1 },
  },
  {
    searcher: 'Wei Li',
    query: 'need a study buddy for orgo and bio',
    grades: { 'Megan Taylor': 3, 'Rahul Gupta': 2, 'Xinyi Zhao': 1, 'Arjun Rao': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: 'someone to go thrifting with',
    grades: { 'Jessica Nguyen': 2, 'Noor Mansour': 2, 'Aisha Khan': 1 },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'ppl to hit the trails w/ on sundays',
    grades: {
      'Rohan Mehta': 3, 'Hana Sato': 2, 'Chloé Bouchard': 2, 'Ethan Clarke': 2, 'Mateo García': 2, 'Kenji Tanaka': 2, 'Kavya Reddy': 2,
      'Emma Smyth': 1, 'Olivia Brown': 1, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },

  // ── Slang ────────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Marcus Bell',
    query: 'lowkey want a gym bro',
    grades: { 'Kwame Osei': 3, 'Malik Asante': 3, 'Tomás Silva': 2, 'Ji-ho Park': 2, 'Grace Anderson': 1, 'Zuri Okoro': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'need a bestie to hit the clubs with fr',
    grades: { 'Layla Rahimi': 3, 'Nathan Ross': 3, 'Tyler Reid': 1, 'Aisha Khan': 1 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'any artsy ppl wanna go gallery hopping',
    grades: {
      'Élodie Morin': 2, 'Maude Pelletier': 2, 'Hui Xu': 2, 'Riley Campbell': 2, 'Sakura Ito': 2, 'Camille Roy': 1, 'Léa Tremblay': 1, 'Yuna Kim': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: "anyone who's NOT a gamer and likes the outdoors",
    grades: {
      'Ethan Clarke': 3, 'Liam Fraser': 3, 'Hana Sato': 3, 'Emma Smyth': 3, 'Chloé Bouchard': 3, 'Mateo García': 3, 'Kenji Tanaka': 3,
      'Kavya Reddy': 3, 'Amara Mensah': 3, 'Olivia Brown': 3, 'Rohan Mehta': 3, 'Imani Diallo': 2, 'Ananya Iyer': 2,
    },
  },

  // ── Misspelt ─────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to go hikng with',
    grades: {
      'Hana Sato': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Emma Smyth': 2, 'Olivia Brown': 2, 'Chloé Bouchard': 2, 'Kenji Tanaka': 2,
      'Kavya Reddy': 2, 'Rohan Mehta': 2, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to go on fotography walks with',
    grades: {
      'Hana Sato': 3, 'Emma Smyth': 2, 'Kai Lee': 2, 'Kenji Tanaka': 2, 'Chloé Bouchard': 2, 'Chloe Fraser': 2, 'Élodie Morin': 1,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: 'basketbal pickup games',
    grades: { 'Malik Asante': 3, 'Jun Liu': 2, 'Hao Chen': 2, 'Wei Li': 2, 'Zuri Okoro': 1, 'Carlos Hernández': 1, 'Kwame Osei': 1 },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'philosphy and cofee chats',
    grades: {
      'Yusuf Karimi': 3, 'Camille Roy': 2, 'Aarav Singh': 2, 'Nia Boateng': 2, 'Vera Lindqvist': 2, 'Abigail Stewart': 2, 'Omar Hassan': 2,
      'Tomás Silva': 2, 'Isabela Santos': 2, 'Megan Walsh': 2, 'Siyu Wang': 2, 'Andrés Pérez': 2, 'Kai Lee': 2, 'Madison Reid': 2,
    },
  },
  {
    searcher: 'Priya Nair',
    query: 'lookin for a yoga gf',
    grades: { 'Zainab Aziz': 3, 'Sara Haddad': 2, 'Aisha Khan': 1, 'Noor Mansour': 1, 'Yuna Kim': 1, 'Amara Mensah': 1, 'Camille Roy': 1 },
  },

  // ── Rambling ─────────────────────────────────────────────────────────────────────────────
  {
    searcher: 'Priya Nair',
    query:
      "hmm so I'm in marketing, moved here last year and I mostly spend my weekends baking bread and reading on my balcony. I've been trying to get out more though. Would love to find someone who's into gardening and maybe has a dog or a cat I could meet lol",
    grades: { 'Owen MacDonald': 3, 'Lauren Wilson': 3, 'Imani Diallo': 2 },
  },
  {
    searcher: 'Daniel Okafor',
    query:
      "ok long story but I just moved to Boston for work, I'm an engineer and basically spend all week staring at CAD files. I used to climb a lot back home but haven't found anyone here. honestly just want someone to hit the bouldering gym with after work a couple times a week",
    grades: { 'Rohan Mehta': 3, 'Tomás Silva': 3, 'Chloe Fraser': 3, 'Ji-ho Park': 1, 'Léa Tremblay': 1, 'Ethan Clarke': 1 },
  },
  {
    searcher: 'Wei Li',
    query:
      "I'm a pretty quiet guy, first year, I mostly stay in my dorm. My parents keep telling me to make friends lol. I'd like to meet someone who's into anime, maybe watch some shows together",
    grades: { 'Jun Liu': 3, 'Hui Xu': 3, 'Riley Campbell': 3, 'Ruoxi Lin': 3, 'Mei Zhang': 3, 'Sasha Patel': 3, 'Ji-ho Park': 2 },
  },

  // ── Mixed language ───────────────────────────────────────────────────────────────────────
  {
    searcher: 'Wei Li',
    query: '找个 hiking buddy',
    grades: {
      'Vera Lindqvist': 3, 'Hana Sato': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Emma Smyth': 2, 'Olivia Brown': 2, 'Chloé Bouchard': 2,
      'Kenji Tanaka': 2, 'Kavya Reddy': 2, 'Rohan Mehta': 2, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: "quelqu'un pour courir le matin",
    grades: {
      'Tomás Silva': 3, 'Megan Walsh': 3, 'Emily Clarke': 3, 'Isabela Santos': 2, 'Grace Anderson': 2, 'Kwame Osei': 2, 'Sara Haddad': 2,
      'Wei Li': 1, 'Hao Chen': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: '想找人一起打 badminton',
    grades: { 'Minh Tran': 3, 'Ruoxi Lin': 3, 'Jordan Kim': 3 },
  },
  {
    searcher: 'Wei Li',
    query: '有没有喜欢摄影的朋友',
    grades: {
      'Vera Lindqvist': 3, 'Hana Sato': 3, 'Emma Smyth': 3, 'Chloé Bouchard': 3, 'Kenji Tanaka': 3, 'Chloe Fraser': 3, 'Élodie Morin': 3, 'Kai Lee': 3,
    },
  },
  {
    searcher: 'Chloé Bouchard',
    query: 'je cherche des amis pour jouer aux jeux de société',
    grades: { 'Marcus Bell': 2, 'Gus Lindgren': 2, 'Mei Zhang': 2, 'Tyler Reid': 2, 'Sasha Patel': 2, 'Omar Hassan': 1, 'Aarav Singh': 1 },
  },
  {
    searcher: 'Chloé Bouchard',
    query: "quelqu'un pour faire de la randonnée",
    grades: {
      'Vera Lindqvist': 2, 'Hana Sato': 2, 'Ethan Clarke': 2, 'Mateo García': 2, 'Kenji Tanaka': 2, 'Kavya Reddy': 2, 'Rohan Mehta': 2,
      'Emma Smyth': 1, 'Olivia Brown': 1, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'busco alguien para jugar al tenis',
    grades: { 'Andrés Pérez': 3, 'Emily Clarke': 3, 'Ryan Cooper': 3, 'Minh Tran': 2, 'Bowen Huang': 2, 'Ruoxi Lin': 1, 'Jordan Kim': 1 },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'alguien para ir a correr en Boston',
    grades: {
      'Isabela Santos': 3, 'Megan Walsh': 3, 'Tomás Silva': 3, 'Emily Clarke': 3, 'Sofia Reyes': 3, 'Grace Anderson': 1, 'Kwame Osei': 1,
      'Hao Chen': 1, 'Sara Haddad': 1, 'Wei Li': 1,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: '找个喜欢做饭的女朋友',
    grades: { 'Lucia Torres': 3, 'Siyu Wang': 3, 'Mei Zhang': 2, 'Grace Anderson': 1 },
  },
];
