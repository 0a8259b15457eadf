import { createSseParser } from '../../shared/sse/createSseParser.js';
import type { ChatVisitorMessage } from '../../shared/types/chat.js';
import { ChatSendError } from './ChatSendError.js';
import type { ChatTransport } from './ChatTransport.js';

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null ? (value as Fields) : null;
const isString = (value: unknown): value is string => typeof value === 'string';
const text = (value: unknown): string => (isString(value) ? value : '');

/**
 * The live chat over the public widget routes of the Switchboard server at `serverUrl`
 * (shared/types/chat.ts): POST …/messages answered as a `text/event-stream` read from
 * `response.body` (EventSource can't POST), and GET …/conversations/{id}. No cookies: the
 * widget runs on customer pages and the conversation id alone identifies the visitor.
 */
export function createChatTransport(serverUrl: string, webchatId: string): ChatTransport {
  const base = `${serverUrl}/api/widget/webchats/${encodeURIComponent(webchatId)}`;
  const init: RequestInit = { mode: 'cors', credentials: 'omit' };

  return {
    async send(request, handlers, signal) {
      // A failure of our own abort stays an AbortError: the model ignores those.
      const lost = (error: unknown): unknown => (signal.aborted ? error : new ChatSendError('network', true));
      const response = await fetch(`${base}/messages`, {
        ...init,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(request),
        signal,
      }).catch((error: unknown) => {
        throw lost(error);
      });
      if (!response.ok || !response.body) throw statusError(response, !!request.conversationId);

      let outcome: ChatSendError | string | undefined;
      const parse = createSseParser((type, data) => {
        let event: Fields | null = null;
        try {
          event = fields(JSON.parse(data));
        } catch {
          // A malformed event is skipped like an unknown one; the stream's end still decides.
        }
        if (!event || outcome !== undefined) return;
        if (type === 'delta' && isString(event.text)) handlers.onDelta(event.text);
        else if (type === 'start' && isString(event.conversationId))
          handlers.onStart(event.conversationId, text(event.userMessageId));
        else if (type === 'done') outcome = text(event.assistantMessageId);
        else if (type === 'error') {
          const final = event.retryable === false;
          outcome = new ChatSendError('failed', !final, final && isString(event.message) ? event.message : '');
        }
      });

      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        while (outcome === undefined) {
          const { done, value } = await reader.read();
          if (done) break;
          parse(decoder.decode(value, { stream: true }));
        }
      } catch (error) {
        throw lost(error);
      }
      if (outcome === undefined) throw new ChatSendError('network', true);
      // The answer is complete: let go of the connection even if the server keeps it open.
      reader.cancel().catch(() => {});
      if (outcome instanceof ChatSendError) throw outcome;
      return outcome;
    },

    async load(conversationId) {
      const response = await fetch(`${base}/conversations/${encodeURIComponent(conversationId)}`, init);
      if (response.status === 404) return null;
      if (!response.ok) throw statusError(response, false);
      return readConversation(await response.json());
    },
  };
}

/**
 * The failure for an HTTP error answer. A 404 means the bot, or the conversation we named, is
 * gone: worth one more try (as a new conversation) only in the second case.
 */
function statusError(response: Response, namedConversation: boolean): ChatSendError {
  const { status } = response;
  if (status === 429)
    return new ChatSendError('rateLimited', true, '', retryAfterMs(response.headers.get('retry-after')));
  if (status === 404) return new ChatSendError('notFound', namedConversation);
  if (status >= 500) return new ChatSendError('unavailable', true);
  return new ChatSendError('failed', status < 400);
}

/** Retry-After in seconds or as an HTTP date (RFC 9110), as milliseconds from now; 0 if unreadable. */
function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? 0 : Math.max(ms, 0);
}

/** The kept messages of a GET …/conversations/{id} answer; anything malformed is left out. */
function readConversation(body: unknown): ChatVisitorMessage[] {
  const list = fields(body)?.messages;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const m = fields(item);
    return m && isString(m.id) && isString(m.text) && (m.role === 'user' || m.role === 'assistant')
      ? [{ id: m.id, role: m.role, text: m.text, createdAt: Number(m.createdAt) || 0 }]
      : [];
  });
}
