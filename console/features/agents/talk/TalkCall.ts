/**
 * One Talk call (issue 20): the microphone, the Talk socket (shared/types/talk.ts) and the agent's
 * voice, framework-free. The browser is the caller's leg of an ordinary voice call: it sends 20 ms
 * frames in the format `ready` names, plays what comes back, answers marks once the audio before
 * them has played and stops at once on `clear`, as Twilio's Media Stream does.
 */
import { realtimeProtocols } from '../../../../shared/realtimeToken.js';
import {
  TALK_MAX_MESSAGE_BYTES,
  type TalkAudioFormat,
  type TalkClientMessage,
  type TalkServerMessage,
} from '../../../../shared/types/talk.js';
import { type AudioPlayer, createAudioPlayer } from '../../../lib/audio/AudioPlayer.js';
import { createResampler } from '../../../lib/audio/resample.js';
import { type Capture, startCapture } from '../../../lib/audio/startCapture.js';
import {
  createFramer,
  decodeAudio,
  encodeAudio,
  formatRate,
  frameSamples,
  levelOf,
} from '../../../lib/audio/talkCodec.js';
import { parseTalkMessage } from './parseTalkMessage.js';
import { markFirstAgentAudio, markTalkStart } from './talkMarks.js';

export type TalkPhase = 'microphone' | 'connecting' | 'live' | 'ended' | 'failed';

/** Why a call could not start or go on. */
export type TalkProblem =
  /** No `navigator.mediaDevices`: the page is not https or localhost (VOICE.md §11.2). */
  | { kind: 'insecure' }
  | { kind: 'denied' }
  | { kind: 'no-device' }
  /** The device exists but cannot be opened (another application holds it). */
  | { kind: 'busy-device' }
  | { kind: 'microphone'; detail: string }
  | { kind: 'signed-out' }
  /** The start frame, with the page's unsaved settings, is over TALK_MAX_MESSAGE_BYTES: never sent. */
  | { kind: 'too-large' }
  /** The socket closed before the call ended (TALK_CLOSE codes, or the connection lost). */
  | { kind: 'closed'; code: number; reason: string };

export interface TalkState {
  phase: TalkPhase;
  /** The call's session, once `ready`: its transcript arrives on the console's own socket. */
  sessionId: string | null;
  /** The server says the page's unsaved edits are used. */
  unsaved: boolean;
  /** Why the call ended (the server's words), or 'hangup' when the operator hung up. */
  endedReason: string | null;
  problem: TalkProblem | null;
}

export interface TalkCallOptions {
  /** Opens the agent's Talk socket offering `protocols`. */
  openSocket(protocols: string[]): WebSocket;
  /** A token fit to connect with; null when nobody is signed in. */
  token(): Promise<string | null>;
  /** The page's unsaved agent fields (a PATCH body), used for this call only. */
  settings?: Record<string, unknown>;
  highQuality?: boolean;
  onChange(state: TalkState): void;
}

export interface TalkCall {
  readonly state: TalkState;
  /** The microphone's loudness, 0 to 1, about every 20 ms while live. */
  onLevel(listener: (level: number) => void): () => void;
  /** Sends `hangup` and closes; the call ends here and now. */
  hangUp(): void;
}

/** The microphone as a call wants it (VOICE.md §11.2: the constraint names). */
const MICROPHONE: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

function microphoneProblem(error: unknown): TalkProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { kind: 'no-device' };
  if (name === 'NotReadableError') return { kind: 'busy-device' };
  return { kind: 'microphone', detail: error instanceof Error ? error.message : String(error) };
}

/** The `start` message: the page's unsaved settings (if any) and the audio quality asked for. */
function startFrame({ settings, highQuality }: TalkCallOptions): string {
  const start: TalkClientMessage = { type: 'start' };
  if (settings && Object.keys(settings).length > 0) start.settings = settings;
  if (highQuality) start.highQuality = true;
  return JSON.stringify(start);
}

/** WebSocket's readyState OPEN (CONNECTING is 0, before it). */
const SOCKET_OPEN = 1;

/** Normal ends of the socket: the server's 1000 after `ended`, or a close without a code. */
const NORMAL_CLOSE = new Set([1000, 1005]);

