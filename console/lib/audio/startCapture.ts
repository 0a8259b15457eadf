/** The name the capture worklet registers its processor under (captureWorklet.js). */
export const CAPTURE_PROCESSOR = 'switchboard-capture';

/**
 * The worklet's address: Vite emits the file beside the console's scripts (same origin, so the
 * CSP's script-src 'self' covers it) and rewrites this URL to it.
 */
export const CAPTURE_WORKLET_URL = new URL('./captureWorklet.js', import.meta.url).href;

export interface Capture {
  stop(): void;
}

/**
 * Feeds the microphone `stream` through the capture worklet of `context`: `onSamples` gets about
 * 20 ms of mono samples at `context.sampleRate` at a time, until `stop()`.
 */
export async function startCapture(
  context: AudioContext,
  stream: MediaStream,
  onSamples: (samples: Float32Array) => void,
): Promise<Capture> {
  await context.audioWorklet.addModule(CAPTURE_WORKLET_URL);
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, { numberOfInputs: 1, channelCount: 1 });
  node.port.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data instanceof Float32Array) onSamples(event.data);
  };
  source.connect(node);
  // Connected to the output (it writes silence there) so every browser keeps pulling it.
  node.connect(context.destination);
  return {
    stop() {
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
    },
  };
}
