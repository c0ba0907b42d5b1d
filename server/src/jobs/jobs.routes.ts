import type { Request, Router } from 'express';

import { JobRun, JobsQuery, JobsResponse, RunDetail, StartJobRequest } from '../../../contract/jobs.js';
import type { AuditLogService } from '../features/audit-log/audit-log.service.js';
import { uuidParam } from '../middleware/validate.js';
import { ruledRouter } from '../policies/routes.js';
import type { JobRunner } from './job-runner.js';

function runId(req: Request): string {
  return uuidParam(req, 'runId', { message: 'Job run not found.', code: 'job_run_not_found' });
}

/** The administrator's job controls: list, start (answers at once), and follow a run. */
export function jobsRoutes(deps: { jobs: JobRunner; auditLog: AuditLogService }): Router {
  const { jobs } = deps;
  const routes = ruledRouter();
  routes.get('/admin/jobs', 'admin', { query: JobsQuery, response: JobsResponse }, async (req, res) => {
    res.json({ jobs: jobs.list(), runs: await jobs.recent(20, req.query.name) });
  });
  routes.post('/admin/jobs/:name/runs', 'admin', { body: StartJobRequest, response: JobRun }, async (req, res) => {
    const run = await jobs.start(String(req.params.name), { dryRun: req.body.dryRun, force: req.body.force, startedBy: req.user!.id });
    // A job changes members' data: who started which run is in the audit log (a dry run too, as asked).
    await deps.auditLog.record({ actor: { id: req.user!.id, email: req.user!.email }, action: 'job.start', targetType: 'job_run', targetId: run.id, details: { job: run.name, dryRun: run.dryRun, ...run.options } });
    res.status(202).json(run);
  });
  routes.get('/admin/jobs/runs/:runId', 'admin', { response: RunDetail }, async (req, res) => {
    const id = runId(req);
    res.json({ run: await jobs.status(id), items: await jobs.items(id) });
  });
  return routes.router;
}
