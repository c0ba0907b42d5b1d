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

export async function listen(app: Express, host: string, port: number, logger: Logger): Promise<RunningServer> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
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
