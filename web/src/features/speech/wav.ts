// The recording as the server wants it: a WAV file, PCM 16-bit, mono, 16 kHz.

export const SPEECH_SAMPLE_RATE = 16_000;

export function concatChunks(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Linear interpolation to `to` Hz, for browsers that record at their own rate (Firefox). */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to || samples.length === 0) return samples;
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const position = i * step;
    const left = Math.floor(position);
    const a = samples[left] ?? 0;
    const b = samples[Math.min(left + 1, samples.length - 1)] ?? a;
    out[i] = a + (b - a) * (position - left);
  }
  return out;
}

export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const view = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** Cuts a stream of samples into chunks of `size` (100 ms of audio), like the recorder worklet does. */
export function chunker(size: number, onChunk: (chunk: Float32Array) => void): { push(samples: Float32Array): void; flush(): void } {
  let chunk = new Float32Array(size);
  let filled = 0;
  return {
    push(samples) {
      let offset = 0;
      while (offset < samples.length) {
        const take = Math.min(samples.length - offset, size - filled);
        chunk.set(samples.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === size) {
          onChunk(chunk);
          chunk = new Float32Array(size);
          filled = 0;
        }
      }
    },
    flush() {
      if (filled > 0) onChunk(chunk.slice(0, filled));
      filled = 0;
    },
  };
}
