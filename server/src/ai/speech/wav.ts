import {
  ACCEPTED_AUDIO,
  InvalidAudioError,
  MAX_AUDIO_SECONDS,
  MIN_AUDIO_SECONDS,
  SPEECH_MESSAGES,
  UnsupportedAudioError,
} from './speech.js';

/** What whisper.cpp reads: PCM 16-bit, mono, 16 kHz. */
export const WHISPER_SAMPLE_RATE = 16_000;

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved samples, `frames * channels` of them. */
  samples: Int16Array;
  frames: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Other containers a browser or a phone might send, by their first bytes. */
function otherFormat(bytes: Buffer): string | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'WebM/Matroska';
  if (ascii(0, 4) === 'OggS') return 'Ogg';
  if (ascii(0, 4) === 'fLaC') return 'FLAC';
  if (ascii(0, 3) === 'ID3' || (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'MP3/AAC';
  if (ascii(4, 8) === 'ftyp') return 'MP4/M4A';
  if (ascii(0, 4) === 'RIFX') return 'big-endian WAV';
  if (ascii(0, 4) === 'RIFF') return `RIFF ${ascii(8, 12).replace(/[^\x20-\x7e]/g, '?')}`;
  return null;
}

/**
 * Reads a WAV file's PCM 16-bit samples. Refuses (415) anything else, naming what it got and
 * what is accepted: there is no ffmpeg to convert compressed audio, and the web app records WAV.
 */
export function parseWav(bytes: Buffer): PcmAudio {
  if (bytes.length === 0) throw new InvalidAudioError(SPEECH_MESSAGES.empty, 'audio_empty');
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    const other = otherFormat(bytes);
    throw new UnsupportedAudioError(
      other ? `${other} audio is not supported. Send ${ACCEPTED_AUDIO}.` : `The audio is not a WAV file. Send ${ACCEPTED_AUDIO}.`,
    );
  }

  let format: { audioFormat: number; channels: number; sampleRate: number; bits: number; blockAlign: number } | undefined;
  let data: Buffer | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length && data === undefined) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const declared = bytes.readUInt32LE(offset + 4);
    const start = offset + 8;
    // Recorders that stream may leave the size at 0 or 0xFFFFFFFF: take what is there.
    const end = declared === 0 || declared === 0xffffffff ? bytes.length : Math.min(bytes.length, start + declared);
    if (id === 'fmt ') {
      if (end - start < 16) throw new InvalidAudioError('The WAV file is damaged: its format chunk is too short.');
      let audioFormat = bytes.readUInt16LE(start);
      if (audioFormat === WAVE_FORMAT_EXTENSIBLE && end - start >= 26) audioFormat = bytes.readUInt16LE(start + 24);
      format = {
        audioFormat,
        channels: bytes.readUInt16LE(start + 2),
        sampleRate: bytes.readUInt32LE(start + 4),
        blockAlign: bytes.readUInt16LE(start + 12),
        bits: bytes.readUInt16LE(start + 14),
      };
    } else if (id === 'data') {
      data = bytes.subarray(start, end);
    }
    offset = start + declared + (declared % 2);
  }
  if (!format) throw new InvalidAudioError('The WAV file is damaged: it has no format chunk before its data.');
  if (format.audioFormat !== WAVE_FORMAT_PCM) {
    const what = format.audioFormat === WAVE_FORMAT_IEEE_FLOAT ? `${format.bits}-bit floating-point` : `compressed (format ${format.audioFormat})`;
    throw new UnsupportedAudioError(`This WAV file holds ${what} audio. Send ${ACCEPTED_AUDIO}.`);
  }
  if (format.bits !== 16) throw new UnsupportedAudioError(`This WAV file holds ${format.bits}-bit audio. Send ${ACCEPTED_AUDIO}.`);
  if (format.channels !== 1 && format.channels !== 2) {
    throw new UnsupportedAudioError(`This WAV file has ${format.channels} channels. Send ${ACCEPTED_AUDIO}.`);
  }
  if (format.sampleRate < 4000 || format.sampleRate > 192_000) {
    throw new UnsupportedAudioError(`This WAV file's sample rate (${format.sampleRate} Hz) is not supported. Send ${ACCEPTED_AUDIO}.`);
  }
  if (!data) throw new InvalidAudioError('The WAV file is damaged: it has no data chunk.');

  const frameBytes = format.channels * 2;
  const frames = Math.floor(data.length / frameBytes);
  const samples = new Int16Array(frames * format.channels);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return { sampleRate: format.sampleRate, channels: format.channels, samples, frames };
}

/**
 * Mono 16 kHz: channels averaged, then linear interpolation between neighbouring samples. Plain,
 * but speech survives it well and it needs nothing native.
 */
export function toMono16k(audio: PcmAudio): Int16Array {
  const { channels, frames, samples, sampleRate } = audio;
  const mono = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples[f * channels + c] ?? 0;
    mono[f] = sum / channels;
  }
  if (sampleRate === WHISPER_SAMPLE_RATE) return Int16Array.from(mono, Math.round);

  const length = Math.floor((frames * WHISPER_SAMPLE_RATE) / sampleRate);
  const out = new Int16Array(length);
  const step = sampleRate / WHISPER_SAMPLE_RATE;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const left = Math.floor(position);
    const fraction = position - left;
    const a = mono[left] ?? 0;
    const b = mono[Math.min(left + 1, frames - 1)] ?? a;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(a + (b - a) * fraction)));
  }
  return out;
}

/** A canonical 44-byte-header WAV file of PCM 16-bit samples. */
export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return out;
}

/** An uploaded recording → the mono 16 kHz WAV whisper.cpp reads, after the length checks. */
export function prepareWhisperWav(upload: Buffer): Buffer {
  const audio = parseWav(upload);
  const seconds = audio.frames / audio.sampleRate;
  if (audio.frames === 0) throw new InvalidAudioError(SPEECH_MESSAGES.empty, 'audio_empty');
  if (seconds < MIN_AUDIO_SECONDS) throw new InvalidAudioError(SPEECH_MESSAGES.tooShort, 'audio_too_short');
  if (seconds > MAX_AUDIO_SECONDS) throw new InvalidAudioError(SPEECH_MESSAGES.tooLong, 'audio_too_long', 413);
  return encodeWav(toMono16k(audio), WHISPER_SAMPLE_RATE);
}
