import { AppError } from '../../errors.js';
import { encodeWav, parseWav, prepareWhisperWav, toMono16k } from './wav.js';
import { parseWhisperOutput } from './whisper-output.js';

/** A WAV file with any header values: the cases browsers and phones send, good and bad. */
function wavBytes(o: { format?: number; channels?: number; sampleRate?: number; bits?: number; data: Buffer; extensibleSubformat?: number; dataSize?: number; before?: Buffer }): Buffer {
  const channels = o.channels ?? 1;
  const sampleRate = o.sampleRate ?? 16_000;
  const bits = o.bits ?? 16;
  const fmtSize = o.extensibleSubformat === undefined ? 16 : 40;
  const fmt = Buffer.alloc(8 + fmtSize);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(fmtSize, 4);
  fmt.writeUInt16LE(o.extensibleSubformat === undefined ? (o.format ?? 1) : 0xfffe, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE((sampleRate * channels * bits) / 8, 16);
  fmt.writeUInt16LE((channels * bits) / 8, 20);
  fmt.writeUInt16LE(bits, 22);
  if (o.extensibleSubformat !== undefined) fmt.writeUInt16LE(o.extensibleSubformat, 32);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(o.dataSize ?? o.data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, o.before ?? Buffer.alloc(0), dataHeader, o.data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

function pcm16(values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => out.writeInt16LE(v, i * 2));
  return out;
}

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('WAV input', () => {
  it('turns 44.1 kHz stereo into 16 kHz mono: channels averaged, the waveform kept', () => {
    const rate = 44_100;
    const frames = rate; // one second
    const interleaved: number[] = [];
    for (let f = 0; f < frames; f++) {
      const s = Math.round(10_000 * Math.sin((2 * Math.PI * 440 * f) / rate));
      interleaved.push(s + 2000, s - 2000); // the average is the sine itself
    }
    const audio = parseWav(wavBytes({ channels: 2, sampleRate: rate, data: pcm16(interleaved) }));
    expect(audio).toMatchObject({ channels: 2, sampleRate: rate, frames });

    const mono = toMono16k(audio);
    expect(mono.length).toBe(16_000);
    let worst = 0;
    for (let i = 0; i < mono.length; i++) worst = Math.max(worst, Math.abs((mono[i] ?? 0) - 10_000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)));
    expect(worst).toBeLessThan(150); // linear interpolation of a 440 Hz tone: well under 2 % of its amplitude
  });

  it('keeps 16 kHz mono as it is and stretches 8 kHz to twice the samples', () => {
    const values = [0, 100, -100, 32767, -32768, 5];
    expect(Array.from(toMono16k(parseWav(wavBytes({ data: pcm16(values) }))))).toEqual(values);
    const up = toMono16k(parseWav(wavBytes({ sampleRate: 8000, data: pcm16([0, 1000, 2000, 3000]) })));
    expect(Array.from(up)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3000]);
  });

  it('writes the canonical WAV whisper.cpp reads, and reads it back', () => {
    const upload = wavBytes({ channels: 2, sampleRate: 48_000, data: pcm16(new Array(48_000 * 2).fill(1200)) });
    const out = prepareWhisperWav(upload);
    expect(out.toString('latin1', 0, 4) + out.toString('latin1', 8, 16)).toBe('RIFFWAVEfmt ');
    const back = parseWav(out);
    expect(back).toMatchObject({ channels: 1, sampleRate: 16_000, frames: 16_000 });
    expect(back.samples.every((s) => s === 1200)).toBe(true);
    expect(encodeWav(new Int16Array(0), 16_000).length).toBe(44);
  });

  it('skips other chunks (odd sizes padded) and takes a data size a streaming recorder left open', () => {
    const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0', 'latin1')]);
    expect(parseWav(wavBytes({ before: list, data: pcm16([1, 2, 3]) })).frames).toBe(3);
    expect(parseWav(wavBytes({ dataSize: 0xffffffff, data: pcm16([1, 2, 3, 4]) })).frames).toBe(4);
    expect(parseWav(wavBytes({ extensibleSubformat: 1, data: pcm16([7, 8]) })).frames).toBe(2);
  });

  it.each([
    ['8-bit PCM', { bits: 8, data: Buffer.alloc(16_000) }, /8-bit audio/],
    ['32-bit float', { format: 3, bits: 32, data: Buffer.alloc(64_000) }, /32-bit floating-point/],
    ['float in an extensible header', { extensibleSubformat: 3, bits: 32, data: Buffer.alloc(64_000) }, /floating-point/],
    ['A-law', { format: 6, bits: 8, data: Buffer.alloc(16_000) }, /compressed \(format 6\)/],
    ['six channels', { channels: 6, data: Buffer.alloc(192_000) }, /6 channels/],
  ])('refuses %s WAV with 415, naming what is accepted', (_name, header, pattern) => {
    const refused = refusal(() => prepareWhisperWav(wavBytes(header)));
    expect(refused).toMatchObject({ status: 415, code: 'unsupported_audio' });
    expect(refused.message).toMatch(pattern);
    expect(refused.message).toContain('WAV file (PCM 16-bit');
  });

  it.each([
    ['WebM', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]), 'WebM/Matroska audio is not supported'],
    ['Ogg', Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0', 'latin1'), 'Ogg audio is not supported'],
    ['MP3', Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), 'MP3/AAC audio is not supported'],
    ['MP4', Buffer.from('\0\0\0\x18ftypM4A \0\0\0\0', 'latin1'), 'MP4/M4A audio is not supported'],
    ['AVI', Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'), 'RIFF AVI  audio is not supported'],
    ['junk', Buffer.from('hello, this is not audio at all'), 'The audio is not a WAV file'],
  ])('refuses %s with 415', (_name, bytes, start) => {
    const refused = refusal(() => prepareWhisperWav(bytes));
    expect(refused.status).toBe(415);
    expect(refused.message.startsWith(start)).toBe(true);
    expect(refused.message).toContain('Send a WAV file (PCM 16-bit, mono or stereo');
  });

  it('refuses empty, too short, too long and damaged recordings clearly', () => {
    expect(refusal(() => prepareWhisperWav(Buffer.alloc(0)))).toMatchObject({ status: 400, code: 'audio_empty' });
    expect(refusal(() => prepareWhisperWav(wavBytes({ data: Buffer.alloc(0) })))).toMatchObject({ status: 400, code: 'audio_empty' });
    expect(refusal(() => prepareWhisperWav(wavBytes({ data: Buffer.alloc(1600 * 2) })))).toMatchObject({
      status: 400,
      code: 'audio_too_short',
      message: 'The recording is too short. Hold the button while you speak.',
    });
    expect(refusal(() => prepareWhisperWav(wavBytes({ sampleRate: 4000, data: Buffer.alloc(121 * 4000 * 2) })))).toMatchObject({
      status: 413,
      code: 'audio_too_long',
      message: 'Recordings can be at most 120 seconds long.',
    });
    const noData = wavBytes({ data: Buffer.alloc(0) }).subarray(0, 36);
    expect(refusal(() => prepareWhisperWav(noData))).toMatchObject({ status: 400, code: 'invalid_audio', message: 'The WAV file is damaged: it has no data chunk.' });
    expect(refusal(() => prepareWhisperWav(Buffer.from('RIFF\0\0\0\0WAVEdata\0\0\0\0', 'latin1')))).toMatchObject({ status: 400, code: 'invalid_audio' });
  });
});

