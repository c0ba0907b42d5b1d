/**
 * The soak's HTTP client: node:http over kept-alive connections (plain Node, no dependency). The
 * clients share the machine's two cores with the app and Postgres, and node:http costs about a
 * third of the CPU per request that fetch (undici) does here (the search bench measured 0.6 ms
 * against 1.8 ms), CPU the app would otherwise not have.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  /** The `name=value` part of each Set-Cookie. */
  cookies: string[];
  body: string;
}

export interface RequestOptions {
  cookie?: string;
  /** A JSON body (sent as application/json) … */
  json?: unknown;
  /** … or raw bytes with their content type (a multipart upload). */
  body?: { data: Buffer; type: string };
  /** More headers (what a proxy in front adds: X-Forwarded-For, X-Forwarded-Proto). */
  headers?: Record<string, string>;
}

/** A request that got no answer in this long fails (the soak counts it as a failed request). */
export const REQUEST_TIMEOUT_MS = 30_000;

export class HttpClient {
  /**
   * `timeout` matters for more than slow answers: only an agent with a timeout takes the server's
   * `Keep-Alive: timeout=5` hint and drops an idle socket a second before the server would (Node's
   * Agent.keepSocketAlive). Without it an idle socket is reused just as the server closes it, and
   * the request fails with ECONNRESET (seen in the first runs).
   */
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: REQUEST_TIMEOUT_MS });
  private readonly origin: string;

  constructor(readonly base: string) {
    this.origin = new URL(base).origin;
  }

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: string, options: RequestOptions = {}): Promise<Reply> {
    const data = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body?.data;
    const headers: Record<string, string | number> = { accept: 'application/json', ...options.headers };
    if (data !== undefined) {
      headers['content-type'] = options.json !== undefined ? 'application/json' : options.body!.type;
      headers['content-length'] = data.length;
    }
    // What the web app's fetch sends from the same origin: the CSRF check (middleware/same-origin.ts) reads these.
    if (method !== 'GET') {
      headers.origin = this.origin;
      headers['sec-fetch-site'] = 'same-origin';
    }
    if (options.cookie) headers.cookie = options.cookie;
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${route}`, { method, agent: this.agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(data);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A multipart/form-data body as the browser's FormData sends it: fields and files in order. */
export function multipart(parts: ReadonlyArray<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>): { data: Buffer; type: string } {
  const boundary = `----soak${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
