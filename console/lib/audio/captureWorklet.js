/**
 * The Talk microphone's AudioWorklet (issue 20, VOICE.md §11.2): copies the first input channel
 * to the page in batches of about 20 ms at the context's own rate; the page resamples and encodes.
 * A plain file the console serves beside its scripts, so the strict CSP (script-src 'self') lets it
 * load; a blob: or inline module would be refused. It writes nothing to its output: silence.
 */
const BATCH_SECONDS = 0.02;

class SwitchboardCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.max(128, Math.round(sampleRate * BATCH_SECONDS));
    this.batch = new Float32Array(this.size);
    this.filled = 0;
  }

  process(inputs) {
    // A render quantum is 128 frames by default, but read its length rather than assume it.
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      this.batch[this.filled] = channel[i];
      this.filled += 1;
      if (this.filled === this.size) {
        // Transferred, not copied: the batch is detached (length 0) afterwards, so a new one is made.
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('switchboard-capture', SwitchboardCapture);
