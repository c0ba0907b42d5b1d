// A stand-in for whisper-worker.ts in tests: same stdin/stdout protocol, no whisper.
//   node whisper-worker-standin.mjs <mode> [report.json]
// Modes: ok (canned whisper.cpp output), fail (answers ok:false, exit 1), crash (exit 1, says
// nothing), garbage (exit 0, no answer), hang (starts a child like whisper.cpp would, never ends).
// The report file receives what the worker was asked and saw: the request, the WAV's format, pids.
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const [mode = 'ok', reportFile] = process.argv.slice(2);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const report = { request, pid: process.pid, cwd: process.cwd() };
// Written whole or not at all (a temporary file renamed): a test that sees the file can read it, even if the worker is killed a moment later.
const writeReport = () => {
  writeFileSync(`${reportFile}.tmp`, JSON.stringify(report));
  renameSync(`${reportFile}.tmp`, reportFile);
};
try {
  const wav = readFileSync(request.wav);
  report.wav = {
    riff: wav.toString('latin1', 0, 4) + wav.toString('latin1', 8, 12),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bits: wav.readUInt16LE(34),
    samples: wav.readUInt32LE(40) / 2,
  };
} catch (error) {
  report.wavError = String(error);
}

const answer = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

switch (mode) {
  case 'ok':
    if (reportFile) writeReport();
    console.log('[whisper-node] Transcribing: noise before the answer');
    answer({
      ok: true,
      output: [
        '',
        '[00:00:00.000 --> 00:00:01.500]   Hello there,',
        '[00:00:01.500 --> 00:00:02.000]   [BLANK_AUDIO]',
        '[00:00:02.000 --> 00:00:03.000]   (wind blowing)',
        '[00:00:03.000 --> 00:00:04.200]   how are you?',
        '[00:00:04.200 --> 00:00:05.000]   我喜欢徒步',
        '',
      ].join('\n'),
    });
    break;
  case 'fail':
    if (reportFile) writeReport();
    console.error('whisper_init_from_file: failed to load model');
    answer({ ok: false, error: 'error: failed to initialize whisper context' });
    process.exitCode = 1;
    break;
  case 'crash':
    process.exit(1);
    break;
  case 'garbage':
    console.log('no answer here');
    break;
  case 'hang': {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    report.grandchild = child.pid;
    if (reportFile) writeReport();
    setInterval(() => {}, 1000);
    break;
  }
  default:
    throw new Error(`unknown mode ${mode}`);
}
