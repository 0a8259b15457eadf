/**
 * The Realtime side of one call: the configuration handshake (RealtimeHandshake: one
 * `session.update`, then `session.updated` checked: an `unknown_parameter` error means nothing
 * applied), audio in both directions (AgentVoice: marks, barge-in, VOICE.md §3.5), one response
 * at a time (ResponseTurns), transcripts, the caller's keys and the tool loop. This class routes
 * the API's events to those parts and holds the call's take-over state.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '../../shared/protocol.js';
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { CallFigures } from '../db/callMetrics.js';
import type { OfferedTool } from '../db/offeredTools.js';
import type { NewMessage } from '../db/sessionMessages.js';
import { AgentMute } from './AgentMute.js';
import { AgentVoice } from './AgentVoice.js';
import { CallAudioFormats } from './audio/CallAudioFormats.js';
import type { BuiltinCall } from './builtins/BuiltinFunction.js';
import { CallerKeypad } from './CallerKeypad.js';
import type { CallerLeg } from './CallerLeg.js';
import { CallMetrics } from './CallMetrics.js';
import type { CallRecording } from './CallRecording.js';
import { CallTools } from './CallTools.js';
import { CallTranscript } from './CallTranscript.js';
import type { EndReason } from './callTypes.js';
import { RealtimeConnection, realtimeUrl } from './RealtimeConnection.js';
import { RealtimeHandshake } from './RealtimeHandshake.js';
import { ResponseTurns, SAY_TIMEOUT_MS } from './ResponseTurns.js';
import { onRealtimeError } from './realtimeErrors.js';
import type { RealtimeServerEvent } from './realtimeProtocol.js';
import type { SessionSetup } from './sessionConfig.js';

export interface CallRealtimeDeps {
  streamSid: string;
  log: FastifyBaseLogger;
  now: () => number;
  /** A monotonic clock (ms) for latencies and durations, which wall-clock steps must not bend. */
  monotonic: () => number;
  /** The call's review figures changed (after each response and at the end): stores them. */
  saveFigures: (figures: CallFigures) => void;
  /** The caller's side: Twilio's Media Stream or a browser (CallerLeg.ts). */
  caller: Pick<CallerLeg, 'audioType' | 'sendAudio' | 'sendMark' | 'sendClear'>;
  emit: (event: RealtimeEvent) => void;
  nextSeq: () => number;
  store: (message: NewMessage) => void;
  runTool: (tool: OfferedTool, args: unknown) => Promise<ToolTestResult>;
  end: (reason: EndReason) => void;
  /** The call's recording, when its agent records (issue 21). */
  recording?: CallRecording | null;
  /** What built-in functions may do with the call (voice/CallControl.ts). */
  builtinCall: BuiltinCall;
}

export interface CallRealtimeOptions {
  url: string;
  apiKey: string;
  setup: SessionSetup;
  speakFirst: boolean;
}

export class CallRealtime {
  readonly #deps: CallRealtimeDeps;
  readonly #socket: RealtimeConnection;
  readonly #voice: AgentVoice;
  readonly #transcript: CallTranscript;
  readonly #tools: CallTools;
  readonly #metrics: CallMetrics;
  readonly #formats: CallAudioFormats;
  readonly #mute: AgentMute;
  readonly #keypad: CallerKeypad;
  #closed = false;
  readonly #handshake: RealtimeHandshake;
  readonly #turns: ResponseTurns;

