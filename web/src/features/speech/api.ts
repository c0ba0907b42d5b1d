import type { SpeechResponse } from '../../../../contract/speech';
import { apiBlob, ApiError } from '../../api/client';
import { i18next } from '../../i18n/i18n';

/**
 * POST /api/speech-to-text: the recording as the raw body, through the one API client, so its
 * errors reach the member in their language like every other error.
 */
export async function transcribe(wav: Blob, signal?: AbortSignal): Promise<string> {
  const data = await apiBlob<SpeechResponse | undefined>('/api/speech-to-text', 'POST', wav, signal);
  if (typeof data?.text !== 'string') throw new ApiError(200, 'invalid_response', i18next.t('speech:problems.noTranscript'));
  return data.text;
}
