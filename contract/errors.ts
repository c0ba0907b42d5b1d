import { z } from 'zod';

/**
 * Every refusal and failure the API answers with, whatever the route: a stable code the web app
 * translates (its catalogues' errors:<code>), the server's wording for a reader without the
 * catalogue, and what the code adds (when a daily allowance renews, which field was wrong).
 */
export const ErrorBody = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
