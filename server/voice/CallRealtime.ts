/**
 * The Realtime side of one call: the configuration handshake (one `session.update`, then
 * `session.updated` checked: an `unknown_parameter` error means nothing applied), audio in both
 * directions, barge-in (VOICE.md §3.5), transcripts and the tool loop.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '../../shared/protocol.js';
import type { ToolTestResult } from '../../shared/types/tool.js';
import type { CallFigures } from '../db/callMetrics.js';
import type { OfferedTool } from '../db/offeredTools.js';
import type { NewMessage } from '../db/sessionMessages.js';
import { AgentMute } from './AgentMute.js';
import { CallAudioFormats } from './audio/CallAudioFormats.js';
import { base64ByteLength, bytesPerMs } from './audio/callAudio.js';
import type { BuiltinCall } from './builtins/BuiltinFunction.js';
import { CallerKeypad } from './CallerKeypad.js';
import type { CallerLeg } from './CallerLeg.js';
import { CallMetrics } from './CallMetrics.js';
import type { CallRecording } from './CallRecording.js';
import { CallTools } from './CallTools.js';
import { CallTranscript } from './CallTranscript.js';
import type { EndReason } from './callTypes.js';
import { Playback } from './Playback.js';
import { RealtimeConnection, realtimeUrl } from './RealtimeConnection.js';
import { realtimeErrorKind } from './realtimeErrors.js';
import type { RealtimeError, RealtimeServerEvent } from './realtimeProtocol.js';
import type { SessionSetup } from './sessionConfig.js';

/** How long the API may take to accept the configuration before the call ends politely. */
export const CONFIGURE_TIMEOUT_MS = 10_000;
/**
 * How long a line said before a transfer or hang-up (issue 23) may take to play before the call
 * moves on anyway: a caller's leg that stopped echoing marks must not hold the call.
 */
