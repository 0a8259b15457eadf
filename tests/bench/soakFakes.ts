/**
 * The soak bench's outside world: one fake OpenAI serving both the Realtime API (calls) and Chat
 * Completions (the widget's answers) at one OPENAI_BASE_URL, and the fake Twilio REST API. The
 * chat "model" answers every request from the request alone (never from a shared queue, which
 * concurrent visitors would take each other's replies from): a question about a price calls the
 * bot's first tool, the tool's output gets a short answer, anything else a streamed echo.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFakeOpenAIChatState,
  defaultReply,
  type FakeChatRequest,
  type FakeReply,
} from '../fixtures/fakeOpenAIChat.js';
import { type FakeRealtime, startFakeRealtime } from '../fixtures/fakeRealtime.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';

export interface SoakFakes {
  openaiBaseUrl: string;
  realtime: FakeRealtime;
  twilio: FakeTwilio;
  /** Chat completions answered so far. */
  chatRequests: () => number;
  close: () => Promise<void>;
}

/** Streamed word by word, 25 ms apart: an answer takes a few hundred milliseconds, like a model. */
const PACE = { chunkDelayMs: 25 } as const;

function soakReply(request: FakeChatRequest): FakeReply {
  const messages = request.body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') return { text: 'That one costs 4.50, and it is in stock today.', ...PACE };
  const tool = request.body.tools?.[0]?.function.name;
  if (tool && /price/i.test(String(last?.content ?? '')))
    return { toolCalls: [{ name: tool, arguments: '{"item":"tea"}' }] };
  return { ...defaultReply(request), ...PACE };
}

export async function startSoakFakes(): Promise<SoakFakes> {
  const realtime = await startFakeRealtime({
    behaviour: {
      userTranscripts: ['I would like to book a table for four', 'Tonight at eight please', 'Thank you, goodbye'],
      responses: [{ text: 'Of course, let me check that for you.', audioMs: 800 }],
    },
  });
  const chat = createFakeOpenAIChatState();
  chat.reply = soakReply;
  let answered = 0;
  const front = http.createServer((req, res) => {
    answered += 1;
    // The fake keeps every request for tests to read; a soak would only grow the bench's memory.
    if (chat.requests.length > 100) chat.requests.length = 0;
    chat.handle(req, res);
  });
  realtime.attach(front);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const twilio = await startFakeTwilio();
  return {
    openaiBaseUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1`,
    realtime,
    twilio,
    chatRequests: () => answered,
    close: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await realtime.close();
      await twilio.close();
    },
  };
}