describe("whisper.cpp's output", () => {
  it('joins the segments into plain text, first one included, annotations dropped', () => {
    const output = '\n[00:00:00.000 --> 00:00:01.500]   Hello there,\n[00:00:01.500 --> 00:00:02.000]   [BLANK_AUDIO]\n[00:00:02.000 --> 00:00:03.000]   (wind blowing)\n[00:00:03.000 --> 00:00:04.000]   how are you? [MUSIC]\n';
    expect(parseWhisperOutput(output)).toBe('Hello there, how are you?');
  });

  it('puts no spaces between Chinese or Japanese segments', () => {
    const output = '[00:00:00.000 --> 00:00:01.000]  我喜欢\n[00:00:01.000 --> 00:00:02.000]  徒步。\n[00:00:02.000 --> 00:00:03.000]   And hiking.\n';
    expect(parseWhisperOutput(output)).toBe('我喜欢徒步。And hiking.');
  });

  it('answers nothing for silence, music or output without segments', () => {
    expect(parseWhisperOutput('\n[00:00:00.000 --> 00:00:10.000]   [BLANK_AUDIO]\n')).toBe('');
    expect(parseWhisperOutput('[00:00:00.000 --> 00:00:10.000]   ♪♪\n[00:00:10.000 --> 00:00:11.000]   *music*\n')).toBe('');
    expect(parseWhisperOutput('')).toBe('');
    expect(parseWhisperOutput('whisper_init_from_file: loading model\n')).toBe('');
  });
});
