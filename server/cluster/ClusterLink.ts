/**
 * This instance's link to the other instances on the same PostgreSQL (issue 12), created by
 * buildApp only when the database is PostgreSQL: on SQLite there is one instance and nothing here
 * runs. It carries, over the bus (PostgresBus):
 *
 * - real-time events and console closes (logout, password or role change, deletion), delivered
 *   with the same owner scoping as this instance's own (ConnectionRegistry);
 * - cache invalidations (UserCache, OwnerAnswers, ApiKeys) and session revocations (SessionRevocations), so a change on
 *   one instance applies on the others within milliseconds. The second at worst that issue 12
 *   promises does not rest on the bus alone (a NOTIFY sent through a failing pool is lost):
 *   UserCache trusts an entry for a second, and the sessions revoked lately are read from the
 *   database every REVOCATION_POLL_MS; after the bus was cut off both are rebuilt at once;
 * - End Session and Transfer (issue 23) for a call another instance bridges: the request goes to
 *   the instance named on the call's session, which answers whether it had the call.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerMessage } from '../../shared/protocol.js';
import type { ChatPushEvents, ChatPushEventType } from '../../shared/types/chat.js';
import type { CallOperator } from '../../shared/types/session.js';
import type { AuthServices } from '../auth/AuthServices.js';
import type { Clock } from '../core/types.js';
import type { Database } from '../db/schema.js';
import type { OwnerAnswers } from '../http/OwnerAnswers.js';
import type { ConnectionRegistry, RealtimePeers } from '../realtime/ConnectionRegistry.js';
import type { TransferRequest } from '../voice/builtins/BuiltinFunction.js';
import type { CallRegistry } from '../voice/CallRegistry.js';
import type { MachinePlan } from '../voice/voicemail.js';
import { type ClusterMessage, parseClusterMessage } from './clusterMessages.js';
import { PostgresBus } from './PostgresBus.js';

/** How long End Session waits for the bridging instance to answer. */
export const END_CALL_ANSWER_MS = 5000;

/** How often the sessions revoked lately are read again, whatever the bus says. */
export const REVOCATION_POLL_MS = 1000;
/** Each read looks this far behind the previous one: revoked_at is the revoking instance's clock. */
const REVOCATION_POLL_OVERLAP_MS = 5000;

export type RemoteEndResult = 'ended' | 'not_found' | 'no_answer';
/** A transfer asked of another instance: done, not there, no answer, or refused with why. */
export type RemoteTransferResult =
  | { kind: 'transferred' }
  | { kind: 'not_found' }
  | { kind: 'no_answer' }
  | { kind: 'failed'; error: string };

export interface ClusterLinkDeps {
  connectionString: string;
  db: Kysely<Database>;
  instanceId: string;
  log: FastifyBaseLogger;
  clock: Clock;
  realtime: ConnectionRegistry;
  auth: Pick<AuthServices, 'users' | 'revocations' | 'apiKeys'>;
  calls: Pick<CallRegistry, 'end' | 'setOperator' | 'transfer' | 'answeredByMachine'>;
  ownerAnswers: Pick<OwnerAnswers, 'linkPeers' | 'invalidateHere' | 'invalidateAll'>;
  /** Visitors' events streams (issue 23; chat/ConversationEvents.ts, described here: cluster/ stands beside chat/). */
  chatEvents: {
    linkPeers(peers: Pick<ClusterLink, 'push'>): void;
    pushHere<T extends ChatPushEventType>(conversationId: string, type: T, data: ChatPushEvents[T]): number;
  };
}

export class ClusterLink implements RealtimePeers {
  readonly bus: PostgresBus;
  readonly #deps: ClusterLinkDeps;
  readonly #waiting = new Map<string, (found: boolean) => void>();
  readonly #waitingTransfers = new Map<string, (result: RemoteTransferResult) => void>();
  #pollTimer: NodeJS.Timeout | null = null;
  #polling = false;
  #lastPoll = 0;

  constructor(deps: ClusterLinkDeps) {
    this.#deps = deps;
    this.bus = new PostgresBus({
      connectionString: deps.connectionString,
      db: deps.db,
      instanceId: deps.instanceId,
      log: deps.log,
      clock: deps.clock,
      onMessage: (body) => this.#receive(body),
      onResync: () => void this.#resync(),
    });
  }

