import type { Request, RequestHandler } from 'express';
import { z } from 'zod';

import { BadRequestError, NotFoundError } from '../errors.js';

/** A uuid from the path; anything else names nothing there, so it is that thing's 404. */
export function uuidParam(req: Request, name: string, notFound: { message: string; code: string }): string {
  const parsed = z.uuid().safeParse(req.params[name]);
  if (!parsed.success) throw new NotFoundError(notFound.message, notFound.code);
  return parsed.data;
}

/**
 * Parses a value with a zod schema or throws 400. The message is the first issue's (the spec's
 * words where it has them); every issue is listed in `details`.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new BadRequestError(issues[0]?.message ?? 'Invalid request.', 'validation_failed', issues);
  }
  return parsed.data;
}

/**
 * Validates the JSON body with a zod schema and replaces it with the parsed value, which is what
 * the service receives. Schemas are strict, so unknown fields are refused.
 */
export function validateBody<T extends z.ZodType>(schema: T): RequestHandler {
  const handler: RequestHandler = (req, _res, next) => {
    req.body = parseInput(schema, req.body ?? {});
    next();
  };
  bodySchemas.set(handler, schema);
  return handler;
}

const bodySchemas = new WeakMap<RequestHandler, z.ZodType>();

/**
 * The schema a `validateBody` handler checks, so a test walking the router knows which fields
 * each route takes (moderation/member-routes.test.ts finds the routes that name another member).
 */
export function bodySchemaOf(handler: unknown): z.ZodType | undefined {
  return typeof handler === 'function' ? bodySchemas.get(handler as RequestHandler) : undefined;
}
