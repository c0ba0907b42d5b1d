import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

import { loadConfig, settingNames } from '../server/src/config.js';
import { projectRoot } from '../server/src/paths.js';

// No Docker engine runs where the tests run, so the compose file is checked here for what can
// break silently: dangling references, files it mounts or builds, and settings the app ignores.

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const compose = parse(readFileSync(path.join(projectRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

it('names only services that exist, with conditions compose knows', () => {
  for (const service of Object.values(services)) {
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      expect(Object.keys(services)).toContain(dependency);
      expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
      if (condition === 'service_healthy') expect(services[dependency]).toHaveProperty('healthcheck');
    }
  }
});

it('builds from a Dockerfile that exists and mounts files and volumes that exist', () => {
  const built = Object.values(services).filter((s) => s.build);
  expect(built.length).toBeGreaterThan(0);
  for (const { build } of built) expect(existsSync(path.join(projectRoot, build!.context, build!.dockerfile))).toBe(true);
  for (const service of Object.values(services)) {
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(path.join(projectRoot, source))).toBe(true);
      else expect(Object.keys(compose.volumes)).toContain(source);
    }
  }
  const images = new Set(built.map((s) => s.image));
  for (const service of Object.values(services)) if (!service.build && service.image?.startsWith('kindred')) expect(images).toContain(service.image);
});

it('gives the app settings it knows, in values its config accepts', () => {
  const app = services.app!;
  for (const name of Object.keys(app.environment ?? {})) expect(settingNames).toContain(name);
  // What an operator's .env would hold for the variables compose insists on (${NAME:?…}).
  const operatorEnv: Record<string, string> = {
    POSTGRES_PASSWORD: 'pw',
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://kindred.example.edu',
    SMTP_URL: 'smtps://kindred:pw@mail.example.edu:465',
  };
  const interpolate = (value: string) =>
    value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_m, name: string, kind?: string, rest?: string) => {
      if (kind === '?') {
        if (!(name in operatorEnv)) throw new Error(`compose requires ${name}; add a sample for it here`);
        return operatorEnv[name]!;
      }
      return operatorEnv[name] ?? rest ?? '';
    });
  const sample = Object.fromEntries(Object.entries(app.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
  expect(() => loadConfig(sample)).not.toThrow();
});

it('starts Postgres with shared buffers that hold the search index', () => {
  const command = services.postgres!.command!;
  expect(command[0]).toBe('postgres');
  expect(command.slice(1)).toEqual(['-c', expect.stringMatching(/^shared_buffers=\$\{POSTGRES_SHARED_BUFFERS:-\d+[MG]B\}$/)]);
});

it('runs the same build for migrations and the app', () => {
  expect(services.migrate?.command).toEqual(['node', 'dist/cli/src/index.js', 'migrate', 'up']);
  expect(existsSync(path.join(projectRoot, 'cli/src/index.ts'))).toBe(true);
});