  /** Listens, then passes this instance's sends, closes and invalidations on. */
  async start(): Promise<void> {
    await this.bus.start();
    this.#deps.realtime.linkPeers(this);
    this.#deps.auth.users.linkPeers({ userChanged: (userId) => this.#send({ type: 'auth.user-changed', userId }) });
    this.#deps.ownerAnswers.linkPeers({ ownerChanged: (userId) => this.#send({ type: 'owner.changed', userId }) });
    this.#deps.chatEvents.linkPeers(this);
    this.#deps.auth.apiKeys.linkPeers({ keyRevoked: (keyId) => this.#send({ type: 'auth.api-key-revoked', keyId }) });
    this.#deps.auth.revocations.linkPeers({
      sessionRevoked: (sessionId, revokedAt) => this.#send({ type: 'auth.session-revoked', sessionId, revokedAt }),
    });
    this.#lastPoll = this.#deps.clock();
    this.#pollTimer = setInterval(() => void this.#pollRevocations(), REVOCATION_POLL_MS);
    this.#pollTimer.unref();
  }

  close(): Promise<void> {
    if (this.#pollTimer) clearInterval(this.#pollTimer);
    for (const answer of this.#waiting.values()) answer(false);
    this.#waiting.clear();
    for (const answer of this.#waitingTransfers.values()) answer({ kind: 'no_answer' });
    this.#waitingTransfers.clear();
    return this.bus.close();
  }

  sendToUser(userId: string, message: ServerMessage): void {
    this.#send({ type: 'realtime.send', userId, message });
  }

  closeUser(userId: string, code: number, reason: string): void {
    this.#send({ type: 'realtime.close-user', userId, code, reason });
  }

  closeSession(sessionId: string, code: number, reason: string): void {
    this.#send({ type: 'realtime.close-session', sessionId, code, reason });
  }

  push<T extends ChatPushEventType>(conversationId: string, event: T, data: ChatPushEvents[T]): void {
    this.#send({ type: 'chat.push', conversationId, event, data } as ClusterMessage);
  }

  /** Asks `instanceId` to end the call it bridges; 'no_answer' when it does not answer in time. */
  endCallOn(instanceId: string, streamSid: string, timeoutMs = END_CALL_ANSWER_MS): Promise<RemoteEndResult> {
    return this.#ask(
      (requestId) => ({ type: 'call.end', to: instanceId, replyTo: this.#deps.instanceId, requestId, streamSid }),
      timeoutMs,
    );
  }

  /** Tells `instanceId` who holds the call it bridges (null: handed back); 'ended' when it applied it. */
  setOperatorOn(
    instanceId: string,
    streamSid: string,
    operator: CallOperator | null,
    timeoutMs = END_CALL_ANSWER_MS,
  ): Promise<RemoteEndResult> {
    return this.#ask(
      (requestId) => ({
        type: 'call.operator',
        to: instanceId,
        replyTo: this.#deps.instanceId,
        requestId,
        streamSid,
        operator,
      }),
      timeoutMs,
    );
  }

  /** Asks `instanceId` to carry out a voicemail plan on the call it bridges (issue 23). */
  answeredByMachineOn(
    instanceId: string,
    streamSid: string,
    plan: MachinePlan,
    timeoutMs = END_CALL_ANSWER_MS,
  ): Promise<RemoteEndResult> {
    const message = plan.action === 'leave_message' ? plan.message : '';
    return this.#ask(
      (requestId) => ({
        type: 'call.voicemail',
        to: instanceId,
        replyTo: this.#deps.instanceId,
        requestId,
        streamSid,
        action: plan.action,
        message,
      }),
      timeoutMs,
    );
  }

  /** Sends a request to one instance and waits for its answer (whether it had the call). */
  #ask(request: (requestId: string) => ClusterMessage, timeoutMs: number): Promise<RemoteEndResult> {
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(requestId);
        resolve('no_answer');
      }, timeoutMs);
      this.#waiting.set(requestId, (found) => {
        clearTimeout(timer);
        this.#waiting.delete(requestId);
        resolve(found ? 'ended' : 'not_found');
      });
      this.#send(request(requestId));
    });
  }

  /** Asks `instanceId` to transfer the call it bridges (issue 23), like endCallOn. */
  transferCallOn(
    instanceId: string,
    streamSid: string,
    transfer: TransferRequest,
    timeoutMs = END_CALL_ANSWER_MS,
  ): Promise<RemoteTransferResult> {
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const answer = (result: RemoteTransferResult) => {
        clearTimeout(timer);
        this.#waitingTransfers.delete(requestId);
        resolve(result);
      };
      const timer = setTimeout(() => answer({ kind: 'no_answer' }), timeoutMs);
      this.#waitingTransfers.set(requestId, answer);
      this.#send({
        type: 'call.transfer',
        to: instanceId,
        replyTo: this.#deps.instanceId,
        requestId,
        streamSid,
        transfer,
      });
    });
  }

  #send(message: ClusterMessage): void {
    this.bus.publish(message);
  }

  #receive(body: unknown): void {
    const message = parseClusterMessage(body);
    if (!message) {
      this.#deps.log.warn('ignored a message of another instance that this version does not understand');
      return;
    }
    const { realtime, auth, instanceId } = this.#deps;
    switch (message.type) {
      case 'realtime.send':
        realtime.sendToUserHere(message.userId, message.message);
        break;
      case 'realtime.close-user':
        realtime.closeUserHere(message.userId, message.code, message.reason);
        break;
      case 'realtime.close-session':
        realtime.closeSessionHere(message.sessionId, message.code, message.reason);
        break;
      case 'auth.user-changed':
        auth.users.invalidateHere(message.userId);
        break;
      case 'owner.changed':
        this.#deps.ownerAnswers.invalidateHere(message.userId);
        break;
      case 'auth.api-key-revoked':
        auth.apiKeys.invalidateHere(message.keyId);
        break;
      case 'auth.session-revoked':
        auth.revocations.addHere(message.sessionId, message.revokedAt);
        break;
      case 'call.end':
        if (message.to === instanceId) void this.#endCall(message);
        break;
      case 'call.operator':
        if (message.to === instanceId) {
          const found = this.#deps.calls.setOperator(message.streamSid, message.operator);
          this.#send({ type: 'call.operator-answer', to: message.replyTo, requestId: message.requestId, found });
        }
        break;
      case 'call.end-answer':
      case 'call.operator-answer':
        if (message.to === instanceId) this.#waiting.get(message.requestId)?.(message.found);
        break;
      case 'call.voicemail':
        if (message.to === instanceId) void this.#answeredByMachine(message);
        break;
      case 'chat.push':
        this.#deps.chatEvents.pushHere(message.conversationId, message.event, message.data);
        break;
      case 'call.transfer':
        if (message.to === instanceId) void this.#transferCall(message);
        break;
      case 'call.transfer-answer':
        if (message.to === instanceId)
          this.#waitingTransfers.get(message.requestId)?.(
            message.error !== null
              ? { kind: 'failed', error: message.error }
              : { kind: message.found ? 'transferred' : 'not_found' },
          );
        break;
    }
  }

  async #endCall(request: Extract<ClusterMessage, { type: 'call.end' }>): Promise<void> {
    let found = false;
    try {
      found = await this.#deps.calls.end(request.streamSid, 'ended_by_user');
    } catch (error) {
      this.#deps.log.error(
        { err: error, streamSid: request.streamSid },
        'could not end a call another instance asked to end',
      );
    }
    this.#send({ type: 'call.end-answer', to: request.replyTo, requestId: request.requestId, found });
  }

  async #answeredByMachine(request: Extract<ClusterMessage, { type: 'call.voicemail' }>): Promise<void> {
    const plan: MachinePlan =
      request.action === 'leave_message'
        ? { action: 'leave_message', message: request.message }
        : { action: 'hang_up' };
    let found = false;
    try {
      found = await this.#deps.calls.answeredByMachine(request.streamSid, plan);
    } catch (error) {
      this.#deps.log.error({ err: error, streamSid: request.streamSid }, 'could not carry out a voicemail plan');
    }
    this.#send({ type: 'call.end-answer', to: request.replyTo, requestId: request.requestId, found });
  }

  async #transferCall(request: Extract<ClusterMessage, { type: 'call.transfer' }>): Promise<void> {
    let found = false;
    let error: string | null = null;
    try {
      found = await this.#deps.calls.transfer(request.streamSid, request.transfer);
    } catch (failure) {
      found = true;
      error = failure instanceof Error ? failure.message : 'The call could not be transferred';
      this.#deps.log.warn(
        { err: failure, streamSid: request.streamSid },
        'could not transfer a call another instance asked to',
      );
    }
    this.#send({ type: 'call.transfer-answer', to: request.replyTo, requestId: request.requestId, found, error });
  }

  async #pollRevocations(): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    const started = this.#deps.clock();
    try {
      await this.#deps.auth.revocations.load(this.#deps.db, this.#lastPoll - REVOCATION_POLL_OVERLAP_MS);
      this.#lastPoll = started;
    } catch {
      // The database is unreachable: so is every request's, which fail with 503 meanwhile. The
      // next poll reads from the last one that worked.
    } finally {
      this.#polling = false;
    }
  }

  /** Whatever was sent while the bus was cut off is lost: rebuild what it would have changed. */
  async #resync(): Promise<void> {
    this.#deps.auth.users.invalidateAll();
    this.#deps.auth.apiKeys.invalidateAll();
    this.#deps.ownerAnswers.invalidateAll();
    try {
      await this.#deps.auth.revocations.load(this.#deps.db);
    } catch (error) {
      this.#deps.log.warn(
        { err: error },
        "could not reload session revocations after the instances' channel came back",
      );
    }
  }
}
