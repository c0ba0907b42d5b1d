import { z } from 'zod';

/** One run of a batch job (the maintenance pages and the AI System tab start and follow them). */
export const JobRun = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  dryRun: z.boolean(),
  state: z.enum(['running', 'completed', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** What the run was started with: force, batchSize. */
  options: z.strictObject({ force: z.boolean().optional(), batchSize: z.number().int().optional() }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

/** One handled item of a run; `result` is the job's own record (an item that threw has only `{ error }`). */
export const JobItem = z.strictObject({
  key: z.string(),
  status: z.enum(['succeeded', 'failed', 'skipped']),
  result: z.unknown(),
});
export type JobItem = z.infer<typeof JobItem>;

/** GET /api/admin/jobs?name= */
export const JobsQuery = z.object({ name: z.string().max(60).optional() });

/** The jobs and the newest runs (of one job when named), newest first. */
export const JobsResponse = z.strictObject({
  jobs: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  runs: z.array(JobRun),
});
export type JobsResponse = z.infer<typeof JobsResponse>;

/** POST /api/admin/jobs/:name/runs (answers 202 at once with the run). */
export const StartJobRequest = z.strictObject({ dryRun: z.boolean().optional(), force: z.boolean().optional() });
export type StartJobRequest = z.infer<typeof StartJobRequest>;

/** GET /api/admin/jobs/runs/:runId */
export const RunDetail = z.strictObject({ run: JobRun, items: z.array(JobItem) });
export type RunDetail = z.infer<typeof RunDetail>;
