import { readFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import { contentDir, projectRoot } from './paths.js';

/**
 * Reading content/: data as JSON and prose as Markdown, each file read by a small loader next to
 * the code that uses it (docs/architecture.md, "Content: data as data"). A loader reads its file
 * once, when its module loads, and a file that does not hold what the loader expects stops the
 * process there with the file's name and what is wrong in it.
 */

/** The path of a content file: `file` relative to content/, or an absolute path (a test's copy). */
export function contentPath(file: string): string {
  return path.isAbsolute(file) ? file : path.join(contentDir, file);
}

/** How errors name a file: relative to the project when it is in it ("content/legal/terms-of-service.md"). */
export function contentName(file: string): string {
  const full = contentPath(file);
  const relative = path.relative(projectRoot, full);
  return relative.startsWith('..') || path.isAbsolute(relative) ? full : relative.split(path.sep).join('/');
}

/** A content file that is missing, or does not hold what its loader expects. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${contentName(file)}: ${problem}`);
    this.name = 'ContentError';
  }
}

/** The text of a content file (UTF-8, a leading byte-order mark dropped, line ends as \n). */
export function readContent(file: string): string {
  let text: string;
  try {
    text = readFileSync(contentPath(file), 'utf8');
  } catch (error) {
    throw new ContentError(file, `cannot be read (${(error as Error).message})`);
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** `value` checked against `schema`; a mismatch is a ContentError naming the file and every issue. */
export function validateContent<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ContentError(file, `does not have the expected shape\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** A JSON content file, parsed and validated. */
export function loadJsonContent<S extends z.ZodType>(schema: S, file: string): z.output<S> {
  const text = readContent(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ContentError(file, `is not valid JSON (${(error as Error).message})`);
  }
  return validateContent(schema, value, file);
}

/** The note a JSON content file may carry for whoever edits it; the code ignores it. */
export const contentComment = z.string().optional();

/** A name, a term, a line: not empty and without spaces around it. */
export const contentText = z.string().regex(/^\S(?:.*\S)?$/su, 'expected text, not empty and without spaces around it');
