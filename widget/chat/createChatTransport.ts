import { createSseParser } from '../../shared/sse/createSseParser.js';
import type { ChatSendRequest, ChatSource, ChatVisitorMessage } from '../../shared/types/chat.js';
import type { LeadSubmitRequest } from '../../shared/types/lead.js';
import { ChatSendError } from './ChatSendError.js';
import type { ChatEventHandlers, ChatTransport, KeptConversation } from './ChatTransport.js';

type Fields = Record<string, unknown>;

/** Sends a contact form; the conversation id it was kept with. */
export type LeadPost = (request: LeadSubmitRequest) => Promise<string>;

const fields = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null ? (value as Fields) : null;
const isString = (value: unknown): value is string => typeof value === 'string';
const text = (value: unknown): string => (isString(value) ? value : '');
/** What of a server's error text the panel shows: a sentence or two, never a page. */
const MAX_ERROR_CHARS = 300;

/** A bot's public widget routes on the server at `serverUrl`. */
const botUrl = (serverUrl: string, webchatId: string) =>
  `${serverUrl}/api/widget/webchats/${encodeURIComponent(webchatId)}`;
/** No cookies: the widget runs on customer pages and the conversation id alone identifies the visitor. */
const init: RequestInit = { mode: 'cors', credentials: 'omit' };

/** Sends one message: the answer of a POST in the shape of the public …/messages route, whatever its status. */
export type PostMessage = (request: ChatSendRequest, signal: AbortSignal) => Promise<Response>;

/**
 * The live chat over the public widget routes of the Switchboard server at `serverUrl`
 * (shared/types/chat.ts): POST …/messages answered as a `text/event-stream` read from
 * `response.body` (EventSource can't POST), GET …/conversations/{id}, and PUT …/feedback. No cookies: the
 * widget runs on customer pages and the conversation id alone identifies the visitor.
 */
export function createChatTransport(serverUrl: string, webchatId: string): ChatTransport {
  const base = botUrl(serverUrl, webchatId);
  const post: PostMessage = (request, signal) =>
    fetch(`${base}/messages`, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal,
    });

  const conversation = (id: string) => `${base}/conversations/${encodeURIComponent(id)}`;
  return {
    send: sendOver(post),
    listen: (conversationId, handlers) => listenOver(`${conversation(conversationId)}/events`, handlers),
    askPerson: async (conversationId) => {
      const response = await fetch(`${conversation(conversationId)}/person`, { ...init, method: 'POST' }).catch(
        () => null,
      );
      return !!response?.ok;
    },
    async load(conversationId) {
      const response = await fetch(conversation(conversationId), init);
      if (response.status === 404) return null;
      if (!response.ok) throw await statusError(response, false);
      return readConversation(await response.json());
    },
    async rate(conversationId, messageId, feedback) {
      const answer = `${conversation(conversationId)}/messages/${encodeURIComponent(messageId)}`;
      const response = await fetch(`${answer}/feedback`, {
        ...init,
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(feedback),
      });
      if (!response.ok) throw await statusError(response, true);
    },
    async excerpt({ page, passage }) {
      const response = await fetch(`${base}/excerpts/${page}/${passage}`, init).catch(() => null);
      const body: unknown = response?.ok ? await response.json().catch(() => null) : null;
      return text(fields(body)?.text) || null;
    },
  };
}

/**
 * The conversation's events stream (issue 23) as an EventSource: a GET without cookies, which the
 * browser reconnects by itself after a break (the kept messages are then read again, onReopen);
 * a refusal (gone, too many windows) closes it for good.
 */
function listenOver(url: string, handlers: ChatEventHandlers): () => void {
  // A page without EventSource (an embedded webview, a DOM stand-in) chats without an operator's words.
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(url);
  let opened = false;
  source.onopen = () => {
    if (opened) handlers.onReopen();
    opened = true;
  };
  const on = (type: string, read: (event: Fields) => void) =>
    source.addEventListener(type, (message) => {
      try {
        const event = fields(JSON.parse((message as MessageEvent<string>).data));
        if (event) read(event);
      } catch {
        // A malformed event is skipped.
      }
    });
  on('operator', (e) => isString(e.name) && handlers.onOperator(e.name, e.joined === true));
  on('message', (e) => {
    if (isString(e.id) && isString(e.name) && isString(e.text))
      handlers.onMessage({ id: e.id, name: e.name, text: e.text });
  });
  on('waiting', () => handlers.onWaiting());
  return () => source.close();
}

