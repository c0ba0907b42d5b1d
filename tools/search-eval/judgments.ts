/**
 * Queries of the search evaluation, each asked by a named member of the community, with graded
 * relevance judgments made by reading the profiles in community.ts the way a person would, not
 * by running the ranking code. Members not listed count 0 (not relevant).
 *
 * Grades:
 * - 3: a great result. Has what is asked (the activity or interest among their interests, every
 *   one of them for "X and Y"), is open to that kind of connection, and fits every stated hint
 *   (place, age, gender).
 * - 2: a good result missing one thing: one of two asked interests, a hint just missed, the
 *   wrong intent (a partner-only member for an activity), or, for doing something together in
 *   person with no place named, living in another city (Burnaby counts as Vancouver's metro).
 * - 1: related only: a neighbouring interest (camping for hiking, tennis for badminton), or the
 *   interest but far off a stated hint.
 * - 0: not relevant, including a member who says they are NOT into the thing, anyone a partner
 *   search must not show (not single, or of an incompatible orientation), and the other gender
 *   when one is asked for.
 */

export interface EvalQuery {
  /** The community member who searches. */
  searcher: string;
  query: string;
  /** Member name → grade 1–3. */
  grades: Readonly<Record<string, 1 | 2 | 3>>;
}

export const JUDGMENTS: readonly EvalQuery[] = [
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to go hiking with',
    grades: {
      'Hana Sato': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Emma Smyth': 2, 'Olivia Brown': 2, 'Chloé Bouchard': 2, 'Kenji Tanaka': 2,
      'Kavya Reddy': 2, 'Rohan Mehta': 2, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'hiking buddies near me',
    grades: {
      'Hana Sato': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Emma Smyth': 2, 'Olivia Brown': 2, 'Chloé Bouchard': 1, 'Kenji Tanaka': 1,
      'Kavya Reddy': 1, 'Rohan Mehta': 1, 'Amara Mensah': 1, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'a boyfriend who loves hiking',
    grades: { 'Ethan Clarke': 3, 'Kenji Tanaka': 1, 'Rohan Mehta': 1, 'Liam Fraser': 1, 'Daniel Okafor': 1 },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'friends in their twenties who like photography',
    grades: {
      'Hana Sato': 3, 'Emma Smyth': 3, 'Chloé Bouchard': 3, 'Kenji Tanaka': 3, 'Chloe Fraser': 3, 'Élodie Morin': 3, 'Kai Lee': 3,
      'Quinn Harper': 1, 'Maude Pelletier': 1, 'Sakura Ito': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to climb with in Boston',
    grades: { 'Daniel Okafor': 3, 'Rohan Mehta': 3, 'Tomás Silva': 3, 'Chloe Fraser': 3, 'Ji-ho Park': 1, 'Léa Tremblay': 1, 'Ethan Clarke': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'people to play board games with in Toronto',
    grades: { 'Gus Lindgren': 3, 'Mei Zhang': 3, 'Sasha Patel': 3, 'Tyler Reid': 1, 'Omar Hassan': 1, 'Jacob Brown': 1, 'Haruto Yamamoto': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'a girlfriend who loves cooking',
    grades: { 'Lucia Torres': 3, 'Siyu Wang': 3, 'Mei Zhang': 2, 'Grace Anderson': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'chess partner',
    grades: { 'Omar Hassan': 3, 'Gus Lindgren': 3, 'Aarav Singh': 2, 'Mei Zhang': 1, 'Sasha Patel': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'someone into anime and video games',
    grades: {
      'Wei Li': 3, 'Hui Xu': 3, 'Jun Liu': 3, 'Hao Chen': 2, 'Ji-ho Park': 2, 'Mei Zhang': 2, 'Sasha Patel': 2, 'Riley Campbell': 2,
      'Ruoxi Lin': 2, 'Gus Lindgren': 2, 'Jacob Brown': 2, 'Haruto Yamamoto': 2, 'Ben Murphy': 2, 'Hamza Ali': 2, 'Yichen Zhou': 2,
    },
  },
  {
    searcher: 'Quinn Harper',
    query: 'a partner who loves dance and music',
    grades: { 'Aisha Khan': 3, 'Connor Smith': 2, 'Riley Campbell': 2, 'Sara Haddad': 1, 'Jordan Kim': 1 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'creative friends who make art or music',
    grades: {
      'Maude Pelletier': 3, 'Sakura Ito': 3, 'Élodie Morin': 3, 'Riley Campbell': 3, 'Félix Gagnon': 3, 'Hui Xu': 3, 'Yuna Kim': 3,
      'Léa Tremblay': 3, 'Aisha Khan': 2, 'Sasha Patel': 2, 'Chloe Fraser': 2, 'Layla Rahimi': 1, 'Connor Smith': 1, 'Jordan Kim': 1,
      'Malik Asante': 1, 'Carlos Hernández': 1, 'Nathan Ross': 1, 'Sara Haddad': 1, 'Camille Roy': 1, 'Amara Mensah': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: '找个一起打篮球的搭子',
    grades: { 'Jun Liu': 3, 'Hao Chen': 3, 'Malik Asante': 2, 'Zuri Okoro': 1, 'Carlos Hernández': 1, 'Kwame Osei': 1 },
  },
  {
    searcher: 'Wei Li',
    query: '找个女生一起跑步',
    grades: { 'Grace Anderson': 3, 'Sara Haddad': 3, 'Isabela Santos': 2, 'Megan Walsh': 2, 'Emily Clarke': 2, 'Sofia Reyes': 2 },
  },
  {
    searcher: 'Wei Li',
    query: 'study buddy for math and computer science',
    grades: {
      'Xinyi Zhao': 3, 'Haruto Yamamoto': 2, 'Ben Murphy': 2, 'Arjun Rao': 1, 'Megan Taylor': 1, 'Rahul Gupta': 1, 'Omar Hassan': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'someone chill to talk philosophy with',
    grades: { 'Yusuf Karimi': 3, 'Aarav Singh': 3, 'Nia Boateng': 3, 'Camille Roy': 2, 'Abigail Stewart': 1 },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'running buddy in Boston',
    grades: {
      'Isabela Santos': 3, 'Megan Walsh': 3, 'Tomás Silva': 3, 'Emily Clarke': 3, 'Grace Anderson': 1, 'Kwame Osei': 1, 'Hao Chen': 1,
      'Sara Haddad': 1, 'Wei Li': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'friends to read and get coffee with',
    grades: {
      'Yusuf Karimi': 3, 'Abigail Stewart': 3, 'Siyu Wang': 3, 'Megan Walsh': 2, 'Olivia Brown': 2, 'Nia Boateng': 2, 'Priya Nair': 2,
      'Zainab Aziz': 2, 'Emily Clarke': 2, 'Sakura Ito': 2, 'Noah Wilson': 2, 'Vera Lindqvist': 2, 'Omar Hassan': 2, 'Tomás Silva': 2,
      'Isabela Santos': 2, 'Andrés Pérez': 2, 'Kai Lee': 2, 'Madison Reid': 2,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'a climbing partner near me',
    grades: { 'Rohan Mehta': 3, 'Tomás Silva': 3, 'Chloe Fraser': 3, 'Ji-ho Park': 1, 'Léa Tremblay': 1, 'Ethan Clarke': 1 },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'tennis partner under 30',
    grades: { 'Andrés Pérez': 3, 'Emily Clarke': 3, 'Minh Tran': 2, 'Bowen Huang': 2, 'Ryan Cooper': 1 },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'looking for a girlfriend in Boston who likes running',
    grades: { 'Isabela Santos': 3, 'Emily Clarke': 3, 'Grace Anderson': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: 'a girlfriend who does yoga',
    grades: { 'Zainab Aziz': 3, 'Sara Haddad': 2, 'Aisha Khan': 1, 'Noor Mansour': 1, 'Yuna Kim': 1, 'Amara Mensah': 1, 'Camille Roy': 1 },
  },
  {
    searcher: 'Priya Nair',
    query: 'people to cook and bake with',
    grades: {
      'Lucia Torres': 3, 'Yuna Kim': 3, 'Mei Zhang': 2, 'Hamza Ali': 2, 'Siyu Wang': 2, 'Marcus Bell': 2, 'Ruoxi Lin': 1, 'Grace Anderson': 1,
      'Owen MacDonald': 1, 'Ming Sun': 1, 'Diego Martínez': 1, 'Noah Wilson': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'yoga and mindfulness friends',
    grades: {
      'Ananya Iyer': 3, 'Ming Sun': 3, 'Zainab Aziz': 3, 'Lauren Wilson': 2, 'Olivia Brown': 2, 'Sara Haddad': 2, 'Léa Tremblay': 2, 'Priya Nair': 2,
    },
  },
  {
    searcher: 'Marcus Bell',
    query: 'soccer or basketball players in their early 20s',
    grades: {
      'Malik Asante': 3, 'Jun Liu': 2, 'Zuri Okoro': 2, 'Carlos Hernández': 2, 'Wei Li': 2, 'Hao Chen': 1, 'Kwame Osei': 1,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'camping and cycling trips on weekends',
    grades: {
      'Liam Fraser': 3, 'Hana Sato': 2, 'Emma Smyth': 2, 'Mateo García': 2, 'Daniel Okafor': 1, 'Kavya Reddy': 1, 'Chloé Bouchard': 1, 'Ethan Clarke': 1,
    },
  },
  {
    searcher: 'Wei Li',
    query: '找个一起徒步的朋友',
    grades: {
      'Vera Lindqvist': 3, 'Hana Sato': 3, 'Emma Smyth': 3, 'Ethan Clarke': 3, 'Mateo García': 3, 'Olivia Brown': 3, 'Chloé Bouchard': 2, 'Kenji Tanaka': 2,
      'Kavya Reddy': 2, 'Amara Mensah': 2, 'Rohan Mehta': 2, 'Liam Fraser': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'volunteering and environment, like-minded friends',
    grades: { 'Imani Diallo': 3, 'Fatima Saleh': 3, 'Samuel Côté': 2 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'startup founders to talk business with',
    grades: { 'Karan Gill': 3, 'Madison Reid': 3, 'Rohan Mehta': 3, 'Bowen Huang': 2 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'a badminton partner',
    grades: { 'Minh Tran': 3, 'Ruoxi Lin': 3, 'Jordan Kim': 3 },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'women over 25 who like reading',
    grades: {
      'Olivia Brown': 3, 'Abigail Stewart': 3, 'Nia Boateng': 3, 'Priya Nair': 3, 'Zainab Aziz': 3, 'Sofia Reyes': 3, 'Emily Clarke': 2,
      'Siyu Wang': 1, 'Megan Walsh': 1, 'Sakura Ito': 1, 'Camille Roy': 1,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'guys to play soccer with',
    grades: { 'Kwame Osei': 2, 'Diego Martínez': 2, 'Carlos Hernández': 2 },
  },
  {
    searcher: 'Priya Nair',
    query: 'someone kind to go to museums and theatre with',
    grades: { 'Maude Pelletier': 3, 'Abigail Stewart': 2, 'Camille Roy': 1, 'Élodie Morin': 1, 'Connor Smith': 1, 'Félix Gagnon': 1 },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'pre-med students to study biology together',
    grades: { 'Megan Taylor': 3, 'Rahul Gupta': 2, 'Xinyi Zhao': 1, 'Arjun Rao': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'karaoke and nightlife friends',
    grades: { 'Layla Rahimi': 3, 'Nathan Ross': 3, 'Tyler Reid': 2 },
  },
  {
    searcher: 'Wei Li',
    query: 'anime friends near me',
    grades: { 'Jun Liu': 3, 'Hui Xu': 3, 'Riley Campbell': 3, 'Ruoxi Lin': 3, 'Ji-ho Park': 2, 'Mei Zhang': 1, 'Sasha Patel': 1 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'someone funny and outgoing to hang out with',
    grades: {
      'Tyler Reid': 3, 'Layla Rahimi': 3, 'Carlos Hernández': 3, 'Noor Mansour': 3, 'Wei Li': 2, 'Noah Wilson': 2, 'Ji-ho Park': 2,
      'Mei Zhang': 2, 'Sasha Patel': 2, 'Jun Liu': 2, 'Hamza Ali': 2, 'Félix Gagnon': 2, 'Connor Smith': 2, 'Ruoxi Lin': 2, 'Jordan Kim': 2,
      'Rohan Mehta': 2, 'Kwame Osei': 2, 'Malik Asante': 2, 'Diego Martínez': 2, 'Zuri Okoro': 2, 'Jessica Nguyen': 2, 'Aisha Khan': 2,
      'Nathan Ross': 2, 'Andrés Pérez': 2, 'Karan Gill': 2,
    },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'a quiet bookworm to swap novels with',
    grades: {
      'Noah Wilson': 3, 'Sakura Ito': 3, 'Olivia Brown': 2, 'Sofia Reyes': 2, 'Priya Nair': 2, 'Abigail Stewart': 2, 'Yusuf Karimi': 2,
      'Nia Boateng': 2, 'Siyu Wang': 2, 'Megan Walsh': 2, 'Zainab Aziz': 2, 'Emily Clarke': 2, 'Hui Xu': 1, 'Riley Campbell': 1,
    },
  },
  {
    searcher: 'Priya Nair',
    query: 'jogging partner',
    grades: {
      'Kwame Osei': 3, 'Grace Anderson': 2, 'Isabela Santos': 2, 'Hao Chen': 2, 'Sara Haddad': 2, 'Megan Walsh': 2, 'Tomás Silva': 2,
      'Wei Li': 2, 'Sofia Reyes': 2, 'Emily Clarke': 2,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'bouldering buddies in Montreal',
    grades: { 'Léa Tremblay': 3, 'Ji-ho Park': 1, 'Rohan Mehta': 1, 'Chloe Fraser': 1, 'Tomás Silva': 1, 'Ethan Clarke': 1 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'non-binary friends',
    grades: { 'Sasha Patel': 3, 'Riley Campbell': 3, 'Jordan Kim': 3, 'Kai Lee': 3 },
  },
  {
    searcher: 'Wei Li',
    query: '找个喜欢动漫的朋友',
    grades: { 'Jun Liu': 3, 'Hui Xu': 3, 'Riley Campbell': 3, 'Ruoxi Lin': 3, 'Mei Zhang': 3, 'Sasha Patel': 3, 'Ji-ho Park': 2 },
  },
  {
    searcher: 'Marcus Bell',
    query: 'a nurse or doctor to be friends with',
    grades: {
      'Olivia Brown': 3, 'Grace Anderson': 3, 'Zainab Aziz': 3, 'Isabela Santos': 3, 'Kavya Reddy': 2, 'Ananya Iyer': 2, 'Jessica Nguyen': 1,
      'Noor Mansour': 1, 'Megan Taylor': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: 'around 30 and into travel',
    grades: {
      'Isabela Santos': 3, 'Andrés Pérez': 3, 'Kavya Reddy': 3, 'Madison Reid': 3, 'Lucia Torres': 2, 'Kai Lee': 2, 'Diego Martínez': 1,
      'Jessica Nguyen': 1, 'Noor Mansour': 1,
    },
  },
  {
    searcher: 'Daniel Okafor',
    query: 'a gym buddy',
    grades: { 'Tomás Silva': 3, 'Ji-ho Park': 2, 'Grace Anderson': 2, 'Kwame Osei': 2, 'Malik Asante': 2, 'Zuri Okoro': 2 },
  },
  {
    searcher: 'Vera Lindqvist',
    query: 'someone to explore museums with this weekend in Montreal',
    grades: { 'Élodie Morin': 3, 'Camille Roy': 3, 'Maude Pelletier': 1 },
  },
  {
    searcher: 'Quinn Harper',
    query: 'people to go dancing with near me',
    grades: { 'Aisha Khan': 3, 'Layla Rahimi': 1 },
  },
  // Queries that rule something out: a member into the ruled-out thing is related at most (1).
  {
    searcher: 'Vera Lindqvist',
    query: 'friends into anime, but not video games',
    grades: {
      'Mei Zhang': 3, 'Sasha Patel': 3, 'Riley Campbell': 3, 'Ruoxi Lin': 3, 'Ji-ho Park': 2, 'Wei Li': 1, 'Hui Xu': 1, 'Jun Liu': 1,
    },
  },
  {
    searcher: 'Sofia Reyes',
    query: "a running buddy who doesn't play video games",
    grades: {
      'Tomás Silva': 3, 'Megan Walsh': 3, 'Emily Clarke': 3, 'Isabela Santos': 2, 'Grace Anderson': 2, 'Kwame Osei': 2, 'Sara Haddad': 2,
      'Wei Li': 1, 'Hao Chen': 1,
    },
  },
];
