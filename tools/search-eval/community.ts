import type { Gender, LookingFor, RelationshipStatus } from '../../server/src/db/schema.js';
import { composeProfile, type InterviewProfile } from '../../server/src/features/chat/interview/compose.js';
import type { InterviewFacts } from '../../server/src/features/chat/interview/facts.js';

/**
 * The fixed community the search evaluation (`npm run eval:search`) runs over: hand-written
 * members, their profile text written by the interview's own composer from the facts below (as
 * if each had been through onboarding). A `bioNote` is a line the member added to their bio
 * themself afterwards, in their own words; several say what they are NOT into, which a search
 * must not mistake for an interest.
 *
 * Written to be hard in the ways real communities are: the same activity wanted for different
 * reasons (a hiking friend, a hiking partner, a hiking boyfriend), members who are not single,
 * members in other cities, near-duplicates, negations, several genders and both single statuses.
 * Names are unique: the judgments refer to members by name.
 */

export interface CommunityMember {
  name: string;
  gender: Gender;
  age: number;
  location: string;
  profession: string;
  status: RelationshipStatus;
  /** What they are into (the interview's interest labels). */
  interests: string[];
  /** What they would like company for (also interests). */
  activities: string[];
  traits: string[];
  social: string[];
  lookingFor: LookingFor[];
  partnerStyle?: string;
  values: string[];
  bioNote?: string;
}

const VAN = 'Vancouver, BC, Canada';
const BBY = 'Burnaby, BC, Canada';
const TOR = 'Toronto, ON, Canada';
const MTL = 'Montreal, QC, Canada';
const BOS = 'Boston, MA, USA';
const YYC = 'Calgary, AB, Canada';

const UG = 'Undergraduate Student';
const GRAD = 'Graduate Student';
const PHD = 'PhD Student';

type Basics = [name: string, gender: Gender, age: number, location: string, profession: string, status: RelationshipStatus];
type Rest = Omit<CommunityMember, 'name' | 'gender' | 'age' | 'location' | 'profession' | 'status'>;

function m([name, gender, age, location, profession, status]: Basics, rest: Partial<Rest> & Pick<Rest, 'interests' | 'lookingFor'>): CommunityMember {
  return { name, gender, age, location, profession, status, activities: [], traits: [], social: [], values: [], ...rest };
}

