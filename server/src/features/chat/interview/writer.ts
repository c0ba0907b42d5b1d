import type { InterviewProfile } from './compose.js';
import type { Extraction } from './extract.js';
import type { InterviewFacts, MemberBasics, Topic } from './facts.js';

/**
 * The interviewer's voice and reading: how questions are worded, how answers are read, how the
 * profile text is written. The interview itself (which topic comes next, what is kept) is the
 * same whichever writer runs, so every member is asked about the same things.
 */
export interface InterviewWriter {
  /** Reads one answer. `topic` says what was asked ('update': a change request). */
  extract(answer: string, topic: Topic | 'update', signal?: AbortSignal): Promise<Extraction>;
  /**
   * The next question, with a short acknowledgement of the previous answer when there is one.
   * `retry`: the previous answer gave nothing for the topic; ask it again more concretely.
   */
  question(request: QuestionRequest, signal?: AbortSignal): Promise<string>;
  compose(facts: InterviewFacts, basics: MemberBasics, signal?: AbortSignal): Promise<InterviewProfile>;
}

export interface QuestionRequest {
  topic: Topic;
  basics: MemberBasics;
  facts: InterviewFacts;
  previousAnswer: string | null;
  /** What the previous answer taught us, for the acknowledgement. */
  learned: string[];
  retry: boolean;
}
