import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * Test helper: a local HTTP server that speaks Ollama's protocol for /api/chat, /api/embed and
 * /api/tags, so the provider is tested through the real `ollama` client and real HTTP without
 * model weights. It checks request bodies the way Ollama reads them and records each one.
 */

const chatRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() })),
  // Ollama streams unless told not to; the stand-in only speaks the non-streaming form.
  stream: z.literal(false),
  format: z.union([z.literal('json'), z.record(z.string(), z.unknown())]).optional(),
  keep_alive: z.union([z.string(), z.number()]).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

const embedRequestSchema = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string())]),
  keep_alive: z.union([z.string(), z.number()]).optional(),
  truncate: z.boolean().optional(),
});

export type StandInChatRequest = z.infer<typeof chatRequestSchema>;
export type StandInEmbedRequest = z.infer<typeof embedRequestSchema>;

/** Thrown by a handler to answer with an Ollama-style error: `{"error": message}` and a status. */
export class StandInHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the stand-in answers. `signal` fires when the client goes away or the stand-in closes,
 * so slow handlers (see `pause`) end with the request instead of keeping the test alive.
 */
export interface StandInHandlers {
  /** The assistant's message content. */
  chat?: (request: StandInChatRequest, signal: AbortSignal) => string | Promise<string>;
  /** One vector per input. */
  embed?: (request: StandInEmbedRequest, signal: AbortSignal) => number[][] | Promise<number[][]>;
  /** Names of the installed models. */
  tags?: (signal: AbortSignal) => string[] | Promise<string[]>;
}

export type StandInReceived =
  | { path: '/api/chat'; body: StandInChatRequest }
  | { path: '/api/embed'; body: StandInEmbedRequest }
  | { path: '/api/tags' };

export interface OllamaStandIn {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  /** Every well-formed request, in arrival order. */
  received: StandInReceived[];
  /** How many requests ended because the client went away before the answer. */
  abandoned(): number;
  close(): Promise<void>;
}

/** Waits `ms`, or rejects as soon as `signal` fires. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal });
}

export async function startOllamaStandIn(handlers: StandInHandlers = {}): Promise<OllamaStandIn> {
  const received: StandInReceived[] = [];
  const inFlight = new Set<AbortController>();
  let abandoned = 0;

  const server = createServer((req, res) => {
    const controller = new AbortController();
    inFlight.add(controller);
    res.on('close', () => {
      inFlight.delete(controller);
      if (!res.writableFinished) {
        abandoned += 1;
        controller.abort();
      }
    });
    route(req, res, { handlers, received, signal: controller.signal }).catch((error: unknown) => {
      if (!controller.signal.aborted) sendError(res, 500, error instanceof Error ? error.message : 'stand-in failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    abandoned: () => abandoned,
    close: async () => {
      for (const controller of inFlight) controller.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface RouteContext {
  handlers: StandInHandlers;
  received: StandInReceived[];
  signal: AbortSignal;
}

async function route(req: IncomingMessage, res: ServerResponse, context: RouteContext): Promise<void> {
  const { handlers, received, signal } = context;
  const key = `${req.method ?? ''} ${req.url ?? ''}`;
  try {
    if (key === 'POST /api/chat') {
      const body = await readBody(req, chatRequestSchema);
      received.push({ path: '/api/chat', body });
      if (!handlers.chat) throw modelNotFound(body.model);
      sendJson(res, 200, chatResponse(body.model, await handlers.chat(body, signal)));
    } else if (key === 'POST /api/embed') {
      const body = await readBody(req, embedRequestSchema);
      received.push({ path: '/api/embed', body });
      if (!handlers.embed) throw modelNotFound(body.model);
      sendJson(res, 200, embedResponse(body.model, await handlers.embed(body, signal)));
    } else if (key === 'GET /api/tags') {
      received.push({ path: '/api/tags' });
      sendJson(res, 200, tagsResponse(handlers.tags ? await handlers.tags(signal) : []));
    } else {
      // Ollama's router answers unknown routes in plain text.
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
    }
  } catch (error) {
    if (signal.aborted) return;
    if (!(error instanceof StandInHttpError)) throw error;
    sendError(res, error.status, error.message);
  }
}

function modelNotFound(model: string): StandInHttpError {
  return new StandInHttpError(404, `model "${model}" not found, try pulling it first`);
}

async function readBody<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new StandInHttpError(400, 'invalid JSON body');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new StandInHttpError(400, `stand-in rejected the body: ${parsed.error.message}`);
  return parsed.data;
}

function chatResponse(model: string, content: string): object {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content },
    done: true,
    done_reason: 'stop',
    total_duration: 1,
    load_duration: 1,
    prompt_eval_count: 1,
    prompt_eval_duration: 1,
    eval_count: 1,
    eval_duration: 1,
  };
}

function embedResponse(model: string, embeddings: number[][]): object {
  return { model, embeddings, total_duration: 1, load_duration: 1, prompt_eval_count: embeddings.length };
}

function tagsResponse(names: string[]): object {
  const models = names.map((name) => ({
    name,
    model: name,
    modified_at: new Date().toISOString(),
    size: 1,
    digest: '0'.repeat(64),
    details: { parent_model: '', format: 'gguf', family: 'test', families: ['test'], parameter_size: '1B', quantization_level: 'Q4_0' },
  }));
  return { models };
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  sendJson(res, status, { error: message });
}