/**
 * Sends the contact form (issue 25) to POST …/leads; resolves with the conversation it was kept
 * with, or rejects with the server's words about the field it refused ('' when it gave none).
 */
export function createLeadPost(serverUrl: string, webchatId: string): LeadPost {
  return async (request) => {
    const response = await fetch(`${botUrl(serverUrl, webchatId)}/leads`, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (!response.ok) throw new Error(response.status < 500 ? await errorText(response) : '');
    return text(fields(await response.json())?.conversationId);
  };
}

/**
 * The owner's test chat in the console's preview (issue 20): the console posts, signed in, to its
 * own route that answers exactly like the public one, and the widget reads the answer as it reads
 * a visitor's. A test conversation lives as long as the preview: nothing to restore.
 */
export function createTestChatTransport(post: PostMessage): ChatTransport {
  return { send: sendOver(post), load: async () => null };
}

/** `send` over `post`: the answer's stream read event by event, its failures as ChatSendErrors. */
function sendOver(post: PostMessage): ChatTransport['send'] {
  return async (request, handlers, signal) => {
    // A failure of our own abort stays an AbortError: the model ignores those.
    const lost = (error: unknown): unknown => (signal.aborted ? error : new ChatSendError('network', true));
    const response = await post(request, signal).catch((error: unknown) => {
      throw lost(error);
    });
    if (!response.ok || !response.body) throw await statusError(response, !!request.conversationId);

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
      else if (type === 'done') {
        outcome = text(event.assistantMessageId);
        if (event.contactRequested === true) handlers.onContactRequest?.();
        if (Array.isArray(event.sources)) handlers.onSources?.(event.sources.flatMap(readSource));
      } else if (type === 'error') {
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
  };
}

/**
 * The failure for an HTTP error answer. A 404 means the bot, or the conversation we named, is
 * gone: worth one more try (as a new conversation) only in the second case. Another refusal of
 * the message itself (400, 403) will not pass by sending it again; the server's words say why
 * (a too-long text; in a test chat, the unsaved setting that is wrong).
 */
async function statusError(response: Response, namedConversation: boolean): Promise<ChatSendError> {
  const { status } = response;
  if (status === 429)
    return new ChatSendError('rateLimited', true, '', retryAfterMs(response.headers.get('retry-after')));
  if (status === 404) return new ChatSendError('notFound', namedConversation);
  if (status >= 500) return new ChatSendError('unavailable', true);
  if (status >= 400) return new ChatSendError('failed', false, await errorText(response));
  return new ChatSendError('failed', true);
}

/** The `error` text of a JSON error answer (shared/errors.ts ErrorBody); '' when there is none. */
async function errorText(response: Response): Promise<string> {
  try {
    const message = fields(await response.json())?.error;
    return isString(message) ? message.slice(0, MAX_ERROR_CHARS) : '';
  } catch {
    return '';
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110), as milliseconds from now; 0 if unreadable. */
function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? 0 : Math.max(ms, 0);
}

/** The kept messages of a GET …/conversations/{id} answer; anything malformed is left out. */
function readConversation(body: unknown): KeptConversation {
  const list = fields(body)?.messages;
  return { messages: Array.isArray(list) ? list.flatMap(readMessage) : [], leadSent: fields(body)?.leadSent === true };
}

function readMessage(item: unknown): ChatVisitorMessage[] {
  const m = fields(item);
  return m && isString(m.id) && isString(m.text) && (m.role === 'user' || m.role === 'assistant')
    ? [
        {
          id: m.id,
          role: m.role,
          text: m.text,
          createdAt: Number(m.createdAt) || 0,
          ...(isString(m.operatorName) && { operatorName: m.operatorName }),
          ...((m.rating === 'up' || m.rating === 'down') && { rating: m.rating }),
          ...(Array.isArray(m.sources) && { sources: m.sources.flatMap(readSource) }),
        },
      ]
    : [];
}

/** A cited source as the server sends it; its label is shown as text and its address checked before it is a link. */
function readSource(item: unknown): ChatSource[] {
  const s = fields(item);
  return s && isString(s.label) && isString(s.url) ? [s as unknown as ChatSource] : [];
}
