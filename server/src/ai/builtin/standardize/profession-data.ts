/**
 * Vocabulary for the built-in profession standardizer: the fixed category list (here: the code
 * and the LLM prompt depend on it) and the words (English and Chinese) that map onto each
 * category (data, in content/standardize/professions.json; this module reads and checks it).
 *
 * Terms are matched after the same folding the input gets (case, accents, punctuation, simple
 * English plurals), so list each spelling once: "Software Engineer", "software-engineers" and
 * "SOFTWARE ENGINEER" all meet "software engineer". Chinese terms are matched as substrings.
 *
 * The student rule (a student is a student first) lives in STUDENT_MARKERS / STUDENT_LEVELS.
 */
import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../../content.js';

/** The categories every standardized profession is one of. Order is display order. */
export const PROFESSION_CATEGORIES = [
  'High School Student',
  'Undergraduate Student',
  'Graduate Student',
  'PhD Student',
  'Software Developer',
  'Data Scientist',
  'IT Professional',
  'Engineer',
  'Designer',
  'Teacher',
  'Professor / Researcher',
  'Scientist',
  'Nurse',
  'Doctor',
  'Pharmacist',
  'Healthcare Worker',
  'Accountant',
  'Finance Professional',
  'Lawyer',
  'Marketing Professional',
  'Sales Professional',
  'Entrepreneur',
  'Freelancer',
  'Artist',
  'Musician',
  'Writer',
  'Photographer',
  'Content Creator',
  'Chef',
  'Retail Worker',
  'Hospitality Worker',
  'Tradesperson',
  'Transportation Worker',
  'Manager',
  'Consultant',
  'Civil Servant',
  'Administrative Professional',
  'Real Estate Agent',
  'Social Worker',
  'Athlete / Coach',
  'Homemaker',
  'Retired',
  'Job Seeker',
  'Other',
] as const;

export type ProfessionCategory = (typeof PROFESSION_CATEGORIES)[number];

export type StudentCategory = Extract<
  ProfessionCategory,
  'High School Student' | 'Undergraduate Student' | 'Graduate Student' | 'PhD Student'
>;

export interface ProfessionRule {
  readonly category: ProfessionCategory;
  /** Found anywhere in the input; the longest found term wins. */
  readonly terms: readonly string[];
  /** Too short or too common to trust inside a sentence: they count only as the whole input. */
  readonly exact?: readonly string[];
}

export interface ProfessionVocabulary {
  /**
   * Words that say "I am a student". When one is present the answer is a student category even
   * if a field or a job is named too ("computer science student", "nursing student", "CS student
   * working part-time as a barista"): on a campus app, being a student is what members share.
   */
  readonly studentMarkers: readonly string[];
  /**
   * Which student a student is. Checked in this order, so "PhD student with a master's" is a PhD
   * student; with no level word at all a student is an Undergraduate Student (the common case on
   * campus, and "college" means post-secondary in Canada). Medicine and law are graduate-entry
   * programmes in Canada, so their students are Graduate Students.
   */
  readonly studentLevels: readonly { readonly category: StudentCategory; readonly cues: readonly string[] }[];
  /** Degree words that, with no student word and no job, still tell the level: "PhD", "硕士". */
  readonly degreeOnly: readonly { readonly category: StudentCategory; readonly terms: readonly string[] }[];
  /** Each category's job words. */
  readonly rules: readonly ProfessionRule[];
}

const STUDENT_CATEGORIES = ['High School Student', 'Undergraduate Student', 'Graduate Student', 'PhD Student'] as const satisfies readonly StudentCategory[];
const vocabularySchema = z.strictObject({
  $comment: contentComment,
  studentMarkers: z.array(contentText).min(1),
  studentLevels: z.array(z.strictObject({ category: z.enum(STUDENT_CATEGORIES), cues: z.array(contentText).min(1) })).min(1),
  degreeOnly: z.array(z.strictObject({ category: z.enum(STUDENT_CATEGORIES), terms: z.array(contentText).min(1) })),
  rules: z.array(z.strictObject({ category: z.enum(PROFESSION_CATEGORIES), terms: z.array(contentText), exact: z.array(contentText).optional() })).min(1),
}) satisfies z.ZodType<ProfessionVocabulary>;

export const PROFESSIONS_FILE = 'standardize/professions.json';

/** The vocabulary in `file` (content/standardize/professions.json unless a test names another). */
export function loadProfessionVocabulary(file = PROFESSIONS_FILE): ProfessionVocabulary {
  return loadJsonContent(vocabularySchema, file);
}

const VOCABULARY = loadProfessionVocabulary();

export const STUDENT_MARKERS = VOCABULARY.studentMarkers;
export const STUDENT_LEVELS = VOCABULARY.studentLevels;
export const DEGREE_ONLY = VOCABULARY.degreeOnly;
export const PROFESSION_RULES = VOCABULARY.rules;
