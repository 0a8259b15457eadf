/**
 * Listening to a live call from its session page (issue 23, shared/types/listen.ts): the listen
 * socket's frames are decoded here and each side is scheduled on its own player of one
 * AudioContext (lib/audio/AudioPlayer.ts), so the caller and the agent (or the operator) are mixed
 * by the browser as they overlap. Once the operator has taken the call over, `speak` sends their
 * microphone in the call's format, as the Talk panel does.
 */
import { realtimeProtocols } from '../../../../shared/realtimeToken.js';
import type { ListenAudioFormat, ListenServerMessage } from '../../../../shared/types/listen.js';
import type { TalkAudioFormat } from '../../../../shared/types/talk.js';
import { type AudioPlayer, createAudioPlayer } from '../../../lib/audio/AudioPlayer.js';
import { createResampler } from '../../../lib/audio/resample.js';
import { type Capture, startCapture } from '../../../lib/audio/startCapture.js';
import { createFramer, decodeAudio, encodeAudio, frameSamples } from '../../../lib/audio/talkCodec.js';

export type ListenPhase = 'connecting' | 'listening' | 'ended' | 'failed';

export interface ListenState {
  phase: ListenPhase;
  /** The microphone is on: the operator's voice goes to the caller. */
  speaking: boolean;
  /** Why listening stopped or the microphone could not start (the server's words where it gave them). */
  problem: string | null;
}

export interface ListenCallOptions {
  openSocket(protocols: string[]): WebSocket;
  token(): Promise<string | null>;
  onChange(state: ListenState): void;
}

export interface ListenCall {
  readonly state: ListenState;
  /** Turns the microphone on (after Take over) or off (after Hand back). */
  speak(on: boolean): Promise<void>;
  stop(): void;
}

const CODEC: Record<ListenAudioFormat, TalkAudioFormat> = {
  'audio/pcmu': 'g711_ulaw',
  'audio/pcma': 'g711_alaw',
  'audio/pcm': 'pcm16',
};
const MICROPHONE: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
};
const SOCKET_OPEN = 1;

export function startListening(options: ListenCallOptions): ListenCall {
  let state: ListenState = { phase: 'connecting', speaking: false, problem: null };
  let socket: WebSocket | null = null;
  let format: TalkAudioFormat = 'g711_ulaw';
  let rate = 8000;
  let stream: MediaStream | null = null;
  let capture: Capture | null = null;
  // Made now, while the click that started listening still counts as a user gesture (autoplay).
  const context = new AudioContext({ latencyHint: 'interactive' });
  // One player per side (caller, agent, operator): frames of a side follow one another, sides overlap.
  const players: AudioPlayer[] = [0, 1, 2].map(() => createAudioPlayer(context));

  const update = (next: Partial<ListenState>) => {
    state = { ...state, ...next };
    options.onChange(state);
  };

  const stopMicrophone = () => {
    capture?.stop();
    capture = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };

  const finish = (next: Partial<ListenState>) => {
    if (state.phase === 'ended' || state.phase === 'failed') return;
    stopMicrophone();
    for (const player of players) player.close();
    void context.close().catch(() => undefined);
    if (socket && socket.readyState <= SOCKET_OPEN) socket.close(1000, 'Stopped listening');
    update({ speaking: false, ...next });
  };

  const onMessage = (data: unknown) => {
    if (data instanceof ArrayBuffer) {
      const bytes = new Uint8Array(data);
      const player = players[bytes[0] ?? 0];
      if (player && bytes.length > 1) player.play(decodeAudio(bytes.subarray(1), format), rate);
      return;
    }
    if (typeof data !== 'string') return;
    let message: ListenServerMessage;
    try {
      message = JSON.parse(data) as ListenServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      format = CODEC[message.format] ?? 'g711_ulaw';
      rate = message.sampleRate;
      update({ phase: 'listening' });
    } else if (message.type === 'ended') finish({ phase: 'ended' });
  };

  const connect = async () => {
    const token = await options.token().catch(() => null);
    if (state.phase !== 'connecting') return;
    if (token === null) return finish({ phase: 'failed', problem: 'Sign in again to listen' });
    const opened = options.openSocket(realtimeProtocols(token));
    socket = opened;
    opened.binaryType = 'arraybuffer';
    opened.addEventListener('message', (event: MessageEvent<unknown>) => onMessage(event.data));
    opened.addEventListener('close', (event: CloseEvent) => {
      if (event.code === 1000) finish({ phase: 'ended' });
      else finish({ phase: 'failed', problem: event.reason || 'The connection to the call was lost' });
    });
  };

  const speak = async (on: boolean) => {
    if (!on) {
      stopMicrophone();
      update({ speaking: false });
      return;
    }
    if (state.phase !== 'listening' || capture) return;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) return update({ problem: 'The microphone needs the console over https' });
    try {
      stream = await media.getUserMedia(MICROPHONE);
      const resampler = createResampler(context.sampleRate, rate);
      const framer = createFramer(frameSamples(rate, 20));
      capture = await startCapture(context, stream, (samples) => {
        for (const frame of framer(resampler.push(samples)))
          if (socket?.readyState === SOCKET_OPEN) socket.send(encodeAudio(frame, format));
      });
      update({ speaking: true, problem: null });
    } catch (error) {
      stopMicrophone();
      update({ problem: error instanceof Error ? `Microphone: ${error.message}` : 'The microphone could not start' });
    }
  };

  void connect();

  return {
    get state() {
      return state;
    },
    speak,
    stop: () => finish({ phase: 'ended' }),
  };
}