export const SAY_TIMEOUT_MS = 20_000;
/** Caller audio held until the session is configured (newest kept): 2 s of 20 ms frames. */
const MAX_EARLY_FRAMES = 100;
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
  readonly #options: CallRealtimeOptions;
  readonly #socket: RealtimeConnection;
  readonly #playback = new Playback();
  readonly #transcript: CallTranscript;
  readonly #tools: CallTools;
  readonly #metrics: CallMetrics;
  readonly #formats: CallAudioFormats;
  readonly #mute: AgentMute;
  readonly #keypad: CallerKeypad;
  #configured = false;
  #closed = false;
  #configureTimer: NodeJS.Timeout;
  #early: string[] = [];
  /** Caller audio dropped while the session was being configured: the API's audio clock starts after it. */
  #earlyDroppedMs = 0;
  #activeResponse: string | null = null;
  #responseRequested = false;
  #responseWanted = false;
  /** Instructions of the response wanted next (a line to say), if it has its own. */
  #wantedLine: string | null = null;
  /** Waiting for the agent to fall silent: no response running or asked for, all audio played. */
  #quietWaiters: Array<() => void> = [];
  /** Responses the caller interrupted: their late audio is dropped. */
  readonly #cancelled = new Set<string>();

  constructor(deps: CallRealtimeDeps, options: CallRealtimeOptions) {
    this.#deps = deps;
    this.#options = options;
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
    this.#mute = new AgentMute(audio.input.turn_detection);
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
      requestResponse: () => this.#requestResponse(),
      isLive: () => !this.#closed,
      onError: (error) => deps.log.error({ err: error, streamSid: deps.streamSid }, 'a tool call failed'),
    });
    this.#keypad = new CallerKeypad({
      transcript: this.#transcript,
      send: (event) => this.#socket.send(event),
      requestResponse: () => this.#requestResponse(),
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
    this.#configureTimer = setTimeout(
      () => this.#fail('the Realtime session was not configured in time'),
      CONFIGURE_TIMEOUT_MS,
    );
    void this.#socket.closed.then(({ code, reason }) => {
      if (this.#closed) return;
      deps.log.warn({ streamSid: deps.streamSid, code, reason }, 'the Realtime socket closed mid-call');
      this.#end(this.#configured ? 'realtime_closed' : 'not_configured');
    });
  }

  /** A caller frame (base64, in the caller leg's format). */
  callerAudio(payload: string): void {
    this.#deps.recording?.caller(payload);
    const audio = this.#formats.toSession(payload);
    if (this.#configured) {
      this.#socket.send({ type: 'input_audio_buffer.append', audio });
      return;
    }
    this.#early.push(audio);
    if (this.#early.length > MAX_EARLY_FRAMES) {
      const dropped = this.#early.shift() ?? '';
      this.#earlyDroppedMs += base64ByteLength(dropped) / bytesPerMs(this.#formats.input);
    }
  }

  /**
   * An operator takes the call over (issue 23): the agent stops at once (its response cancelled,
   * the audio queued at the caller cleared and truncated where it was heard) and answers nothing
   * until handBack.
   */
  takeOver(operator: string): void {
    if (this.#closed || this.#mute.muted) return;
    this.#socket.send(this.#mute.mute(operator));
    this.#cancelResponse();
    this.#responseWanted = false;
    this.#cutPlayback();
  }

  /** The operator hands the call back: the agent answers again, told what was said meanwhile. */
  handBack(): void {
    if (this.#closed) return;
    for (const event of this.#mute.unmute()) this.#socket.send(event);
  }

  markEchoed(name: string): void {
    this.#playback.echoed(name);
    this.#checkQuiet();
  }

  /**
   * Has the agent say `line` word for word as its next response (after the one running, if any),
   * then resolves once the caller has heard everything (its last mark echoed, VOICE.md §14.2),
   * once the call closed, or after SAY_TIMEOUT_MS at worst.
   */
  async say(line: string): Promise<void> {
    this.#requestResponse(line);
    await this.whenQuiet(SAY_TIMEOUT_MS);
  }

  /** Resolves once no response runs or is asked for and all audio sent has played (or the call closed, or `timeoutMs` passed). */
  whenQuiet(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#quietWaiters.push(done);
      this.#checkQuiet();
    });
  }

  #checkQuiet(): void {
    const quiet =
      this.#closed ||
      (!this.#activeResponse && !this.#responseRequested && !this.#responseWanted && !this.#playback.playing);
    if (!quiet || this.#quietWaiters.length === 0) return;
    for (const done of this.#quietWaiters.splice(0)) done();
  }

  /** Tells the model something that happened on the call (not said by anyone), and lets it answer. */
  tell(text: string): void {
    if (this.#closed) return;
    this.#socket.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.#requestResponse();
  }

  /** A key the caller pressed (issue 23). */
  callerPressed(digit: string): void {
    this.#keypad.pressed(digit);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#checkQuiet();
    clearTimeout(this.#configureTimer);
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
    this.#end(this.#configured ? 'realtime_failed' : 'not_configured');
  }

  #onEvent(event: RealtimeServerEvent): void {
    if (this.#closed) return;
    switch (event.type) {
      case 'session.created':
        this.#socket.send({ type: 'session.update', session: this.#options.setup.config });
        break;
      case 'session.updated':
        this.#configuredAs(event.inputFormat, event.outputFormat);
        break;
      case 'error':
        this.#onError(event.error);
        break;
      case 'input_audio_buffer.speech_started':
        this.#transcript.started(event.itemId, 'user');
        this.#deps.recording?.userSpeech(event.itemId, event.audioStartMs + this.#earlyDroppedMs);
        this.#metrics.speechStarted();
        this.#bargeIn();
        break;
      case 'input_audio_buffer.speech_stopped':
        this.#metrics.speechStopped();
        break;
      case 'response.created':
        this.#activeResponse = event.responseId;
        this.#responseRequested = false;
        // One the server began before the take-over's update applied: the operator has the floor.
        if (this.#mute.muted) this.#cancelResponse();
        break;
      case 'response.output_audio.delta':
        this.#assistantAudio(event);
        break;
      case 'transcript.delta':
        // Text of an interrupted response the caller never heard is left out, like its audio.
        if (!this.#cancelled.has(event.responseId)) this.#transcript.delta(event.itemId, event.role, event.delta);
        break;
      case 'transcript.done':
        if (event.role === 'user') this.#mute.heard(event.transcript);
        // An interrupted item keeps the text sent so far (an empty final text keeps it).
        this.#transcript.done(event.itemId, event.role, this.#cancelled.has(event.responseId) ? '' : event.transcript);
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

  #configuredAs(inputFormat: string | null, outputFormat: string | null): void {
    if (this.#configured) return;
    const asked = this.#formats.follow(inputFormat, outputFormat);
    if (asked) {
      this.#deps.log.warn(
        { streamSid: this.#deps.streamSid, asked, got: outputFormat },
        'the Realtime API chose another output format',
      );
    }
    this.#configured = true;
    clearTimeout(this.#configureTimer);
    for (const audio of this.#early.splice(0)) this.#socket.send({ type: 'input_audio_buffer.append', audio });
    if (this.#options.speakFirst) this.#requestResponse();
  }

  #onError(error: RealtimeError): void {
    const code = error.code ?? '';
    const context = { streamSid: this.#deps.streamSid, code, message: error.message, param: error.param };
    if (!this.#configured) return this.#fail(`the Realtime API refused the configuration (${code}: ${error.message})`);
    // Our response.create met one the server started on its own (after a tool output, say): that
    // one answers, so ours is simply dropped (VOICE.md §3.3).
    if (code === 'conversation_already_has_active_response') this.#responseRequested = false;
    const kind = realtimeErrorKind(error);
    if (kind === 'harmless') {
      this.#deps.log.debug(context, 'harmless Realtime error');
      return;
    }
    if (kind === 'expired') {
      this.#deps.log.info(context, 'the Realtime session reached its time limit');
      return this.#end('realtime_expired');
    }
    if (kind === 'fatal') return this.#fail(`${code}: ${error.message}`);
    this.#deps.log.warn(context, 'Realtime error');
  }

  /** The caller started speaking over the agent: stop its audio where the caller stopped hearing it. */
  #bargeIn(): void {
    if (!this.#playback.playing && !this.#activeResponse) return;
    // Talking over audio still playing is an interruption; over a response not heard yet is not.
    if (this.#playback.playing) this.#metrics.interrupted();
    this.#cutPlayback();
  }

  #cancelResponse(): void {
    if (!this.#activeResponse) return;
    this.#cancelled.add(this.#activeResponse);
    this.#socket.send({ type: 'response.cancel' });
  }

  /** Stops the agent's audio at the caller and truncates its items at what was heard. */
  #cutPlayback(): void {
    this.#deps.caller.sendClear();
    this.#deps.recording?.cut();
    if (this.#activeResponse) this.#cancelled.add(this.#activeResponse);
    for (const cut of this.#playback.interrupt()) {
      if (cut.responseId) this.#cancelled.add(cut.responseId);
      this.#socket.send({
        type: 'conversation.item.truncate',
        item_id: cut.itemId,
        content_index: cut.contentIndex,
        audio_end_ms: cut.audioEndMs,
      });
    }
  }

  #assistantAudio(delta: { responseId: string; itemId: string; contentIndex: number; delta: string }): void {
    if (this.#mute.muted || this.#cancelled.has(delta.responseId)) return;
    const audio = this.#formats.toCaller(delta.delta);
    if (!audio) return;
    this.#deps.caller.sendAudio(audio.payload);
    this.#deps.recording?.agent(delta.itemId, audio.payload);
    this.#metrics.audioSent(delta.itemId);
    const mark = this.#playback.forwarded({
      itemId: delta.itemId,
      contentIndex: delta.contentIndex,
      responseId: delta.responseId,
      callerMs: audio.callerMs,
      sessionMs: audio.sessionMs,
    });
    this.#deps.caller.sendMark(mark);
  }

  #responseDone(responseId: string, status: string, calls: Parameters<CallTools['responseDone']>[1]): void {
    if (this.#activeResponse === responseId || !responseId) this.#activeResponse = null;
    void this.#tools.responseDone(status, calls);
    if (this.#responseWanted && !this.#activeResponse) {
      this.#responseWanted = false;
      const line = this.#wantedLine;
      this.#wantedLine = null;
      this.#requestResponse(line);
    }
    this.#checkQuiet();
  }

  /**
   * One response at a time: a request while one is active waits for its `response.done`. With a
   * `line`, that response says it word for word and calls no tool (a line already wanted wins).
   */
  #requestResponse(line: string | null = null): void {
    if (this.#closed || this.#mute.muted) return;
    if (this.#activeResponse || this.#responseRequested) {
      this.#responseWanted = true;
      this.#wantedLine ??= line;
      return;
    }
    this.#responseRequested = true;
    this.#socket.send(
      line === null
        ? { type: 'response.create' }
        : {
            type: 'response.create',
            response: {
              instructions: `Say exactly this to the caller, word for word, and nothing else: ${line}`,
              tool_choice: 'none',
            },
          },
    );
  }
}
