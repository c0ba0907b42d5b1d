import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DockerfileParser } from 'dockerfile-ast';
import { parse } from 'yaml';

import { projectRoot } from '../../server/src/paths.js';

// .github/workflows/release-image.yml: a pushed tag v* checks the tagged commit, then publishes
// docker/app.Dockerfile's image tagged with the version, with an SBOM, full provenance and the
// commit it was built from. Nothing here runs the workflow; it keeps its promises from rotting.
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const workflow = parse(read('.github/workflows/release-image.yml')) as { on: { push: { tags: string[]; branches?: unknown } }; jobs: Record<string, Job> };
const jobs = Object.values(workflow.jobs);
const steps = jobs.flatMap((job) => job.steps);
const using = (action: string) => steps.find((step) => step.uses?.startsWith(`${action}@`));
const imageJob = jobs.find((job) => job.steps.some((step) => step.uses?.startsWith('docker/build-push-action@')))!;

it('runs on a pushed tag v* only', () => {
  expect(Object.keys(workflow.on)).toEqual(['push']);
  expect(workflow.on.push.tags).toEqual(['v*']);
  expect(workflow.on.push.branches).toBeUndefined();
});

it('pins every action to a major version', () => {
  for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  for (const action of ['actions/checkout', 'docker/setup-buildx-action', 'docker/login-action', 'docker/metadata-action', 'docker/build-push-action']) {
    expect(using(action)).toBeDefined();
  }
});

it('publishes only after install, lint, type check and tests pass on the tagged commit', () => {
  const checkName = Object.entries(workflow.jobs).find(([, job]) => job !== imageJob)![0];
  expect(imageJob.needs === checkName || (Array.isArray(imageJob.needs) && imageJob.needs.includes(checkName))).toBe(true);
  const runs = workflow.jobs[checkName]!.steps.map((step) => step.run ?? '').join('\n');
  for (const command of ['npm ci', 'npm run lint', 'npm run typecheck', 'npm test']) expect(runs).toContain(command);
  expect(runs).toMatch(/package\.json.*version.*GITHUB_REF_NAME/);
});

it('builds docker/app.Dockerfile with the commit, an SBOM and full provenance, and pushes it', () => {
  const build = using('docker/build-push-action')!.with!;
  expect(build).toMatchObject({ context: '.', file: 'docker/app.Dockerfile', push: true, sbom: true, provenance: 'mode=max' });
  expect(build['build-args']).toBe('KINDRED_COMMIT=${{ github.sha }}');
  expect(build.tags).toBe('${{ steps.meta.outputs.tags }}');
  expect(imageJob.permissions).toMatchObject({ packages: 'write' });
});

it('tags the image kindred-app with the version alone (no moving latest), on GHCR unless a variable says otherwise', () => {
  const meta = using('docker/metadata-action')!.with!;
  expect(meta.tags).toBe('type=semver,pattern={{version}}');
  expect(meta.flavor).toBe('latest=false');
  const naming = imageJob.steps.map((step) => step.run ?? '').join('\n');
  expect(naming).toContain('/kindred-app');
  expect(read('.github/workflows/release-image.yml')).toContain("vars.IMAGE_REGISTRY || 'ghcr.io'");
  expect(using('docker/login-action')!.with!.registry).toBe('${{ env.REGISTRY }}');
});

it('the image keeps the commit it is given: KINDRED_COMMIT is a build argument and the runtime environment', () => {
  const instructions = DockerfileParser.parse(read('docker/app.Dockerfile')).getInstructions();
  const finalStage = instructions.slice(instructions.findLastIndex((i) => i.getKeyword() === 'FROM'));
  const args = (keyword: string) => finalStage.filter((i) => i.getKeyword() === keyword).map((i) => i.getArgumentsContent() ?? '');
  expect(args('ARG')).toContainEqual(expect.stringMatching(/^KINDRED_COMMIT(=|$)/));
  expect(args('ENV')).toContainEqual(expect.stringMatching(/\bKINDRED_COMMIT=\$\{?KINDRED_COMMIT\}?/));
});