  constructor(deps: CallRealtimeDeps, options: CallRealtimeOptions) {
    this.#deps = deps;
    const { audio } = options.setup.config;
    this.#formats = new CallAudioFormats(deps.caller.audioType, audio.input.format.type, audio.output.format.type);
    const common = {
      streamSid: deps.streamSid,
      now: deps.now,
      nextSeq: deps.nextSeq,
      emit: deps.emit,
      store: deps.store,
    };
    this.#metrics = new CallMetrics(deps.monotonic);
    this.#turns = new ResponseTurns({
      send: (event) => this.#socket.send(event),
      mayRespond: () => !this.#closed && !this.#mute.muted,
      closed: () => this.#closed,
      playing: () => this.#voice.playing,
    });
    this.#mute = new AgentMute(audio.input.turn_detection);
    this.#voice = new AgentVoice({
      caller: deps.caller,
      formats: this.#formats,
      metrics: this.#metrics,
      turns: this.#turns,
      recording: deps.recording,
      send: (event) => this.#socket.send(event),
      muted: () => this.#mute.muted,
    });
    this.#transcript = new CallTranscript({
      ...common,
      latencyOf: (itemId) => this.#metrics.latencyOf(itemId),
      audioStartOf: (itemId) => deps.recording?.startOf(itemId) ?? null,
    });
    this.#tools = new CallTools({
      ...common,
      monotonic: deps.monotonic,
      toolsByName: options.setup.toolsByName,
      builtins: options.setup.builtinsByName,
      builtinCall: deps.builtinCall,
      run: deps.runTool,
      send: (event) => this.#socket.send(event),
      requestResponse: () => this.#turns.request(),
      isLive: () => !this.#closed,
      onError: (error) => deps.log.error({ err: error, streamSid: deps.streamSid }, 'a tool call failed'),
    });
    this.#keypad = new CallerKeypad({
      transcript: this.#transcript,
      send: (event) => this.#socket.send(event),
      requestResponse: () => this.#turns.request(),
      nextItemId: () => `keys_${deps.nextSeq()}`,
    });
    this.#socket = new RealtimeConnection(
      realtimeUrl(options.url, options.setup.config.model),
      options.apiKey,
      deps.log,
      (event) => this.#onEvent(event),
    );
    // The session row learns its model now, so a call cut short still prices what it used.
    deps.saveFigures(this.#metrics.figures);
    this.#handshake = new RealtimeHandshake({
      streamSid: deps.streamSid,
      log: deps.log,
      config: options.setup.config,
      formats: this.#formats,
      send: (event) => this.#socket.send(event),
      timedOut: () => this.#fail('the Realtime session was not configured in time'),
      ready: () => {
        if (options.speakFirst) this.#turns.request();
      },
    });
    void this.#socket.closed.then(({ code, reason }) => {
      if (this.#closed) return;
      deps.log.warn({ streamSid: deps.streamSid, code, reason }, 'the Realtime socket closed mid-call');
      this.#end(this.#handshake.configured ? 'realtime_closed' : 'not_configured');
    });
  }

  /** A caller frame (base64, in the caller leg's format). */
  callerAudio(payload: string): void {
    this.#deps.recording?.caller(payload);
    this.#handshake.callerAudio(this.#formats.toSession(payload));
  }

  /**
   * An operator takes the call over (issue 23): the agent stops at once (its response cancelled,
   * the audio queued at the caller cleared and truncated where it was heard) and answers nothing
   * until handBack.
   */
  takeOver(operator: string): void {
    if (this.#closed || this.#mute.muted) return;
    this.#socket.send(this.#mute.mute(operator));
    this.#turns.cancel();
    this.#turns.forgetWanted();
    this.#voice.cut();
  }

  /** The operator hands the call back: the agent answers again, told what was said meanwhile. */
  handBack(): void {
    if (this.#closed) return;
    for (const event of this.#mute.unmute()) this.#socket.send(event);
  }

  markEchoed(name: string): void {
    this.#voice.echoed(name);
    this.#turns.checkQuiet();
  }

  /**
   * Has the agent say `line` word for word as its next response (after the one running, if any),
   * then resolves once the caller has heard everything (its last mark echoed, VOICE.md §14.2),
   * once the call closed, or after SAY_TIMEOUT_MS at worst.
   */
  async say(line: string): Promise<void> {
    this.#turns.request(line);
    await this.whenQuiet(SAY_TIMEOUT_MS);
  }

  /** Resolves once no response runs or is asked for and all audio sent has played (or the call closed, or `timeoutMs` passed). */
  whenQuiet(timeoutMs: number): Promise<void> {
    return this.#turns.whenQuiet(timeoutMs);
  }

  /** Tells the model something that happened on the call (not said by anyone), and lets it answer. */
  tell(text: string): void {
    if (this.#closed) return;
    this.#socket.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.#turns.request();
  }

  /** A key the caller pressed (issue 23). */
  callerPressed(digit: string): void {
    this.#keypad.pressed(digit);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#turns.checkQuiet();
    this.#handshake.close();
    this.#keypad.close();
    this.#transcript.flush();
    this.#deps.saveFigures(this.#metrics.figures);
    this.#socket.close();
  }

  #end(reason: EndReason): void {
    this.close();
    this.#deps.end(reason);
  }

  #fail(why: string): void {
    this.#deps.log.warn({ streamSid: this.#deps.streamSid }, `ending the call: ${why}`);
    this.#end(this.#handshake.configured ? 'realtime_failed' : 'not_configured');
  }

  #onEvent(event: RealtimeServerEvent): void {
    if (this.#closed) return;
    switch (event.type) {
      case 'session.created':
        this.#handshake.created();
        break;
      case 'session.updated':
        this.#handshake.updated(event.inputFormat, event.outputFormat);
        break;
      case 'error':
        onRealtimeError(event.error, {
          streamSid: this.#deps.streamSid,
          log: this.#deps.log,
          configured: this.#handshake.configured,
          requestRefused: () => this.#turns.requestRefused(),
          expired: () => this.#end('realtime_expired'),
          fail: (why) => this.#fail(why),
        });
        break;
      case 'input_audio_buffer.speech_started':
        this.#transcript.started(event.itemId, 'user');
        this.#deps.recording?.userSpeech(event.itemId, event.audioStartMs + this.#handshake.droppedMs);
        this.#metrics.speechStarted();
        this.#voice.bargeIn();
        break;
      case 'input_audio_buffer.speech_stopped':
        this.#metrics.speechStopped();
        break;
      case 'response.created':
        this.#turns.created(event.responseId);
        // One the server began before the take-over's update applied: the operator has the floor.
        if (this.#mute.muted) this.#turns.cancel();
        break;
      case 'response.output_audio.delta':
        this.#voice.audio(event);
        break;
      case 'transcript.delta':
        // Text of an interrupted response the caller never heard is left out, like its audio.
        if (!this.#turns.isCancelled(event.responseId)) this.#transcript.delta(event.itemId, event.role, event.delta);
        break;
      case 'transcript.done':
        if (event.role === 'user') this.#mute.heard(event.transcript);
        // An interrupted item keeps the text sent so far (an empty final text keeps it).
        this.#transcript.done(
          event.itemId,
          event.role,
          this.#turns.isCancelled(event.responseId) ? '' : event.transcript,
        );
        break;
      case 'function_call.done':
        this.#tools.collect(event.call);
        break;
      case 'response.done':
        if (event.usage) this.#metrics.addUsage(event.usage);
        this.#responseDone(event.responseId, event.status, event.calls);
        this.#deps.saveFigures(this.#metrics.figures);
        break;
    }
  }

  #responseDone(responseId: string, status: string, calls: Parameters<CallTools['responseDone']>[1]): void {
    this.#turns.finished(responseId);
    void this.#tools.responseDone(status, calls);
    this.#turns.askWanted();
  }
}
