import { i18next } from '../../i18n/i18n';
import { chunker, concatChunks, resample, SPEECH_SAMPLE_RATE } from './wav';

/** Served from web/public: the CSP (script-src 'self') lets a same-origin file load, not a blob: URL. */
const WORKLET_URL = '/pcm-recorder.worklet.js';
const CHUNK_SECONDS = 0.1;

export interface Recorder {
  /** Stops recording; resolves with all of it as mono 16 kHz samples. */
  finish(): Promise<Float32Array>;
  /** Stops recording and drops it. */
  cancel(): void;
}

/** The microphone, asked for mono 16 kHz with the usual voice processing. Rejects as getUserMedia does. */
export function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    // Browsers hide the API outside secure contexts (https, localhost).
    return Promise.reject(new DOMException(i18next.t('speech:problems.needsHttps'), 'NotSupportedError'));
  }
  return navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, sampleRate: SPEECH_SAMPLE_RATE, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
}

function newContext(sampleRate?: number): AudioContext {
  try {
    return new AudioContext(sampleRate ? { sampleRate } : undefined);
  } catch {
    return new AudioContext();
  }
}

/**
 * Records `stream` through Web Audio: an AudioContext at 16 kHz where the browser allows it (else
 * at the device's rate, resampled at the end), an AudioWorklet — or, without one, the older
 * ScriptProcessorNode — collecting the samples in 100 ms chunks. Owns the stream from here on.
 */
export async function startRecorder(stream: MediaStream, onEnded: () => void): Promise<Recorder> {
  let context = newContext(SPEECH_SAMPLE_RATE);
  const stopAll = () => {
    stream.getTracks().forEach((track) => track.stop());
    if (context.state !== 'closed') void context.close().catch(() => undefined);
  };
  try {
    let source: MediaStreamAudioSourceNode;
    try {
      source = context.createMediaStreamSource(stream);
    } catch {
      // Firefox does not connect a microphone to a context at another rate than the device's.
      void context.close().catch(() => undefined);
      context = newContext();
      source = context.createMediaStreamSource(stream);
    }
    const chunks: Float32Array[] = [];
    let flush: () => Promise<void>;
    let node: AudioNode;

    if (context.audioWorklet) {
      await context.audioWorklet.addModule(WORKLET_URL);
      const worklet = new AudioWorkletNode(context, 'pcm-recorder', {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
      });
      let flushed: (() => void) | undefined;
      worklet.port.onmessage = (event: MessageEvent<Float32Array | 'flushed'>) => {
        if (event.data === 'flushed') flushed?.();
        else chunks.push(event.data);
      };
      flush = () =>
        new Promise<void>((resolve) => {
          flushed = resolve;
          worklet.port.postMessage('flush');
          setTimeout(resolve, 500); // a context that stopped answering does not hold the recording back
        });
      node = worklet;
    } else {
      const processor = context.createScriptProcessor(4096, 1, 1);
      const chunked = chunker(Math.round(context.sampleRate * CHUNK_SECONDS), (chunk) => chunks.push(chunk));
      processor.onaudioprocess = (event) => chunked.push(new Float32Array(event.inputBuffer.getChannelData(0)));
      flush = async () => chunked.flush();
      node = processor;
    }

    source.connect(node);
    node.connect(context.destination); // the node outputs silence; connected so the browser keeps it running
    if (context.state === 'suspended') await context.resume();
    stream.getAudioTracks()[0]?.addEventListener('ended', onEnded, { once: true });

    return {
      async finish() {
        try {
          await flush();
        } finally {
          source.disconnect();
          node.disconnect();
          stopAll();
        }
        return resample(concatChunks(chunks), context.sampleRate, SPEECH_SAMPLE_RATE);
      },
      cancel: stopAll,
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}
