/**
 * A visitor's events stream (issue 23) read as the widget reads it: GET …/conversations/{id}/events
 * over real HTTP, its events collected as they arrive until `close()`.
 */
import { type SseEvent, SseParser } from './sseEvents.js';

export interface EventsListener {
  status: number;
  events: SseEvent[];
  /** The answer's JSON error (not a stream). */
  json: unknown;
  close: () => void;
}

export async function listenToConversation(
  baseUrl: string,
  botId: string,
  conversationId: string,
  headers: Record<string, string> = {},
): Promise<EventsListener> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/widget/webchats/${botId}/conversations/${conversationId}/events`, {
    headers,
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const close = () => controller.abort();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
    return { status: response.status, events, json: await response.json(), close };
  const parser = new SseParser();
  const decoder = new TextDecoder();
  void (async () => {
    for await (const chunk of response.body!) events.push(...parser.push(decoder.decode(chunk, { stream: true })));
  })().catch(() => undefined);
  return { status: response.status, events, json: null, close };
}
