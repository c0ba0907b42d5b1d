import { existsSync } from 'node:fs';
import path from 'node:path';

import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { describeDisabled } from './config-features.js';
import { createContext } from './context.js';
import { isDatabaseUnavailable } from './db/database.js';
import { createLogger } from './logger.js';
import { projectRoot } from './paths.js';
import { listen } from './server.js';
import { describeRelease, release } from './version.js';

function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  const url = new URL(databaseUrl);
  url.password = url.password ? '***' : '';
  return url.toString();
}

async function main(): Promise<void> {
  const envFile = path.join(projectRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting and its default.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  // An invalid optional setting turned its feature off rather than stopping Kindred: say so loudly.
  for (const feature of config.disabledFeatures) logger.error({ issues: feature.issues }, describeDisabled(feature));
  // Production sets Secure cookies: over plain http a browser keeps no session, and sign-in "works" without signing anyone in.
  if (config.env === 'production' && !config.publicUrl.startsWith('https://')) {
    logger.warn({ publicUrl: config.publicUrl }, 'PUBLIC_URL is not https: production cookies are Secure, so members cannot stay signed in over plain http. Put Kindred behind a TLS proxy (docs in the README).');
  }

  // The legal pages then print "available on request" instead of an address (legal.service.ts).
  if (config.env === 'production' && !config.site.postalAddress) {
    logger.warn('POSTAL_ADDRESS is unset: the privacy policy and terms give no postal address (they say it is given on request at SUPPORT_EMAIL). Set the address that runs this server.');
  }

  let ctx;
  try {
    // A CLI command holding the embedded database usually finishes within seconds.
    ctx = await createContext(config, logger, { embeddedOwnershipWaitMs: 30_000 });
  } catch (error) {
    const where = describeDatabase(config.databaseUrl, config.dataDir);
    const reason = error instanceof Error ? error.message : String(error);
    const hint = isDatabaseUnavailable(error) ? 'Cannot reach' : 'Cannot open';
    logger.fatal({ err: error }, `${hint} ${where}: ${reason}`);
    process.stderr.write(`${hint} ${where}: ${reason}\n`);
    process.exit(1);
  }

  const app = createApp(ctx);
  const running = await listen(app, config.host, config.port, logger);
  // The release first: in a log that spans an upgrade, each start says which code it ran.
  logger.info(
    { port: running.port, database: ctx.database.mode, ...release() },
    `${describeRelease()} listening on http://localhost:${running.port}`,
  );
  // With an Ollama embedding model, its vector index is built in the background on first start.
  ctx.services.search
    .prepareVectorIndex(ctx.database.mode === 'external')
    .catch((error: unknown) => logger.error({ err: error }, 'search: building the vector index failed; searches scan every vector'));
  // The embedded first start offers a sample community (never added by itself).
  if (ctx.database.mode === 'embedded') void ctx.services.demo.offerSampleCommunity();

  // Queued mail (SMTP): delivered at once when sent, due retries picked up every few seconds.
  ctx.mailQueue?.start();

  // The "verified campus member" mark follows SIGNUP_EMAIL_DOMAINS as this start sets it.
  ctx.services.campus.reconcileVerification().catch((error: unknown) => logger.warn({ err: error }, 'campus verification marks were not updated'));

  // Expired sessions, abandoned sign-ups and spent reset tokens are deleted every 15 minutes.
  const housekeeping = setInterval(() => {
    ctx.housekeeping().catch((error: unknown) => logger.warn({ err: error }, 'housekeeping failed'));
  }, 15 * 60_000);
  housekeeping.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    try {
      // Drain: /readyz says 503 while requests are still served, until the proxy's health check
      // has taken this server out of rotation; only then does the listener close.
      ctx.services.health.markStopping();
      if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await running.stop(config.shutdownTimeoutMs);
      await ctx.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