export const COMMUNITY: readonly CommunityMember[] = [
  // ── Searchers (also members others find) ──────────────────────────────────────────────────
  m(['Vera Lindqvist', 'female', 22, VAN, UG, 'single_straight'], {
    interests: ['Photography', 'Coffee'], activities: ['Hiking'], traits: ['curious', 'adventurous'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend', 'activity_partner', 'partner'], values: ['Honesty', 'Adventure'],
  }),
  m(['Marcus Bell', 'male', 27, TOR, 'Software Developer', 'single_straight'], {
    interests: ['Video games', 'Technology', 'Cooking'], activities: ['Board games'], traits: ['funny', 'nerdy'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend', 'partner'], partnerStyle: 'a long-term relationship', values: ['Loyalty', 'Fun'],
  }),
  m(['Quinn Harper', 'non-binary', 24, VAN, 'Designer', 'single_lgbtq'], {
    interests: ['Art', 'Design', 'Music'], activities: ['Dance'], traits: ['creative', 'open-minded'], social: ['big groups', 'spontaneous plans'],
    lookingFor: ['friend', 'partner'], values: ['Creativity', 'Open-mindedness'],
  }),
  m(['Wei Li', 'male', 21, VAN, UG, 'single_straight'], {
    interests: ['Video games', 'Anime'], activities: ['Basketball', 'Running'], traits: ['energetic', 'funny'], social: ['free in the evenings'],
    lookingFor: ['friend', 'activity_partner'], values: ['Fun'],
  }),
  m(['Sofia Reyes', 'female', 29, BOS, PHD, 'not_single'], {
    interests: ['Philosophy', 'Reading', 'Coffee'], activities: ['Running'], traits: ['thoughtful', 'curious'], social: ['small groups', 'free in the mornings'],
    lookingFor: ['friend', 'activity_partner'], values: ['Curiosity', 'Honesty'],
  }),
  m(['Daniel Okafor', 'male', 25, BOS, 'Engineer', 'single_straight'], {
    interests: ['Cycling', 'Technology'], activities: ['Climbing', 'Tennis'], traits: ['driven', 'optimistic'], social: ['planned meetups', 'free on weekends'],
    lookingFor: ['activity_partner', 'partner'], values: ['Growth'],
  }),
  m(['Priya Nair', 'female', 26, TOR, 'Marketing Professional', 'single_lgbtq'], {
    interests: ['Reading', 'Cooking'], activities: ['Yoga'], traits: ['kind', 'thoughtful'], social: ['small groups'],
    lookingFor: ['partner', 'friend'], values: ['Kindness', 'Empathy'],
  }),

  // ── Hiking and the outdoors ───────────────────────────────────────────────────────────────
  m(['Hana Sato', 'female', 23, VAN, UG, 'single_straight'], {
    interests: ['Photography', 'Nature'], activities: ['Hiking', 'Camping'], traits: ['adventurous', 'easygoing'], social: ['small groups', 'free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Adventure'],
  }),
  m(['Emma Smyth', 'female', 23, VAN, UG, 'single_straight'], {
    interests: ['Photography', 'Nature'], activities: ['Hiking', 'Camping'], traits: ['adventurous', 'kind'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend'], values: ['Adventure', 'Kindness'],
  }),
  m(['Chloé Bouchard', 'female', 23, MTL, UG, 'single_straight'], {
    interests: ['Photography', 'Nature'], activities: ['Hiking', 'Camping'], traits: ['adventurous', 'easygoing'], social: ['small groups', 'free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Adventure'],
  }),
  m(['Ethan Clarke', 'male', 24, VAN, GRAD, 'single_straight'], {
    interests: ['Climbing', 'Outdoors'], activities: ['Hiking', 'Trail running'], traits: ['adventurous', 'genuine'], social: ['spontaneous plans', 'free on weekends'],
    lookingFor: ['partner', 'activity_partner'], partnerStyle: 'a long-term relationship', values: ['Adventure', 'Honesty'],
  }),
  m(['Mateo García', 'male', 26, BBY, 'Engineer', 'not_single'], {
    interests: ['Cycling', 'Nature'], activities: ['Hiking'], traits: ['easygoing', 'reliable'], social: ['planned meetups', 'free on weekends'],
    lookingFor: ['activity_partner'], values: ['Balance'],
  }),
  m(['Olivia Brown', 'female', 31, VAN, 'Nurse', 'single_straight'], {
    interests: ['Hiking', 'Yoga', 'Reading'], traits: ['kind', 'thoughtful'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend'], values: ['Kindness', 'Balance'],
  }),
  m(['Kenji Tanaka', 'male', 28, YYC, 'Scientist', 'single_straight'], {
    interests: ['Photography', 'Winter sports'], activities: ['Hiking'], traits: ['curious', 'easygoing'], social: ['free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Curiosity'],
  }),
  m(['Amara Mensah', 'female', 20, TOR, UG, 'single_lgbtq'], {
    interests: ['Nature', 'Writing'], activities: ['Hiking'], traits: ['creative', 'thoughtful'], social: ['small groups'],
    lookingFor: ['friend', 'partner'], values: ['Empathy'],
  }),
  m(['Kavya Reddy', 'female', 28, YYC, 'Doctor', 'single_straight'], {
    interests: ['Winter sports', 'Travel'], activities: ['Camping', 'Hiking'], traits: ['adventurous', 'driven'], social: ['planned meetups', 'free on weekends'],
    lookingFor: ['activity_partner', 'partner'], values: ['Adventure', 'Ambition'],
  }),
  m(['Liam Fraser', 'male', 26, VAN, 'Tradesperson', 'single_straight'], {
    interests: ['Fishing', 'Outdoors'], activities: ['Cycling', 'Camping'], traits: ['easygoing', 'reliable'], social: ['free on weekends', 'spontaneous plans'],
    lookingFor: ['activity_partner', 'friend'], values: ['Independence'],
  }),
  m(['Noah Wilson', 'male', 22, VAN, UG, 'single_straight'], {
    interests: ['Movies', 'Cooking', 'Reading'], traits: ['introverted', 'funny'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend'], values: ['Loyalty'], bioNote: "Honestly, I'm not into hiking or camping; I'd rather stay in with a film.",
  }),

  // ── Climbing ──────────────────────────────────────────────────────────────────────────────
  m(['Ji-ho Park', 'male', 23, VAN, UG, 'single_lgbtq'], {
    interests: ['Fitness', 'Anime'], activities: ['Climbing'], traits: ['energetic', 'funny'], social: ['free in the evenings'],
    lookingFor: ['activity_partner', 'partner'], values: ['Fun'],
  }),
  m(['Léa Tremblay', 'female', 25, MTL, GRAD, 'single_straight'], {
    interests: ['Yoga', 'Art'], activities: ['Climbing'], traits: ['creative', 'energetic'], social: ['small groups', 'free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Balance'],
  }),
  m(['Rohan Mehta', 'male', 30, BOS, 'Entrepreneur', 'single_straight'], {
    interests: ['Startups', 'Hiking'], activities: ['Climbing'], traits: ['driven', 'outgoing'], social: ['planned meetups', 'free in the mornings'],
    lookingFor: ['activity_partner'], values: ['Ambition'],
  }),
  m(['Chloe Fraser', 'female', 24, BOS, 'Designer', 'not_single'], {
    interests: ['Photography', 'Design'], activities: ['Climbing'], traits: ['creative', 'easygoing'], social: ['free in the evenings'],
    lookingFor: ['friend', 'activity_partner'], values: ['Creativity'],
  }),
  m(['Tomás Silva', 'male', 27, BOS, GRAD, 'single_straight'], {
    interests: ['Fitness', 'Coffee'], activities: ['Climbing', 'Running'], traits: ['energetic', 'reliable'], social: ['free in the mornings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Reliability'],
  }),

  // ── Board games, chess, games ─────────────────────────────────────────────────────────────
  m(['Gus Lindgren', 'male', 29, TOR, 'Data Scientist', 'single_straight'], {
    interests: ['Video games', 'Chess'], activities: ['Board games'], traits: ['nerdy', 'loyal'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend'], values: ['Loyalty'],
  }),
  m(['Mei Zhang', 'female', 22, TOR, UG, 'single_straight'], {
    interests: ['Anime', 'Baking'], activities: ['Board games'], traits: ['funny', 'kind'], social: ['big groups', 'free on weekends'],
    lookingFor: ['friend', 'activity_partner', 'partner'], values: ['Fun'],
  }),
  m(['Tyler Reid', 'male', 26, VAN, 'Sales Professional', 'not_single'], {
    interests: ['Movies', 'Karaoke'], activities: ['Board games'], traits: ['outgoing', 'funny'], social: ['big groups'],
    lookingFor: ['friend'], values: ['Fun'],
  }),
  m(['Abigail Stewart', 'female', 27, TOR, 'Writer', 'single_straight'], {
    interests: ['Reading', 'Coffee', 'Theatre'], traits: ['thoughtful', 'talkative'], social: ['small groups'],
    lookingFor: ['friend', 'partner'], values: ['Honesty'], bioNote: "Not into board games, though; I'd rather talk for hours over coffee.",
  }),
  m(['Omar Hassan', 'male', 24, TOR, GRAD, 'single_straight'], {
    interests: ['Math', 'Coffee'], activities: ['Chess'], traits: ['curious', 'thoughtful'], social: ['free in the evenings'],
    lookingFor: ['friend'], values: ['Curiosity'],
  }),
  m(['Sasha Patel', 'non-binary', 23, TOR, UG, 'single_lgbtq'], {
    interests: ['Crafts', 'Anime'], activities: ['Board games'], traits: ['creative', 'funny'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend', 'partner'], values: ['Creativity'],
  }),
  m(['Jacob Brown', 'male', 23, TOR, UG, 'single_straight'], {
    interests: ['Video games', 'Technology', 'Hockey'], traits: ['nerdy', 'loyal'], social: ['happy to meet online'],
    lookingFor: ['friend'], values: ['Loyalty'],
  }),
  m(['Hui Xu', 'female', 25, VAN, 'Software Developer', 'single_straight'], {
    interests: ['Anime', 'Video games', 'Art'], traits: ['introverted', 'creative'], social: ['happy to meet online', 'free in the evenings'],
    lookingFor: ['friend', 'partner'], values: ['Honesty'],
  }),
  m(['Haruto Yamamoto', 'male', 23, TOR, GRAD, 'single_straight'], {
    interests: ['Computer science', 'Math', 'Video games'], traits: ['nerdy', 'driven'], social: ['free in the evenings'],
    lookingFor: ['friend'], values: ['Growth'],
  }),

  // ── Philosophy and conversation ───────────────────────────────────────────────────────────
  m(['Yusuf Karimi', 'male', 26, BOS, GRAD, 'single_straight'], {
    interests: ['Philosophy', 'Reading', 'Coffee'], traits: ['easygoing', 'thoughtful'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend'], values: ['Curiosity', 'Open-mindedness'],
  }),
  m(['Camille Roy', 'female', 28, MTL, 'Writer', 'single_lgbtq'], {
    interests: ['Philosophy', 'Writing', 'Museums'], traits: ['thoughtful', 'curious'], social: ['small groups'],
    lookingFor: ['friend', 'partner'], values: ['Curiosity'],
  }),
  m(['Aarav Singh', 'male', 21, VAN, UG, 'single_straight'], {
    interests: ['Philosophy', 'Psychology', 'Chess'], traits: ['easygoing', 'talkative'], social: ['spontaneous plans', 'free in the evenings'],
    lookingFor: ['friend'], values: ['Open-mindedness'],
  }),
  m(['Nia Boateng', 'female', 33, TOR, 'Teacher', 'not_single'], {
    interests: ['Philosophy', 'History', 'Reading'], traits: ['kind', 'easygoing'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend'], values: ['Empathy'],
  }),
  m(['Ben Murphy', 'male', 24, VAN, GRAD, 'single_straight'], {
    interests: ['Physics', 'Math', 'Video games'], traits: ['driven', 'nerdy'], social: ['planned meetups'],
    lookingFor: ['friend'], values: ['Ambition'],
  }),

  // ── Running ───────────────────────────────────────────────────────────────────────────────
  m(['Grace Anderson', 'female', 25, VAN, 'Nurse', 'single_straight'], {
    interests: ['Fitness', 'Cooking'], activities: ['Running'], traits: ['energetic', 'reliable'], social: ['planned meetups', 'free in the mornings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Reliability'],
  }),
  m(['Kwame Osei', 'male', 27, TOR, 'Athlete / Coach', 'single_straight'], {
    interests: ['Soccer', 'Fitness'], activities: ['Running'], traits: ['energetic', 'outgoing'], social: ['free in the mornings'],
    lookingFor: ['activity_partner', 'partner'], values: ['Growth'],
  }),
  m(['Isabela Santos', 'female', 30, BOS, 'Doctor', 'single_straight'], {
    interests: ['Travel', 'Coffee'], activities: ['Running'], traits: ['driven', 'kind'], social: ['free in the mornings'],
    lookingFor: ['friend', 'partner'], partnerStyle: 'a long-term relationship', values: ['Family'],
  }),
  m(['Hao Chen', 'male', 19, VAN, UG, 'single_straight'], {
    interests: ['Video games'], activities: ['Running', 'Basketball'], traits: ['energetic'], social: ['free in the evenings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Sara Haddad', 'female', 22, BBY, UG, 'single_lgbtq'], {
    interests: ['Yoga', 'Music'], activities: ['Running'], traits: ['optimistic', 'kind'], social: ['free in the mornings'],
    lookingFor: ['friend', 'activity_partner'], values: ['Balance'],
  }),
  m(['Megan Walsh', 'female', 24, BOS, GRAD, 'not_single'], {
    interests: ['Reading', 'Coffee'], activities: ['Running'], traits: ['reliable', 'kind'], social: ['free in the mornings'],
    lookingFor: ['activity_partner'], values: ['Reliability'],
  }),

  // ── Team sports ───────────────────────────────────────────────────────────────────────────
  m(['Jun Liu', 'male', 20, VAN, UG, 'single_straight'], {
    interests: ['Anime', 'Video games'], activities: ['Basketball'], traits: ['funny', 'energetic'], social: ['big groups', 'free in the evenings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Malik Asante', 'male', 23, TOR, UG, 'single_straight'], {
    interests: ['Music', 'Fitness'], activities: ['Basketball'], traits: ['outgoing', 'energetic'], social: ['big groups'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Diego Martínez', 'male', 26, MTL, 'Chef', 'single_lgbtq'], {
    interests: ['Cooking', 'Travel'], activities: ['Soccer'], traits: ['outgoing', 'kind'], social: ['big groups'],
    lookingFor: ['friend', 'partner'], values: ['Family'],
  }),
  m(['Zuri Okoro', 'female', 21, VAN, UG, 'single_straight'], {
    interests: ['Fitness'], activities: ['Soccer', 'Volleyball'], traits: ['energetic', 'outgoing'], social: ['big groups', 'free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Carlos Hernández', 'male', 22, VAN, UG, 'single_straight'], {
    interests: ['Music', 'Movies'], activities: ['Soccer'], traits: ['outgoing', 'funny'], social: ['big groups', 'free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Yichen Zhou', 'male', 24, VAN, 'Software Developer', 'single_straight'], {
    interests: ['Technology', 'Video games'], traits: ['introverted', 'nerdy'], social: ['happy to meet online'],
    lookingFor: ['friend'], values: ['Curiosity'], bioNote: "I don't play basketball or any team sports, but I'm always up for a game online.",
  }),

  // ── Food ──────────────────────────────────────────────────────────────────────────────────
  m(['Lucia Torres', 'female', 27, TOR, 'Chef', 'single_straight'], {
    interests: ['Food', 'Travel'], activities: ['Cooking', 'Baking'], traits: ['kind', 'talkative'], social: ['small groups', 'free in the evenings'],
    lookingFor: ['friend', 'partner'], partnerStyle: 'a long-term relationship', values: ['Family', 'Kindness'],
  }),
  m(['Hamza Ali', 'male', 25, TOR, 'Accountant', 'single_straight'], {
    interests: ['Food', 'Video games'], activities: ['Cooking'], traits: ['funny', 'easygoing'], social: ['free in the evenings'],
    lookingFor: ['friend', 'partner'], values: ['Family'],
  }),
  m(['Siyu Wang', 'female', 24, TOR, GRAD, 'single_straight'], {
    interests: ['Coffee', 'Reading'], activities: ['Cooking'], traits: ['kind', 'curious'], social: ['small groups'],
    lookingFor: ['friend', 'partner'], values: ['Kindness'],
  }),
  m(['Owen MacDonald', 'male', 32, VAN, 'Teacher', 'not_single'], {
    interests: ['Gardening', 'Pets'], activities: ['Cooking'], traits: ['kind', 'easygoing'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend'], values: ['Family'],
  }),
  m(['Yuna Kim', 'female', 23, TOR, UG, 'single_lgbtq'], {
    interests: ['Art', 'Cooking'], activities: ['Baking'], traits: ['creative', 'kind'], social: ['small groups'],
    lookingFor: ['partner', 'friend'], values: ['Kindness'],
  }),
  m(['Jessica Nguyen', 'female', 25, TOR, 'Pharmacist', 'single_straight'], {
    interests: ['Fashion', 'Travel'], traits: ['outgoing'], social: ['big groups'],
    lookingFor: ['partner'], values: ['Fun'], bioNote: "I don't cook at all, so takeout it is.",
  }),

  // ── Music, dance, nightlife ───────────────────────────────────────────────────────────────
  m(['Layla Rahimi', 'female', 22, TOR, UG, 'single_straight'], {
    interests: ['Music', 'Nightlife'], activities: ['Karaoke', 'Dance'], traits: ['outgoing', 'funny'], social: ['big groups', 'spontaneous plans'],
    lookingFor: ['friend', 'partner'], values: ['Fun'],
  }),
  m(['Félix Gagnon', 'male', 24, MTL, 'Musician', 'single_straight'], {
    interests: ['Music', 'Theatre'], activities: ['Making music'], traits: ['creative', 'funny'], social: ['free in the evenings'],
    lookingFor: ['friend'], values: ['Creativity'],
  }),
  m(['Aisha Khan', 'female', 26, VAN, 'Marketing Professional', 'single_lgbtq'], {
    interests: ['Music', 'Fashion'], activities: ['Dance'], traits: ['outgoing', 'creative'], social: ['big groups', 'free on weekends'],
    lookingFor: ['partner', 'friend'], values: ['Creativity'],
  }),
  m(['Riley Campbell', 'non-binary', 20, VAN, UG, 'single_lgbtq'], {
    interests: ['Anime', 'Art'], activities: ['Making music'], traits: ['creative', 'introverted'], social: ['small groups'],
    lookingFor: ['friend', 'partner'], values: ['Creativity'],
  }),
  m(['Connor Smith', 'male', 28, VAN, 'Lawyer', 'single_lgbtq'], {
    interests: ['Theatre', 'Music', 'Movies'], traits: ['funny', 'genuine'], social: ['free in the evenings'],
    lookingFor: ['partner'], partnerStyle: 'a long-term relationship', values: ['Honesty'],
  }),
  m(['Nathan Ross', 'male', 25, TOR, 'Retail Worker', 'single_straight'], {
    interests: ['Nightlife', 'Music'], activities: ['Karaoke'], traits: ['outgoing', 'talkative'], social: ['big groups', 'spontaneous plans'],
    lookingFor: ['friend'], values: ['Fun'],
  }),

  // ── Study ─────────────────────────────────────────────────────────────────────────────────
  m(['Xinyi Zhao', 'female', 20, VAN, UG, 'single_straight'], {
    interests: ['Math', 'Computer science'], activities: ['Study'], traits: ['driven', 'reliable'], social: ['planned meetups', 'free in the evenings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Growth'],
  }),
  m(['Arjun Rao', 'male', 22, BBY, UG, 'single_straight'], {
    interests: ['Physics', 'Engineering'], activities: ['Study'], traits: ['driven', 'curious'], social: ['planned meetups'],
    lookingFor: ['activity_partner'], values: ['Ambition'],
  }),
  m(['Megan Taylor', 'female', 19, VAN, UG, 'single_straight'], {
    interests: ['Pre-med', 'Biology', 'Chemistry'], activities: ['Study'], traits: ['driven', 'kind'], social: ['planned meetups', 'free in the mornings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Growth'],
  }),
  m(['Rahul Gupta', 'male', 21, VAN, UG, 'single_straight'], {
    interests: ['Biology', 'Psychology'], activities: ['Study'], traits: ['curious', 'reliable'], social: ['free in the evenings'],
    lookingFor: ['activity_partner'], values: ['Curiosity'],
  }),

  // ── Yoga, wellness ────────────────────────────────────────────────────────────────────────
  m(['Ananya Iyer', 'female', 29, VAN, 'Healthcare Worker', 'single_straight'], {
    interests: ['Mindfulness', 'Wellness', 'Nature'], activities: ['Yoga'], traits: ['kind', 'easygoing'], social: ['small groups', 'free in the mornings'],
    lookingFor: ['friend'], values: ['Balance', 'Empathy'],
  }),
  m(['Lauren Wilson', 'female', 34, TOR, 'Social Worker', 'not_single'], {
    interests: ['Yoga', 'Pets', 'Gardening'], traits: ['kind', 'genuine'], social: ['small groups'],
    lookingFor: ['friend'], values: ['Kindness'],
  }),
  m(['Ming Sun', 'male', 31, VAN, 'Finance Professional', 'single_straight'], {
    interests: ['Mindfulness', 'Cooking'], activities: ['Yoga'], traits: ['easygoing', 'thoughtful'], social: ['free in the mornings'],
    lookingFor: ['friend', 'partner'], values: ['Balance'],
  }),
  m(['Zainab Aziz', 'female', 27, TOR, 'Nurse', 'single_lgbtq'], {
    interests: ['Mindfulness', 'Reading'], activities: ['Yoga'], traits: ['kind', 'genuine'], social: ['small groups', 'free in the mornings'],
    lookingFor: ['partner', 'friend'], partnerStyle: 'taking things slow', values: ['Kindness', 'Honesty'],
  }),
  m(['Noor Mansour', 'female', 25, TOR, 'Pharmacist', 'single_lgbtq'], {
    interests: ['Travel', 'Fashion', 'Movies'], traits: ['outgoing', 'funny'], social: ['big groups'],
    lookingFor: ['partner', 'friend'], values: ['Fun'],
  }),

  // ── Racket sports ─────────────────────────────────────────────────────────────────────────
  m(['Minh Tran', 'male', 24, VAN, 'IT Professional', 'single_straight'], {
    interests: ['Table tennis'], activities: ['Badminton', 'Tennis'], traits: ['energetic', 'reliable'], social: ['planned meetups', 'free in the evenings'],
    lookingFor: ['activity_partner'], values: ['Reliability'],
  }),
  m(['Ruoxi Lin', 'female', 22, VAN, UG, 'single_straight'], {
    interests: ['Anime', 'Baking'], activities: ['Badminton'], traits: ['funny', 'kind'], social: ['free on weekends'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Andrés Pérez', 'male', 29, BOS, 'Consultant', 'single_straight'], {
    interests: ['Travel', 'Coffee'], activities: ['Tennis'], traits: ['outgoing', 'driven'], social: ['planned meetups', 'free in the mornings'],
    lookingFor: ['activity_partner', 'partner'], values: ['Ambition'],
  }),
  m(['Emily Clarke', 'female', 25, BOS, GRAD, 'single_straight'], {
    interests: ['Running', 'Reading'], activities: ['Tennis'], traits: ['driven', 'kind'], social: ['free in the mornings'],
    lookingFor: ['activity_partner', 'partner'], values: ['Growth'],
  }),
  m(['Jordan Kim', 'non-binary', 22, VAN, UG, 'single_lgbtq'], {
    interests: ['Music'], activities: ['Badminton'], traits: ['easygoing', 'funny'], social: ['free in the evenings'],
    lookingFor: ['activity_partner', 'friend'], values: ['Fun'],
  }),
  m(['Ryan Cooper', 'male', 33, BOS, 'Lawyer', 'single_straight'], {
    interests: ['Politics', 'History'], activities: ['Tennis'], traits: ['driven'], social: ['planned meetups'],
    lookingFor: ['activity_partner'], values: ['Ambition'],
  }),

  // ── Art, photography, museums ─────────────────────────────────────────────────────────────
  m(['Élodie Morin', 'female', 24, MTL, 'Photographer', 'single_straight'], {
    interests: ['Photography', 'Art', 'Museums'], traits: ['creative', 'thoughtful'], social: ['small groups'],
    lookingFor: ['friend'], values: ['Creativity'],
  }),
  m(['Kai Lee', 'non-binary', 27, VAN, 'Freelancer', 'single_lgbtq'], {
    interests: ['Photography', 'Travel', 'Coffee'], traits: ['adventurous', 'open-minded'], social: ['spontaneous plans'],
    lookingFor: ['friend', 'partner'], values: ['Independence'],
  }),
  m(['Maude Pelletier', 'female', 26, TOR, 'Artist', 'single_straight'], {
    interests: ['Art', 'Theatre', 'Museums'], traits: ['creative', 'kind'], social: ['small groups', 'free on weekends'],
    lookingFor: ['friend'], values: ['Kindness'],
  }),
  m(['Sakura Ito', 'female', 21, VAN, UG, 'single_straight'], {
    interests: ['Art', 'Crafts', 'Reading'], traits: ['introverted', 'creative'], social: ['small groups'],
    lookingFor: ['friend'], values: ['Creativity'],
  }),

  // ── Community, startups ───────────────────────────────────────────────────────────────────
  m(['Fatima Saleh', 'female', 26, TOR, 'Civil Servant', 'single_straight'], {
    interests: ['Environment', 'Faith'], activities: ['Volunteering'], traits: ['kind', 'genuine'], social: ['planned meetups', 'free on weekends'],
    lookingFor: ['friend'], values: ['Community', 'Faith'],
  }),
  m(['Samuel Côté', 'male', 30, MTL, 'Civil Servant', 'single_straight'], {
    interests: ['History', 'Politics'], activities: ['Volunteering'], traits: ['genuine', 'reliable'], social: ['planned meetups'],
    lookingFor: ['friend', 'partner'], values: ['Community'],
  }),
  m(['Imani Diallo', 'female', 24, BOS, 'Scientist', 'single_straight'], {
    interests: ['Environment', 'Gardening', 'Nature'], activities: ['Volunteering'], traits: ['kind', 'optimistic'], social: ['free on weekends'],
    lookingFor: ['friend', 'activity_partner'], values: ['Community', 'Empathy'],
  }),
  m(['Karan Gill', 'male', 27, TOR, 'Entrepreneur', 'single_straight'], {
    interests: ['Startups', 'Business', 'Technology'], traits: ['driven', 'outgoing'], social: ['planned meetups'],
    lookingFor: ['friend'], values: ['Ambition', 'Growth'],
  }),
  m(['Madison Reid', 'female', 29, VAN, 'Consultant', 'single_straight'], {
    interests: ['Startups', 'Business', 'Travel', 'Coffee'], traits: ['driven', 'talkative'], social: ['spontaneous plans'],
    lookingFor: ['friend', 'partner'], values: ['Ambition'],
  }),
  m(['Bowen Huang', 'male', 28, TOR, 'Finance Professional', 'not_single'], {
    interests: ['Economics', 'Business'], activities: ['Tennis'], traits: ['driven'], social: ['free in the mornings'],
    lookingFor: ['friend', 'activity_partner'], values: ['Ambition'],
  }),
];

/** The day the community's ages are counted on (birth dates follow from it). */
export const COMMUNITY_DAY = '2026-11-22';

export interface CommunityProfile {
  member: CommunityMember;
  profile: InterviewProfile;
  birthDate: string;
}

/** Each member's profile as the interview's composer writes it, plus their own added line. */
export function composeCommunity(members: readonly CommunityMember[] = COMMUNITY): CommunityProfile[] {
  const [y, mo, d] = COMMUNITY_DAY.split('-').map(Number) as [number, number, number];
  return members.map((member) => {
    const facts: InterviewFacts = {
      interests: member.interests,
      activities: member.activities,
      traits: member.traits,
      social: member.social,
      lookingFor: member.lookingFor,
      partnerStyle: member.partnerStyle ?? null,
      values: member.values,
      ownWords: [],
    };
    const profile = composeProfile(facts, {
      name: member.name,
      age: member.age,
      profession: member.profession,
      location: member.location,
      relationshipStatus: member.status,
    });
    if (member.bioNote) profile.bio = `${profile.bio} ${member.bioNote}`;
    // A birthday two months before the community's day: exactly `age` on that day.
    const birth = new Date(Date.UTC(y - member.age, mo - 3, d));
    return { member, profile, birthDate: birth.toISOString().slice(0, 10) };
  });
}
