import { execFile, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { parse } from 'yaml';

import { operatorCheckout, writeOperatorEnv } from './operator-checkout.js';

// The stack as the distributions' own Compose tools read it: Debian's and Ubuntu's docker-compose
// 1.29 and RHEL's podman-compose 1.0.3 (no Docker engine needed: `config` and `--dry-run`). Each
// has refused a form Compose v2 accepts (secrets from the environment, an empty default); CI
// installs both (.ci/install-stack-tools.sh), elsewhere a missing one is skipped.

const run = promisify(execFile);
const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const inCi = process.env.CI === 'true' || process.env.KINDRED_CI === '1';
const dockerCompose = has('docker-compose');
const podmanCompose = has('podman-compose') && has('podman');
if (inCi && !(dockerCompose && podmanCompose)) throw new Error('CI needs docker-compose, podman and podman-compose: .ci/install-stack-tools.sh');

/** A checkout as an operator prepares it: .env from .env.example, secrets/ from init-secrets.sh. */
function preparedCheckout(extra: Record<string, string> = {}): string {
  const dir = operatorCheckout('kindred-compose-tools-');
  writeOperatorEnv(dir, { COMPOSE_PROJECT_NAME: 'kindred', KINDRED_VERSION: '1.0.0', PUBLIC_URL: 'https://kindred.example.edu', SMTP_URL: 'smtps://kindred@mail.example.edu:465', ...extra });
  execFileSync('sh', [path.join(dir, 'scripts/init-secrets.sh')], { stdio: 'ignore' });
  return dir;
}

interface Rendered {
  services: Record<string, { environment?: Record<string, string | null>; profiles?: string[]; scale?: number; devices?: string[] }>;
}

(dockerCompose ? describe : describe.skip)('docker-compose 1.29 (Debian, Ubuntu)', () => {
  let dir: string;
  beforeAll(() => {
    dir = preparedCheckout({ APP_REPLICAS: '2', S3_BUCKET: 'kindred-uploads' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = async (...files: string[]) => {
    const { stdout, stderr } = await run('docker-compose', [...files.flatMap((f) => ['-f', f]), 'config'], { cwd: dir });
    return { rendered: parse(stdout) as Rendered, stderr };
  };

  it('renders the stack without a warning, every setting interpolated', async () => {
    const { rendered, stderr } = await config('compose.yaml');
    expect(stderr).toBe('');
    const app = rendered.services.app!;
    expect(app.scale).toBe(2);
    expect(app.environment).toMatchObject({ PUBLIC_URL: 'https://kindred.example.edu', SMTP_URL: 'smtps://kindred@mail.example.edu:465', S3_BUCKET: 'kindred-uploads', SESSION_SECRET_FILE: '/run/secrets/session_secret' });
    for (const [name, value] of Object.entries(app.environment!)) expect([name, String(value ?? '')]).not.toEqual([name, expect.stringContaining('${')]);
    expect(rendered.services.ollama!.profiles).toEqual(['ai']);
    expect(rendered.services.seaweedfs!.profiles).toEqual(['s3']);
  });

  it('renders it with the read replica and with the GPU overlays', async () => {
    expect(Object.keys((await config('compose.yaml', 'compose.replica.yaml')).rendered.services)).toEqual(expect.arrayContaining(['postgres-replica', 'replication-init']));
    expect((await config('compose.yaml', 'compose.gpu.yaml')).rendered.services.ollama).toBeDefined();
    expect((await config('compose.yaml', 'compose.gpu-amd.yaml')).rendered.services.ollama).toMatchObject({ devices: expect.arrayContaining(['/dev/kfd', '/dev/dri']) });
  });

  it('stops with the message when KINDRED_VERSION is missing', async () => {
    const bare = preparedCheckout({ KINDRED_VERSION: '' });
    try {
      await expect(run('docker-compose', ['config'], { cwd: bare })).rejects.toMatchObject({ stderr: expect.stringContaining('set KINDRED_VERSION in .env') });
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

(podmanCompose ? describe : describe.skip)('podman-compose (RHEL, Rocky)', () => {
  it('parses the stack and would run every container with interpolated settings', async () => {
    const dir = preparedCheckout();
    try {
      const { stdout } = await run('podman-compose', ['-f', 'compose.yaml', '--dry-run', 'up', '-d'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
      const runs = stdout.split('\n').filter((line) => line.startsWith('podman run '));
      expect(runs.length).toBeGreaterThanOrEqual(7);
      // Every -e NAME=value has its value: podman-compose 1.0.3 leaves ${NAME:-} and nested defaults as text.
      const settings = [...stdout.matchAll(/ -e ([A-Z0-9_]+)=(\S*)/g)].map(([, name, value]) => [name, value]);
      expect(settings.length).toBeGreaterThan(100);
      expect(settings.filter(([, value]) => value!.includes('${'))).toEqual([]);
      expect(stdout).toContain(`-e PUBLIC_URL=https://kindred.example.edu`);
      expect(stdout).toContain("--volume ./secrets/session_secret:/run/secrets/session_secret:ro");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
