/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Push-to-talk recorder (web/src/features/speech/usePushToTalk.ts): collects the first input
// channel and posts it to the page in 100 ms chunks of Float32 samples. On the message 'flush' it
// posts what it holds, then 'flushed'. A plain file served from the app's own origin, because the
// CSP (script-src 'self') does not let a blob: worklet load.
class PcmRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.round(sampleRate / 10);
    this.chunk = new Float32Array(this.size);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data !== 'flush') return;
      if (this.filled > 0) this.post(this.chunk.slice(0, this.filled));
      this.filled = 0;
      this.port.postMessage('flushed');
    };
  }

  post(samples) {
    this.port.postMessage(samples, [samples.buffer]);
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (!input) return true;
    let offset = 0;
    while (offset < input.length) {
      const take = Math.min(input.length - offset, this.size - this.filled);
      this.chunk.set(input.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        this.post(this.chunk); // transferred: the old array is empty from here on
        this.chunk = new Float32Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-recorder', PcmRecorder);
