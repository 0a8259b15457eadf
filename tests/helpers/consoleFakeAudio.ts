/**
 * Fake browser audio for the console's Talk tests: getUserMedia (granting a fake microphone or
 * refusing as a browser does), an AudioContext whose clock the test moves, buffer sources that
 * record when they were scheduled and stopped, and the capture AudioWorkletNode, which the test
 * feeds samples through as the worklet would. `installFakeAudio()` puts them on the globals and
 * returns a handle; `restore()` takes them off.
 */

export class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

export class FakeMediaStream {
  readonly tracks = [new FakeTrack()];
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
}

export class FakeBufferSource {
  buffer: { length: number; sampleRate: number; data: Float32Array } | null = null;
  startedAt: number | null = null;
  stopped = false;
  onended: (() => void) | null = null;
  connect(): void {}
  disconnect(): void {}
  start(when = 0): void {
    this.startedAt = when;
  }
  stop(): void {
    this.stopped = true;
  }
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  readonly sampleRate: number;
  currentTime = 0;
  outputLatency = 0;
  state: 'running' | 'closed' = 'running';
  readonly destination = {};
  readonly modules: string[] = [];
  readonly sources: FakeBufferSource[] = [];
  readonly audioWorklet = {
    addModule: async (url: string) => {
      this.modules.push(url);
    },
  };

  constructor(options: { sampleRate?: number } = {}) {
    this.sampleRate = options.sampleRate ?? FakeAudioContext.defaultRate;
    FakeAudioContext.instances.push(this);
  }

  static defaultRate = 48000;

  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { length, sampleRate, data, duration: length / sampleRate, getChannelData: () => data };
  }

  createBufferSource(): FakeBufferSource {
    const source = new FakeBufferSource();
    this.sources.push(source);
    return source;
  }

  createMediaStreamSource(_stream: unknown) {
    return { connect: () => undefined, disconnect: () => undefined };
  }

  async resume(): Promise<void> {}

  async close(): Promise<void> {
    this.state = 'closed';
  }
}

export class FakeAudioWorkletNode {
  static instances: FakeAudioWorkletNode[] = [];
  readonly port: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  constructor(
    readonly context: FakeAudioContext,
    readonly processor: string,
  ) {
    FakeAudioWorkletNode.instances.push(this);
  }
  connect(): void {}
  disconnect(): void {}
  /** What the capture worklet posts: a batch of microphone samples at the context's rate. */
  capture(samples: Float32Array): void {
    this.port.onmessage?.({ data: samples });
  }
}

export type Microphone =
  | { grant: true }
  /** The DOMException name a browser rejects getUserMedia with. */
  | { grant: false; error: string };

export function installFakeAudio(microphone: Microphone = { grant: true }) {
  FakeAudioContext.instances = [];
  FakeAudioWorkletNode.instances = [];
  const streams: FakeMediaStream[] = [];
  const requests: unknown[] = [];
  const globals = globalThis as Record<string, unknown>;
  const saved = { AudioContext: globals.AudioContext, AudioWorkletNode: globals.AudioWorkletNode };
  globals.AudioContext = FakeAudioContext;
  globals.AudioWorkletNode = FakeAudioWorkletNode;
  const mediaDevices = {
    getUserMedia: async (constraints: unknown) => {
      requests.push(constraints);
      if (!microphone.grant) throw new DOMException('Refused', microphone.error);
      const stream = new FakeMediaStream();
      streams.push(stream);
      return stream;
    },
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  return {
    streams,
    requests,
    get context(): FakeAudioContext {
      const context = FakeAudioContext.instances.at(-1);
      if (!context) throw new Error('No AudioContext was made');
      return context;
    },
    get worklet(): FakeAudioWorkletNode {
      const node = FakeAudioWorkletNode.instances.at(-1);
      if (!node) throw new Error('No capture worklet was started');
      return node;
    },
    /** Takes the microphone API away, as on a page that is not a secure context. */
    removeMicrophone(): void {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    },
    restore(): void {
      globals.AudioContext = saved.AudioContext;
      globals.AudioWorkletNode = saved.AudioWorkletNode;
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    },
  };
}
