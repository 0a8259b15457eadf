import { vi } from 'vitest';

/** A `text/event-stream` answer whose body the test writes piece by piece. */
export function streamedAnswer(init: ResponseInit = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  const write = (text: string | Uint8Array): void =>
    controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init }),
    write,
    event: (type: string, data: unknown): void => write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
    end: (): void => controller.close(),
    fail: (error: Error): void => controller.error(error),
    get cancelled() {
      return cancelled;
    },
  };
}

export type StreamedAnswer = ReturnType<typeof streamedAnswer>;

export const CONVERSATION_ID = 'conv_0123456789abcdefghijkl';

/**
 * A stand-in for the Switchboard server's public chat routes behind a fake `fetch`: each POST
 * …/messages gets the next queued answer (a stream or a plain Response), GET
 * …/conversations/{id} answers `conversation` (404 while null), PUT …/feedback answers
 * `feedbackStatus`. Records every request.
 */
export function fakeChatServer() {
  const answers: (StreamedAnswer | Response | Error)[] = [];
  const requests: { method: string; url: string; init: RequestInit; body: unknown }[] = [];
  const server = {
    requests,
    conversation: null as null | {
      id: string;
      messages: {
        id: string;
        role: 'user' | 'assistant';
        text: string;
        createdAt: number;
        rating?: 'up' | 'down';
        sources?: unknown[];
      }[];
    },
    /** GET …/excerpts/{page}/{passage} answers (issue 24), by 'page/passage'; 404 for others. */
    excerpts: {} as Record<string, string>,
    /** The status PUT …/feedback answers (issue 25). */
    feedbackStatus: 200,
    /** The PUTs of ratings so far: the answer's URL path after the bot and the JSON body. */
    get rated() {
      return requests
        .filter((r) => r.method === 'PUT')
        .map((r) => ({ path: r.url.replace(/^.*\/conversations\//, ''), body: r.body }));
    },
    /** The GET of a conversation waits for this, when set (a slow server). */
    conversationGate: null as Promise<void> | null,
    /** Queues the answer to the next POST and returns it (a stream to write, by default). */
    answer<T extends StreamedAnswer | Response | Error = StreamedAnswer>(next?: T): T {
      const answer = next ?? streamedAnswer();
      answers.push(answer);
      return answer as T;
    },
    /** The JSON bodies of the POSTs so far. */
    get sent() {
      return requests.filter((r) => r.method === 'POST').map((r) => r.body);
    },
    fetch: vi.fn(async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
      const url = String(input);
      const method = init.method ?? 'GET';
      requests.push({ method, url, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'POST' && url.endsWith('/messages')) {
        const next = answers.shift();
        if (!next) throw new Error(`no answer queued for POST ${url}`);
        if (next instanceof Error) throw next;
        if (next instanceof Response) return next;
        init.signal?.addEventListener('abort', () =>
          next.fail(new DOMException('The operation was aborted.', 'AbortError')),
        );
        return next.response;
      }
      if (method === 'PUT' && url.endsWith('/feedback')) {
        const ok = server.feedbackStatus === 200;
        return Response.json(ok ? { success: true } : { success: false, error: 'No', code: 'not_found' }, {
          status: server.feedbackStatus,
        });
      }
      const excerpt = /\/excerpts\/(\d+\/\d+)$/.exec(url);
      if (excerpt) {
        const text = server.excerpts[excerpt[1]!];
        return text === undefined
          ? Response.json({ success: false, error: 'Excerpt not found', code: 'not_found' }, { status: 404 })
          : Response.json({ label: 'Guide.pdf', text });
      }
      const conversation = /\/conversations\/([^/]+)$/.exec(url);
      if (conversation) {
        await server.conversationGate;
        const kept = server.conversation;
        if (!kept || decodeURIComponent(conversation[1]!) !== kept.id)
          return Response.json({ success: false, error: 'Not found', code: 'not_found' }, { status: 404 });
        return Response.json({ conversationId: kept.id, messages: kept.messages });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  };
  return server;
}
