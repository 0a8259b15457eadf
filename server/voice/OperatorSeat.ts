/**
 * Who holds a call (issue 23): the agent, or the operator who took it over (the claim is stored
 * already, db/callOperators.ts). Taking over silences the agent and handing back lets it answer
 * again, with what was said meanwhile; each change of hands is marked in the transcript and told
 * to the owner's consoles. Only the holder's microphone reaches the caller.
 */
import type { CallOperator } from '../../shared/types/session.js';
import type { CallRealtime } from './CallRealtime.js';
import type { CallRecord } from './CallRecord.js';
import type { BridgeDeps } from './callTypes.js';
import type { ListenedLeg } from './listen/ListenedLeg.js';

export interface OperatorSeatDeps {
  streamSid: string;
  userId: string;
  consoles: BridgeDeps['realtime'];
  record: CallRecord;
  leg: ListenedLeg;
  realtime: () => CallRealtime | null;
  live: () => boolean;
}

export class OperatorSeat {
  readonly #deps: OperatorSeatDeps;
  #operator: CallOperator | null = null;

  constructor(deps: OperatorSeatDeps) {
    this.#deps = deps;
  }

  /** The operator who took the call over; null while the agent answers. */
  get operator(): CallOperator | null {
    return this.#operator;
  }

  takeOver(operator: CallOperator): void {
    if (!this.#deps.live() || this.#operator?.id === operator.id) return;
    this.#operator = operator;
    this.#deps.realtime()?.takeOver(operator.name);
    this.#deps.record.operatorLine(`${operator.name} took over the call`);
    this.#tell(operator);
  }

  handBack(): void {
    const operator = this.#operator;
    if (!this.#deps.live() || !operator) return;
    this.#operator = null;
    this.#deps.realtime()?.handBack();
    this.#deps.record.operatorLine(`${operator.name} handed the call back to the agent`);
    this.#tell(null);
  }

  /** The holder's microphone (base64, in the leg's format) to the caller; false for anyone else. */
  speak(operatorId: string, payload: string): boolean {
    if (!this.#deps.live() || this.#operator?.id !== operatorId) return false;
    this.#deps.leg.sendOperatorAudio(payload);
    return true;
  }

  #tell(operator: CallOperator | null): void {
    this.#deps.consoles.sendToUser(this.#deps.userId, {
      type: 'call.operator',
      streamSid: this.#deps.streamSid,
      operator,
    });
  }
}
