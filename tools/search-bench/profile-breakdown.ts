/**
 * Where an app server's CPU went, by layer, from a V8 CPU profile: `npx tsx
 * tools/search-bench/profile-breakdown.ts <file.cpuprofile> <requests>` prints a Markdown table of
 * milliseconds per request and shares. Make the profile by running the built server with
 * `node --cpu-prof --cpu-prof-dir=DIR dist/server/src/main.js` against a database kept by
 * `npm run bench:search -- --profiles 10000 --keep`, sending it `requests` requests, and stopping it
 * with SIGINT (docs/architecture.md, Search speed, has a run). Shares are what to read: the
 * absolute numbers grow when the machine is busy.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

const DRIVER = /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea)\//;
const FRAMEWORK = /node_modules\/(express|router|express-session|passport|passport-local|connect-pg-simple|cookie|cookie-signature|helmet|pino|pino-http|@pinojs|prom-client|zod|body-parser|raw-body|qs|on-finished|finalhandler)\//;
const SEARCH = /features\/search|ai\/builtin|features\/chat\/interview|features\/standardize/;

function layer({ callFrame: { functionName: f, url: u } }: ProfileNode): string | null {
  if (f === '(idle)') return null;
  if (f === '(garbage collector)') return 'garbage collection';
  if (f === 'writev' || f === 'writeBuffer' || f === 'writeUtf8String') return 'socket writes (the HTTP answer, queries to Postgres)';
  if (DRIVER.test(u) || f === 'utf8Slice' || f === 'latin1Slice') return 'Postgres driver: sending queries, parsing rows';
  if (u.includes('node_modules/kysely/')) return 'Kysely: building queries';
  if (FRAMEWORK.test(u)) return 'HTTP framework: express, session, passport, logging, metrics, zod';
  if (u.includes('/dist/')) return SEARCH.test(u) ? 'search itself: reading the query, embedding, ranking, whyMatch' : "the app's other code";
  return 'Node internals: http, buffers, crypto, streams, timers';
}

const [file, count] = process.argv.slice(2);
if (!file || !Number(count)) throw new Error('usage: profile-breakdown.ts <file.cpuprofile> <requests>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const requests = Number(count);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const msPerSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
const layers = new Map<string, number>();
let busy = 0;
for (const id of profile.samples) {
  const name = layer(nodes.get(id)!);
  if (!name) continue;
  busy += 1;
  layers.set(name, (layers.get(name) ?? 0) + 1);
}
console.log(`${((busy * msPerSample) / requests).toFixed(2)} ms of app CPU per request\n`);
console.log('| Layer | ms per request | share |\n|---|---:|---:|');
for (const [name, samples] of [...layers].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${name} | ${((samples * msPerSample) / requests).toFixed(2)} | ${Math.round((100 * samples) / busy)} % |`);
}
