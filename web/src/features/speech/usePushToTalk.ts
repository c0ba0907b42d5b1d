import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../auth/notify';
import { transcribe } from './api';
import { openMicrophone, type Recorder, startRecorder } from './recorder';
import { encodeWav, SPEECH_SAMPLE_RATE } from './wav';

/** `requesting`: waiting for the microphone (the browser may be asking the member for permission). */
export type PushToTalkState = 'idle' | 'requesting' | 'recording' | 'processing';

/** The spec's toasts: keys of the `speech` catalogue. */
export const SPEECH_TOASTS = {
  permissionDenied: { title: 'toasts.permissionDenied', message: 'toasts.permissionDeniedMessage' },
  recordingFailed: 'toasts.recordingFailed',
  recognitionFailed: 'toasts.recognitionFailed',
} as const;

/** The server's limits (server/src/ai/speech/speech.ts): a recording is cut just before the longest it accepts. */
const MIN_SECONDS = 0.25;
const MAX_SECONDS = 119;

function isPermissionError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
}

function recordingProblem(error: unknown, t: TFunction<'speech'>): string {
  if (error instanceof DOMException && error.name === 'NotFoundError') return t('problems.noMicrophone');
  if (error instanceof DOMException && error.name === 'NotReadableError') return t('problems.inUse');
  if (error instanceof DOMException && error.name === 'NotSupportedError') return error.message;
  return t('problems.couldNotRecord');
}

/**
 * Push-to-talk: `press` opens the microphone (the browser asks for permission the first time) and
 * records while held; `release` stops, sends the recording as WAV to /api/speech-to-text and hands
 * the text to `onText`. A release that comes while the browser is still asking for permission
 * (the member had to let go to answer) just ends there: the next press records.
 */
export function usePushToTalk({ onText, disabled = false }: { onText(text: string): void; disabled?: boolean }) {
  const { t } = useTranslation('speech');
  const [state, setState] = useState<PushToTalkState>('idle');
  const phase = useRef<PushToTalkState>('idle');
  const pressed = useRef(false);
  const mounted = useRef(false);
  const recorder = useRef<Recorder | null>(null);
  const request = useRef<AbortController | null>(null);
  const maxTimer = useRef<number | undefined>(undefined);
  const textHandler = useRef(onText);

  useEffect(() => {
    textHandler.current = onText;
  }, [onText]);

  const moveTo = useCallback((next: PushToTalkState) => {
    phase.current = next;
    if (mounted.current) setState(next);
  }, []);

  const release = useCallback(async () => {
    pressed.current = false;
    if (phase.current !== 'recording') return; // still opening the microphone: press() sees the release
    window.clearTimeout(maxTimer.current);
    const recording = recorder.current;
    recorder.current = null;
    if (!recording) return moveTo('idle');
    moveTo('processing');

    let samples: Float32Array;
    try {
      samples = await recording.finish();
    } catch {
      notify('error', t(SPEECH_TOASTS.recordingFailed), t('problems.finishFailed'));
      return moveTo('idle');
    }
    if (samples.length < MIN_SECONDS * SPEECH_SAMPLE_RATE) {
      notify('error', t(SPEECH_TOASTS.recordingFailed), t('problems.tooShort'));
      return moveTo('idle');
    }

    const abort = new AbortController();
    request.current = abort;
    try {
      const text = (await transcribe(encodeWav(samples, SPEECH_SAMPLE_RATE), abort.signal)).trim();
      if (!mounted.current) return;
      if (text) textHandler.current(text);
      else notify('error', t(SPEECH_TOASTS.recognitionFailed), t('problems.noSpeech'));
    } catch (error) {
      if (!abort.signal.aborted) notify('error', t(SPEECH_TOASTS.recognitionFailed), errorMessage(error));
    } finally {
      request.current = null;
      moveTo('idle');
    }
  }, [moveTo, t]);

  const press = useCallback(async () => {
    if (disabled || phase.current !== 'idle') return;
    pressed.current = true;
    moveTo('requesting');

    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (error) {
      moveTo('idle');
      if (isPermissionError(error)) notify('error', t(SPEECH_TOASTS.permissionDenied.title), t(SPEECH_TOASTS.permissionDenied.message));
      else notify('error', t(SPEECH_TOASTS.recordingFailed), recordingProblem(error, t));
      return;
    }
    if (!mounted.current || !pressed.current) {
      // Let go while the browser asked for permission: it is granted now, the next press records.
      stream.getTracks().forEach((track) => track.stop());
      return moveTo('idle');
    }

    try {
      recorder.current = await startRecorder(stream, () => void release());
    } catch {
      moveTo('idle');
      notify('error', t(SPEECH_TOASTS.recordingFailed), t('problems.couldNotRecord'));
      return;
    }
    if (!mounted.current) {
      recorder.current?.cancel();
      recorder.current = null;
      return;
    }
    moveTo('recording');
    maxTimer.current = window.setTimeout(() => void release(), MAX_SECONDS * 1000);
    if (!pressed.current) await release(); // let go while the recorder started
  }, [disabled, moveTo, release, t]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      pressed.current = false;
      window.clearTimeout(maxTimer.current);
      recorder.current?.cancel();
      recorder.current = null;
      request.current?.abort();
      phase.current = 'idle';
    };
  }, []);

  return {
    state,
    press: useCallback(() => void press(), [press]),
    release: useCallback(() => void release(), [release]),
  };
}
