/**
 * What one call writes down: its message rows (one after another, so the session's end can wait
 * for them all), its figures, and the lines of its transcript that no model said: a line of the
 * agent's (a voicemail left, keys pressed), an operator's change of hands, an operator's
 * transfer. Every line is streamed to the owner's consoles and stored with the call's next seq.
 */
import type { Kysely } from 'kysely';
import type { RealtimeEvent } from '../../shared/protocol.js';
import { type CallFigures, saveCallFigures } from '../db/callMetrics.js';
import type { Database } from '../db/schema.js';
import { insertMessage, type NewMessage } from '../db/sessionMessages.js';
import type { TransferRequest } from './builtins/BuiltinFunction.js';
import type { BridgeDeps } from './callTypes.js';
import { operatorNote } from './listen/operatorNote.js';

export interface CallRecordDeps {
  db: Kysely<Database>;
  log: BridgeDeps['log'];
  clock: () => number;
  streamSid: string;
  userId: string;
  emit: (event: RealtimeEvent) => void;
  /** False until the session row exists: an operator's line before then is streamed, not stored. */
  stored: () => boolean;
}

export class CallRecord {
  readonly #deps: CallRecordDeps;
  #writes: Promise<void> = Promise.resolve();
  #seq = 0;

  constructor(deps: CallRecordDeps) {
    this.#deps = deps;
  }

  /** The call's next message seq. */
  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  /** Resolves once every write queued so far is done (or failed, logged). */
  settled(): Promise<void> {
    return this.#writes;
  }

  /** Message rows are written one after another. */
  store(message: NewMessage): void {
    this.#queueWrite(() => insertMessage(this.#deps.db, message), 'could not store a call message');
  }

  saveFigures(model: string, figures: CallFigures): void {
    const { streamSid, userId } = this.#deps;
    this.#queueWrite(
      () => saveCallFigures(this.#deps.db, { streamSid, userId }, model, figures),
      "could not store a call's figures",
    );
  }

  /** A line of the agent's that no model said (a voicemail left, keys pressed), streamed and stored like the others. */
  agentLine(text: string): void {
    const seq = this.nextSeq();
    const itemId = `note_${seq}`;
    const at = this.#deps.clock();
    const { streamSid } = this.#deps;
    this.#deps.emit({
      type: 'call.message',
      streamSid,
      item_id: itemId,
      message: text,
      message_type: 'assistant',
      timestamp: at,
      transcript: text,
      spokenAt: at,
    });
    this.store({
      stream_sid: streamSid,
      item_id: itemId,
      seq,
      type: 'assistant',
      message: text,
      timestamp: at,
      function_output: null,
      function_args: null,
      function_id: null,
    });
  }

  /** Marks a change of hands in the transcript (listen/operatorNote.ts). */
  operatorLine(text: string): void {
    const note = operatorNote(this.#deps.streamSid, text, this.#deps.clock(), this.nextSeq());
    this.#deps.emit(note.event);
    if (this.#deps.stored()) this.store(note.message);
  }

  /** The operator's transfer, as a transfer_call line: where, why and by whom. */
  operatorTransfer(request: TransferRequest): void {
    const args = JSON.stringify({ destination: request.destination, reason: request.reason });
    const output = JSON.stringify({ transferred_to: request.destination, by: 'operator' });
    const timestamp = this.#deps.clock();
    const { streamSid } = this.#deps;
    const seq = this.nextSeq();
    this.#deps.emit({
      type: 'call.function_output',
      streamSid,
      function_id: '',
      message: 'transfer_call',
      output,
      function_args: args,
      timestamp,
    });
    this.store({
      stream_sid: streamSid,
      item_id: `transfer_${timestamp}`,
      seq,
      type: 'function',
      message: 'transfer_call',
      timestamp,
      function_output: output,
      function_args: args,
      function_id: null,
      duration_ms: null,
    });
  }

  #queueWrite(write: () => Promise<void>, failure: string): void {
    this.#writes = this.#writes
      .then(write)
      .catch((error: unknown) => this.#deps.log.error({ err: error, streamSid: this.#deps.streamSid }, failure));
  }
}
