// The one place the SPA talks to the server: JSON in, JSON out, errors in the server's shape.

import type { ErrorBody } from '../../../contract/errors';
import { i18next } from '../i18n/i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What the server added for this code (e.g. when a daily allowance renews). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  return readResponse<T>(response);
}

/**
 * A multipart request (uploads). The browser sets the content type with its boundary; errors arrive
 * as ApiError like everywhere else.
 */
export async function apiForm<T>(path: string, method: string, formData: FormData, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { method, credentials: 'same-origin', headers: { accept: 'application/json' }, body: formData, signal });
  return readResponse<T>(response);
}

/** Raw bytes as the body (a cropped image, a recording); errors arrive as ApiError like everywhere else. */
export async function apiBlob<T>(path: string, method: string, body: Blob, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { method, credentials: 'same-origin', headers: { accept: 'application/json', 'content-type': body.type || 'application/octet-stream' }, body, signal });
  return readResponse<T>(response);
}

/**
 * The server's codes are stable and its messages English: the reader's language has its own words
 * for a code in the errors catalogue (with the details the server sent, such as minutes to wait);
 * a code the catalogue does not name keeps the server's words.
 */
function localizedMessage(code: string, message: string, details: unknown): string {
  const key = `errors:${code}`;
  if (!i18next.exists(key)) return message;
  const values = typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
  return i18next.t(key as 'errors:http_error', values as { status: number });
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch (error) {
    // A proxy in front may answer an error (e.g. 413) with an HTML page.
    if (response.ok) throw error;
  }
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, localizedMessage(data.error.code, data.error.message, data.error.details), data.error.details);
    throw new ApiError(response.status, 'http_error', i18next.t('errors:http_error', { status: response.status }));
  }
  return data as T;
}

/** The fetcher swr hooks use: the key is the API path. */
export const fetcher = <T>(path: string): Promise<T> => api<T>(path);
