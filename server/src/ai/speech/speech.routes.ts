import express, { type ErrorRequestHandler, type Request, type Router } from 'express';

import { SpeechResponse } from '../../../../contract/speech.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { ACCEPTED_AUDIO, MAX_AUDIO_BYTES, SPEECH_MESSAGES, SpeechUnavailableError, type SpeechToText, UnsupportedAudioError } from './speech.js';
import type { Middleware } from '../../middleware/middleware.js';

const AUDIO_TYPES = ['audio/*', 'application/octet-stream'];

/**
 * POST /api/speech-to-text: the raw recording as the body (Content-Type audio/wav), → { text }.
 * Answers 503 before reading anything when speech is unavailable, counts the member's requests,
 * then reads at most MAX_AUDIO_BYTES.
 */
export function speechRoutes(deps: { speech: SpeechToText; limiter: RateLimitService; config: Config }): Router {
  const routes = ruledRouter();
  const requireSpeech: Middleware = (_req, _res, next) => {
    if (!deps.speech.available) throw new SpeechUnavailableError();
    next();
  };
  routes.post(
    '/speech-to-text',
    'member',
    { response: SpeechResponse },
    requireSpeech,
    memberRateLimit(deps.limiter, 'speech-user', deps.config.rateLimits.speechUser),
    express.raw({ type: AUDIO_TYPES, limit: MAX_AUDIO_BYTES }),
    async (req, res) => {
      // The member gave up (closed the page, pressed again): stop whisper rather than finish for nobody.
      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      res.json({ text: await deps.speech.transcribe(audioBody(req), gone.signal) });
    },
  );
  routes.use('/speech-to-text', 'member', tooLarge);
  return routes.router;
}

function audioBody(req: Request): Buffer {
  if (Buffer.isBuffer(req.body)) return req.body;
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody) return Buffer.alloc(0);
  throw new UnsupportedAudioError(`Send the recording as ${ACCEPTED_AUDIO}, with Content-Type audio/wav.`);
}

/** The body parser's 413, in this route's words. */
const tooLarge: ErrorRequestHandler = (error: { type?: string }, _req, _res, next) => {
  next(error?.type === 'entity.too.large' ? new AppError(413, 'audio_too_large', SPEECH_MESSAGES.tooLarge) : error);
};
