import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Express } from 'express';
import type { Logger } from 'pino';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then resolves. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open. A reverse proxy keeps its idle upstream
 * connections for a while (Caddy: 2 minutes) and may send a request on one just as the app closes
 * it, and then answers that request 502; Node's default (5 s) invites that race, so the app keeps
 * idle connections open longer than the proxy does (found by the soak's client, docs/benchmarks-soak.md).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 130_000;

export async function listen(app: Express, host: string, port: number, logger: Logger): Promise<RunningServer> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const actualPort = (server.address() as AddressInfo).port;

  const stop = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        logger.warn('in-flight requests did not finish in time; closing their connections');
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      // Keep-alive connections with no request in flight would hold close() open; a connection
      // whose last request finishes during shutdown becomes idle, so look again until all are gone.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      server.close(() => {
        clearTimeout(timer);
        clearInterval(sweep);
        resolve();
      });
      server.closeIdleConnections();
    });

  return { server, port: actualPort, stop };
}
