import { ApiError, type ApiErrorBody } from '../../api/client';
import { i18next } from '../../i18n/i18n';

/**
 * POST /api/speech-to-text: the recording as the raw body (the API client sends JSON only).
 * Errors arrive as ApiError, like everywhere else.
 */
export async function transcribe(wav: Blob, signal?: AbortSignal): Promise<string> {
  const response = await fetch('/api/speech-to-text', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'audio/wav' },
    body: wav,
    signal,
  });
  let data: unknown;
  try {
    data = JSON.parse(await response.text());
  } catch {
    data = undefined; // a proxy in front may answer with an HTML page
  }
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | undefined)?.error;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') throw new ApiError(response.status, error.code, error.message);
    throw new ApiError(response.status, 'http_error', i18next.t('errors:http_error', { status: response.status }));
  }
  const text = (data as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string') throw new ApiError(response.status, 'invalid_response', i18next.t('speech:problems.noTranscript'));
  return text;
}
