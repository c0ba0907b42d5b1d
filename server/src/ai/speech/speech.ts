import { AppError } from '../../errors.js';

/**
 * Speech-to-text, one interface whatever runs behind it. `available` is decided once at start:
 * without a usable model the server says so (`reason`), the session tells the web app, and the
 * microphone hides.
 */
export interface SpeechToText {
  available: boolean;
  /** Why speech is unavailable (logged at start); unset when available. */
  reason?: string;
  /** A WAV recording (see wav.ts for what is accepted) → its plain text, '' when nothing was said. */
  transcribe(wav: Buffer, signal?: AbortSignal): Promise<string>;
  /** Stops a running transcription (shutdown). */
  close?(): void;
}

/** Largest request body: a 120 s recording at 16 kHz mono is 3.8 MB; 44.1 kHz stereo fits ~56 s. */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
export const MAX_AUDIO_SECONDS = 120;
export const MIN_AUDIO_SECONDS = 0.25;

export const ACCEPTED_AUDIO = 'a WAV file (PCM 16-bit, mono or stereo, any sample rate; 16 kHz mono is best)';

export const SPEECH_MESSAGES = {
  unavailable: 'Speech recognition is not available on this server.',
  failed: 'Speech recognition failed. Please try again.',
  busy: 'Speech recognition is busy. Please try again in a moment.',
  empty: 'The recording is empty. Hold the button while you speak.',
  tooShort: 'The recording is too short. Hold the button while you speak.',
  tooLong: `Recordings can be at most ${MAX_AUDIO_SECONDS} seconds long.`,
  tooLarge: `Recordings can be at most ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`,
} as const;

export class SpeechUnavailableError extends AppError {
  constructor(message: string = SPEECH_MESSAGES.unavailable, code = 'speech_unavailable') {
    super(503, code, message);
  }
}

/** The recognizer ran and failed (crashed, timed out, answered nonsense): 502, the spec's "Speech Recognition Failed". */
export class SpeechFailedError extends AppError {
  constructor(
    /** For the log only: what went wrong inside. */
    readonly reason: string,
  ) {
    super(502, 'speech_failed', SPEECH_MESSAGES.failed);
  }
}

export class UnsupportedAudioError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_audio', message);
  }
}

export class InvalidAudioError extends AppError {
  constructor(message: string, code = 'invalid_audio', status = 400) {
    super(status, code, message);
  }
}

/** What runs when no model is configured or it cannot be read. */
export class UnavailableSpeechToText implements SpeechToText {
  readonly available = false;
  constructor(readonly reason: string) {}

  async transcribe(): Promise<string> {
    throw new SpeechUnavailableError();
  }
}