export function startTalkCall(options: TalkCallOptions): TalkCall {
  let state: TalkState = { phase: 'microphone', sessionId: null, unsaved: false, endedReason: null, problem: null };
  let finished = false;
  let context: AudioContext | null = null;
  let stream: MediaStream | null = null;
  let socket: WebSocket | null = null;
  let capture: Capture | null = null;
  let player: AudioPlayer | null = null;
  let format: TalkAudioFormat = 'g711_ulaw';
  let playRate = 8000;
  const startedAt = markTalkStart();
  const start = startFrame(options);
  let heardAgent = false;
  const levelListeners = new Set<(level: number) => void>();

  const update = (next: Partial<TalkState>) => {
    state = { ...state, ...next };
    options.onChange(state);
  };

  const release = () => {
    capture?.stop();
    capture = null;
    player?.close();
    player = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    void context?.close().catch(() => undefined);
    context = null;
    for (const listener of levelListeners) listener(0);
  };

  const finish = (next: Partial<TalkState>) => {
    if (finished) return;
    finished = true;
    release();
    if (socket && socket.readyState <= SOCKET_OPEN) socket.close(1000);
    update(next);
  };

  const send = (message: TalkClientMessage | Uint8Array<ArrayBuffer>) => {
    if (socket?.readyState !== SOCKET_OPEN) return;
    socket.send(message instanceof Uint8Array ? message : JSON.stringify(message));
  };

  const goLive = async (ready: Extract<TalkServerMessage, { type: 'ready' }>) => {
    format = ready.format;
    const rate = formatRate(ready.format, ready.sampleRate);
    playRate = rate;
    update({ phase: 'live', sessionId: ready.sessionId, unsaved: ready.unsaved });
    if (!context || !stream) return;
    const resampler = createResampler(context.sampleRate, rate);
    const framer = createFramer(frameSamples(rate, ready.frameMs));
    try {
      const started = await startCapture(context, stream, (samples) => {
        const level = levelOf(samples);
        for (const listener of levelListeners) listener(level);
        for (const frame of framer(resampler.push(samples))) send(encodeAudio(frame, format));
      });
      if (finished) started.stop();
      else capture = started;
    } catch (error) {
      finish({ phase: 'failed', problem: microphoneProblem(error) });
    }
  };

  const onMessage = (data: unknown) => {
    if (finished) return;
    if (typeof data !== 'string') {
      const bytes =
        data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : ArrayBuffer.isView(data)
            ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
            : null;
      if (!bytes || !player || state.phase !== 'live') return;
      const secondsAhead = player.play(decodeAudio(bytes, format), playRate);
      if (!heardAgent) {
        heardAgent = true;
        markFirstAgentAudio(startedAt, secondsAhead);
      }
      return;
    }
    const message = parseTalkMessage(data);
    if (!message) return;
    if (message.type === 'ready') void goLive(message);
    else if (message.type === 'mark') player?.afterQueued(() => send({ type: 'mark', name: message.name }));
    else if (message.type === 'clear') player?.clear();
    else finish({ phase: 'ended', endedReason: message.reason });
  };

  const connect = async () => {
    const token = await options.token().catch(() => null);
    if (finished) return;
    if (token === null) {
      finish({ phase: 'failed', problem: { kind: 'signed-out' } });
      return;
    }
    const opened = options.openSocket(realtimeProtocols(token));
    socket = opened;
    opened.binaryType = 'arraybuffer';
    opened.addEventListener('open', () => {
      if (socket?.readyState === SOCKET_OPEN) socket.send(start);
    });
    opened.addEventListener('message', (event: MessageEvent<unknown>) => onMessage(event.data));
    opened.addEventListener('close', (event: CloseEvent) => {
      if (finished) return;
      if (NORMAL_CLOSE.has(event.code)) finish({ phase: 'ended', endedReason: event.reason });
      else finish({ phase: 'failed', problem: { kind: 'closed', code: event.code, reason: event.reason } });
    });
  };

  const begin = async () => {
    // Checked before the microphone or the socket: the server would close the socket (1009)
    // on a frame it cannot take, and the operator can do something about it (save first).
    if (new TextEncoder().encode(start).length > TALK_MAX_MESSAGE_BYTES) {
      finish({ phase: 'failed', problem: { kind: 'too-large' } });
      return;
    }
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      finish({ phase: 'failed', problem: { kind: 'insecure' } });
      return;
    }
    // Made before the first await, while the click that started the call still counts as a user
    // gesture, so the browser lets it play (VOICE.md §11.4 "Autoplay").
    context = new AudioContext({ latencyHint: 'interactive' });
    player = createAudioPlayer(context);
    try {
      const granted = await media.getUserMedia(MICROPHONE);
      if (finished) {
        for (const track of granted.getTracks()) track.stop();
        return;
      }
      stream = granted;
    } catch (error) {
      finish({ phase: 'failed', problem: microphoneProblem(error) });
      return;
    }
    update({ phase: 'connecting' });
    await connect();
  };

  void begin();

  return {
    get state() {
      return state;
    },
    onLevel(listener) {
      levelListeners.add(listener);
      return () => {
        levelListeners.delete(listener);
      };
    },
    hangUp() {
      if (finished) return;
      send({ type: 'hangup' });
      finish({ phase: 'ended', endedReason: 'hangup' });
    },
  };
}
