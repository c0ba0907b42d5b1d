import type { Ollama } from 'ollama';
import { z } from 'zod';
import {
  AiError,
  type AiModels,
  type AiProvider,
  type ChatMessage,
  type ChatOptions,
  type EmbedOptions,
  type StructuredRequest,
} from '../provider.js';
import { taskPrefix } from '../task-prefixes.js';
import { retryMessages, structuredMessages } from './prompt.js';
import { clientFor, displayUrl, failureToThrow, startCall } from './transport.js';
import { unitVectors } from './vectors.js';

export interface OllamaProviderOptions {
  url: string;
  chatModel: string;
  embedModel: string;
  /** Length of the vectors `embedModel` produces, and of the database column they go into. */
  dimensions: number;
  /** Upper bound on each provider call, retries included. */
  timeoutMs: number;
  /** How long Ollama keeps the model loaded after a call, e.g. '10m' (Ollama's default when absent). */
  keepAlive?: string;
  fetch?: typeof fetch;
}

// The client types its answers but does not check them; these do, for the fields we read.
const chatReplySchema = z.object({ message: z.object({ content: z.string() }) });
const embedReplySchema = z.object({ embeddings: z.array(z.array(z.number())) });

/**
 * One try at a structured answer. On failure, `problem` (with zod's details) goes back to the
 * model; `summary` goes into the error, without details, since those can quote the answer.
 */
type Attempt<T> = { ok: true; value: T } | { ok: false; answer: string; problem: string; summary: string };

/** Kindred's AI on a local Ollama server: chat, schema-checked answers and embeddings. */
export class OllamaProvider implements AiProvider {
  readonly name = 'ollama' as const;
  readonly models: AiModels;

  constructor(private readonly options: OllamaProviderOptions) {
    this.models = { chat: options.chatModel, embedding: options.embedModel, dimensions: options.dimensions };
  }

  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<string> {
    const model = this.options.chatModel;
    return this.call(model, options.signal, async (client) => {
      const reply = await client.chat({
        model,
        // Passed through as the caller wrote them: callers own the roles and the fencing.
        messages: messages.map(({ role, content }) => ({ role, content })),
        stream: false,
        keep_alive: this.options.keepAlive,
        options: options.maxTokens === undefined ? undefined : { num_predict: options.maxTokens },
      });
      return this.chatContent(reply, model);
    });
  }

  async structured<T>(request: StructuredRequest<T>): Promise<T> {
    const model = this.options.chatModel;
    // 'input': the model writes what the schema parses, which differs from its output when the
    // schema transforms. Types JSON Schema cannot express are left open and checked by zod below.
    const jsonSchema = z.toJSONSchema(request.schema, { io: 'input', unrepresentable: 'any' });
    const messages = structuredMessages({ ...request, jsonSchema });
    return this.call(model, request.signal, async (client) => {
      const first = await this.askJson(client, messages, jsonSchema, request.schema);
      if (first.ok) return first.value;
      const second = await this.askJson(
        client,
        retryMessages(messages, first.answer, first.problem),
        jsonSchema,
        request.schema,
      );
      if (second.ok) return second.value;
      throw new AiError(
        'invalid_output',
        `Model "${model}" at ${displayUrl(this.options.url)} twice gave an invalid "${request.name}" (${second.summary})`,
      );
    });
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (texts.length === 0) return [];
    const model = this.options.embedModel;
    const prefix = taskPrefix(model, options.purpose ?? 'document');
    return this.call(model, options.signal, async (client) => {
      const reply = await client.embed({ model, input: texts.map((text) => prefix + text), keep_alive: this.options.keepAlive });
      const parsed = embedReplySchema.safeParse(reply);
      const checked = parsed.success
        ? unitVectors(parsed.data.embeddings, texts.length, this.options.dimensions)
        : { ok: false as const, problem: 'no embeddings in the reply' };
      if (!checked.ok) throw this.invalid(model, checked.problem);
      return checked.vectors;
    });
  }

  /** Runs `work` with a client bound to one deadline, and turns its failures into AiErrors. */
  private async call<R>(
    model: string,
    callerSignal: AbortSignal | undefined,
    work: (client: Ollama) => Promise<R>,
  ): Promise<R> {
    const signals = startCall(this.options.timeoutMs, callerSignal);
    try {
      return await work(clientFor(this.options.url, signals.combined, this.options.fetch));
    } catch (error) {
      throw failureToThrow(error, { url: this.options.url, model, signals });
    }
  }

  private async askJson<T>(
    client: Ollama,
    messages: ChatMessage[],
    jsonSchema: object,
    schema: z.ZodType<T>,
  ): Promise<Attempt<T>> {
    const model = this.options.chatModel;
    const reply = await client.chat({
      model,
      messages,
      format: jsonSchema,
      stream: false,
      keep_alive: this.options.keepAlive,
      // Extraction, not conversation: the same input should give the same answer.
      options: { temperature: 0 },
    });
    const answer = this.chatContent(reply, model);
    return checkJson(answer, schema);
  }

  private chatContent(reply: unknown, model: string): string {
    const parsed = chatReplySchema.safeParse(reply);
    if (!parsed.success) throw this.invalid(model, 'no message content in the reply');
    return parsed.data.message.content;
  }

  private invalid(model: string, problem: string): AiError {
    return new AiError('invalid_output', `Model "${model}" at ${displayUrl(this.options.url)}: ${problem}`);
  }
}

/**
 * Parses and validates one answer. JSON.parse's own message is not used: it quotes the answer,
 * which may repeat member text.
 */
function checkJson<T>(answer: string, schema: z.ZodType<T>): Attempt<T> {
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch {
    return { ok: false, answer, problem: 'it was not valid JSON', summary: 'not JSON' };
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    answer,
    problem: `it did not match the schema (${describeIssues(result.error)})`,
    summary: 'JSON not matching the schema',
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}
