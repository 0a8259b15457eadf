/**
 * Website visitors in the soak: each loads a bot's public configuration, has a conversation of a
 * few turns (streamed answers read to `done`; a question about a price makes the model call the
 * bot's tool first), then reloads the page and checks the conversation kept every turn. A new
 * visitor, with a new address, follows. Turns are paced well under the per-visitor limit.
 */
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import { readSse } from '../helpers/sseEvents.js';
import type { SoakContext } from './soakSetup.js';

const QUESTIONS = [
  'When are you open on Sundays?',
  'What is the price of green tea?',
  'Do you ship abroad?',
  'What is the price of a teapot?',
  'Can I return an opened item?',
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One visitor's turn; the conversation id, or null when the answer failed (already counted). */
async function turn(
  ctx: SoakContext,
  botId: string,
  address: string,
  text: string,
  conversationId: string | null,
): Promise<string | null> {
  const kind = /price/.test(text) ? 'widget answer with a tool call' : 'widget answer';
  const started = performance.now();
  const response = await ctx.tally.request(`${kind} (headers)`, `${ctx.url}/api/widget/webchats/${botId}/messages`, {
    method: 'POST',
    address,
    headers: { 'content-type': 'application/json', origin: 'https://shop.example.com' },
    body: JSON.stringify({ text, ...(conversationId ? { conversationId } : {}) }),
  });
  if (!response) return null;
  try {
    const { events } = await readSse(response.body!);
    const last = events.at(-1);
    if (last?.event !== 'done') {
      ctx.tally.fail(kind, `the answer ended with ${JSON.stringify(last)}`);
      return null;
    }
    ctx.tally.done(kind, performance.now() - started);
    return (last.data as { conversationId: string }).conversationId;
  } catch (error) {
    ctx.tally.fail(kind, `reading the answer failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Visitors of one bot, one after another, until the soak ends. `visitor` numbers their addresses. */
export async function runVisitors(ctx: SoakContext, botId: string, visitor: () => number): Promise<void> {
  while (ctx.running()) {
    const id = visitor();
    const address = `198.51.${Math.floor(id / 250) % 250}.${(id % 250) + 1}`;
    await ctx.tally.request('widget config', `${ctx.url}/api/widget/webchats/${botId}`, {
      address,
      headers: { origin: 'https://shop.example.com' },
    });
    let conversationId: string | null = null;
    const turns = 2 + Math.floor(Math.random() * 3);
    let answered = 0;
    for (let i = 0; i < turns && ctx.running(); i++) {
      const next = await turn(
        ctx,
        botId,
        address,
        QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)]!,
        conversationId,
      );
      if (!next) break;
      conversationId = next;
      answered += 1;
      await sleep(3000 + Math.random() * 3000);
    }
    if (conversationId) {
      const kept = await ctx.tally.json<ChatConversationResponse>(
        'widget reload conversation',
        `${ctx.url}/api/widget/webchats/${botId}/conversations/${conversationId}`,
        { address },
      );
      if (kept && kept.messages.length !== answered * 2)
        ctx.tally.fail(
          'widget reload conversation',
          `kept ${kept.messages.length} messages after ${answered} answered turns`,
        );
    }
  }
}
