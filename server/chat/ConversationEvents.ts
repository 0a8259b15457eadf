/**
 * The visitors' events streams of this instance (issue 23; README "Take over a chat"): what an
 * operator does in a conversation (joins, writes, leaves) reaches the visitor's open widget
 * without polling. A stream is opened per conversation while the widget's panel is open; a few
 * per conversation (tabs), per visitor address and on the server, like the answers' slots
 * (StreamSlots.ts), since each holds a connection. Pushes go to the peers too (server/cluster),
 * so an operator on instance B reaches a visitor whose stream is on instance A.
 */
import type { ChatPushEvents, ChatPushEventType } from '../../shared/types/chat.js';
import type { ChatConfig } from './chatConfig.js';
import { tooManyRequests } from './chatRefusal.js';
import { SseStream } from './SseStream.js';

/** The other instances, as far as these streams go (server/cluster/ClusterLink.ts). */
export interface ConversationEventPeers {
  push(conversationId: string, type: ChatPushEventType, data: ChatPushEvents[ChatPushEventType]): void;
}

const RETRY_SECONDS = 10;
const TOO_MANY = 'This chat is already open in several windows. Close one and try again.';

type Limits = Pick<
  ChatConfig,
  'heartbeatMs' | 'eventStreamsPerConversation' | 'eventStreamsPerVisitor' | 'eventStreamsTotal'
>;

export class ConversationEvents {
  readonly #byConversation = new Map<string, Set<SseStream>>();
  readonly #byAddress = new Map<string, number>();
  readonly #all = new Set<SseStream>();
  #peers: ConversationEventPeers | null = null;
  #lastId = 0;

  constructor(private readonly limits: Limits) {}

  linkPeers(peers: ConversationEventPeers): void {
    this.#peers = peers;
  }

  /** A new stream for the conversation, ended when the visitor goes away; throws the 429 past a limit. */
  open(conversationId: string, address: string): SseStream {
    const { eventStreamsPerConversation, eventStreamsPerVisitor, eventStreamsTotal, heartbeatMs } = this.limits;
    const listeners = this.#byConversation.get(conversationId) ?? new Set<SseStream>();
    const fromAddress = this.#byAddress.get(address) ?? 0;
    if (
      listeners.size >= eventStreamsPerConversation ||
      fromAddress >= eventStreamsPerVisitor ||
      this.#all.size >= eventStreamsTotal
    )
      throw tooManyRequests('visitor_busy', TOO_MANY, RETRY_SECONDS);
    const stream = new SseStream(heartbeatMs);
    listeners.add(stream);
    this.#byConversation.set(conversationId, listeners);
    this.#byAddress.set(address, fromAddress + 1);
    this.#all.add(stream);
    stream.body.once('close', () => {
      this.#all.delete(stream);
      listeners.delete(stream);
      if (listeners.size === 0 && this.#byConversation.get(conversationId) === listeners)
        this.#byConversation.delete(conversationId);
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
    });
    // Opens the response at once, so the widget knows it is listening.
    stream.body.write(': listening\n\n');
    return stream;
  }

  /** Sends the event to the conversation's streams here and on the other instances. */
  push<T extends ChatPushEventType>(conversationId: string, type: T, data: ChatPushEvents[T]): void {
    this.#peers?.push(conversationId, type, data);
    this.pushHere(conversationId, type, data);
  }

  /** To this instance's streams only; how many got it. */
  pushHere<T extends ChatPushEventType>(conversationId: string, type: T, data: ChatPushEvents[T]): number {
    const listeners = this.#byConversation.get(conversationId);
    if (!listeners) return 0;
    this.#lastId += 1;
    for (const stream of listeners) stream.push(type, data, this.#lastId);
    return listeners.size;
  }

  /** Streams open here, of one conversation or all. */
  count(conversationId?: string): number {
    return conversationId === undefined ? this.#all.size : (this.#byConversation.get(conversationId)?.size ?? 0);
  }

  /** Server shutdown: ends every stream (the widget reconnects to another instance). */
  closeAll(): void {
    for (const stream of [...this.#all]) stream.end();
  }
}
