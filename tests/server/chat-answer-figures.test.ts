/**
 * A chat answer's figures (issue 21): its model, tokens by kind from Chat Completions `usage`
 * (every round of a tool loop summed), ms from the question's arrival to the first text sent to
 * the visitor, and its cost at the price table's row in force when it was written; shown to the
 * bot's owner per answer and added up for the conversation, never to another user.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { saveModelPrice } from '../../server/db/modelPrices.js';
import type { ChatStreamEvents } from '../../shared/types/chat.js';
import type { ConversationDetail, ExportMessageLine } from '../../shared/types/history.js';
import { type ChatAnswer, eventData, typesOf } from '../helpers/chatServer.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import { parseSse } from '../helpers/sseEvents.js';
import { useChatBed } from '../helpers/useChatBed.js';
import { waitUntil } from '../helpers/waitUntil.js';
import type { WebchatCaller } from '../helpers/webchatServer.js';

const bed = useChatBed();

/** USD per 1M tokens of the seeded gpt-4o-mini row (migration 016): text in / cached / out. */
const MINI = { in: 0.15, cached: 0.075, out: 0.6 };
const costOf = (price: typeof MINI, input: number, cached: number, output: number) =>
  ((input - cached) * price.in + cached * price.cached + output * price.out) / 1_000_000;

async function detailOf(caller: WebchatCaller, botId: string, answer: ChatAnswer) {
  const { conversationId } = eventData<ChatStreamEvents['start']>(answer, 'start');
  const response = await caller.call('GET', `/api/history/webchats/${botId}/conversations/${conversationId}`);
  return { status: response.statusCode, detail: response.json<ConversationDetail>() };
}

describe('an answer’s figures', () => {
  it('keeps the model, the usage’s tokens and the time to the first text, and prices them', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue({
      pieces: ['Your parcel ', 'ships ', 'today.'],
      firstDeltaDelayMs: 150,
      chunkDelayMs: 100,
      usage: { prompt: 1200, cached: 1024, completion: 85 },
    });
    const sent = performance.now();
    const answer = await bed.send(bot.id, { text: 'Where is my parcel?' });
    const elapsed = performance.now() - sent;
    expect(typesOf(answer).at(-1)).toBe('done');

    const { detail } = await detailOf(bed.owner, bot.id, answer);
    const [question, reply] = detail.messages;
    expect(question!.figures).toBeNull();
    expect(reply!.figures).toMatchObject({
      model: 'gpt-4o-mini',
      inputTokens: 1200,
      cachedTokens: 1024,
      outputTokens: 85,
    });
    expect(reply!.figures!.costUsd).toBeCloseTo(costOf(MINI, 1200, 1024, 85), 12);
    // The fake waited 150 ms before the first text, and 100 ms before each of the three chunks after it.
    const ttft = reply!.figures!.ttftMs!;
    expect(ttft).toBeGreaterThanOrEqual(150);
    expect(ttft).toBeLessThanOrEqual(elapsed - 300);
    expect(detail.figures).toEqual({
      answers: 1,
      inputTokens: 1200,
      cachedTokens: 1024,
      outputTokens: 85,
      costUsd: reply!.figures!.costUsd,
      ttftP50Ms: ttft,
      ttftP95Ms: ttft,
    });
  });

  it('sums the rounds of a tool loop into the answer', async () => {
    const tool = await bed.owner.call('POST', '/api/tools', {
      name: 'order_status',
      description: 'Looks an order up',
      type: 'object',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      handler_code: handlerOf('return { status: "packed" };'),
    });
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini', tools: [tool.json<{ id: string }>().id] });
    bed.fake.enqueue(
      {
        text: 'Let me check.',
        toolCalls: [{ name: 'order_status', arguments: '{"id":"7"}' }],
        usage: { prompt: 400, cached: 0, completion: 30 },
      },
      { text: 'It is packed.', usage: { prompt: 460, cached: 384, completion: 12 } },
    );
    const answer = await bed.send(bot.id, { text: 'Status of order 7?' });
    expect(typesOf(answer).at(-1)).toBe('done');

    const { detail } = await detailOf(bed.owner, bot.id, answer);
    const reply = detail.messages.find((message) => message.role === 'assistant')!;
    expect(reply.figures).toMatchObject({ inputTokens: 860, cachedTokens: 384, outputTokens: 42 });
    expect(reply.figures!.costUsd).toBeCloseTo(costOf(MINI, 860, 384, 42), 12);
    expect(detail.messages.filter((message) => message.figures !== null)).toHaveLength(1);
  });

  it('prices an answer at the row in force when it was written, not a later one', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue({ text: 'Hello.', usage: { prompt: 1000, cached: 0, completion: 100 } });
    const answer = await bed.send(bot.id, { text: 'Hi' });
    const price = {
      model: 'gpt-4o-mini',
      textIn: 100,
      textCached: 100,
      textOut: 100,
      audioIn: 0,
      audioCached: 0,
      audioOut: 0,
      updatedAt: bed.t.clock.now(),
    };
    await saveModelPrice(bed.t.db, { ...price, effectiveFrom: bed.t.clock.now() + 86_400_000 });
    const { detail } = await detailOf(bed.owner, bot.id, answer);
    expect(detail.figures!.costUsd).toBeCloseTo(costOf(MINI, 1000, 0, 100), 12);
  });

  it('has no cost for a model the price table does not list, and keeps its tokens', async () => {
    const bot = await bed.owner.createBot({ model: 'llama3.1:8b' });
    bed.fake.enqueue({ text: 'Hello.', usage: { prompt: 40, cached: 0, completion: 3 } });
    const answer = await bed.send(bot.id, { text: 'Hi' });
    const { detail } = await detailOf(bed.owner, bot.id, answer);
    const reply = detail.messages.at(-1)!;
    expect(reply.figures).toMatchObject({ model: 'llama3.1:8b', inputTokens: 40, outputTokens: 3, costUsd: null });
    expect(detail.figures).toMatchObject({ inputTokens: 40, outputTokens: 3, costUsd: null });
  });

  it('counts the owner’s test chat the same', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue({ text: 'Testing works.', usage: { prompt: 300, cached: 0, completion: 9 } });
    const response = await bed.t.app.inject({
      method: 'POST',
      url: `/api/webchats/${bot.id}/test-messages`,
      headers: bed.t.auth(bed.owner.accessToken),
      payload: { text: 'Does this work?' },
    });
    expect(response.statusCode).toBe(200);
    const answer: ChatAnswer = { status: 200, headers: {}, ...parseSse(response.body), json: null };
    const { detail } = await detailOf(bed.owner, bot.id, answer);
    expect(detail.conversation.test).toBe(true);
    expect(detail.messages.at(-1)!.figures).toMatchObject({
      model: 'gpt-4o-mini',
      inputTokens: 300,
      cachedTokens: 0,
      outputTokens: 9,
    });
    expect(detail.messages.at(-1)!.figures!.ttftMs).toEqual(expect.any(Number));
    expect(detail.figures!.costUsd).toBeCloseTo(costOf(MINI, 300, 0, 9), 12);
  });

  it('keeps the time to first token of an answer the visitor left, and no tokens or cost, which were not reported', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue({ pieces: ['A ', 'long ', 'answer ', 'that ', 'goes ', 'on.'], chunkDelayMs: 200 });
    const { conversationId } = await bed.hangUp(bot.id, 'Tell me everything', 'delta');
    await waitUntil(() => bed.t.app.chat.answering === 0 && bed.fake.requests[0]!.hungUp === true);
    const response = await bed.owner.call('GET', `/api/history/webchats/${bot.id}/conversations/${conversationId}`);
    const detail = response.json<ConversationDetail>();
    expect(detail.messages.map((message) => message.text)).toEqual(['Tell me everything', 'A ']);
    expect(detail.messages[1]!.figures).toMatchObject({
      model: 'gpt-4o-mini',
      inputTokens: null,
      cachedTokens: null,
      outputTokens: null,
      costUsd: null,
      ttftMs: expect.any(Number),
    });
    expect(detail.figures).toMatchObject({ answers: 1, inputTokens: null, costUsd: null });
  });

  it('is not shown to another user', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue({ text: 'Private.', usage: { prompt: 10, cached: 0, completion: 2 } });
    const answer = await bed.send(bot.id, { text: 'Hi' });
    const stranger = await bed.newOwner();
    const { status, detail } = await detailOf(stranger, bot.id, answer);
    expect(status).toBe(404);
    expect(JSON.stringify(detail)).not.toContain('gpt-4o-mini');
  });
});

describe('the bot’s export', () => {
  it('sums a chat’s measured answers into the CSV figure columns and gives each answer its time to first token in JSON Lines', async () => {
    const bot = await bed.owner.createBot({ model: 'gpt-4o-mini' });
    bed.fake.enqueue(
      { text: 'First.', firstDeltaDelayMs: 50, usage: { prompt: 1000, cached: 512, completion: 20 } },
      { text: 'Second.', usage: { prompt: 1100, cached: 1024, completion: 30 } },
    );
    const first = await bed.send(bot.id, { text: 'One?' });
    const { conversationId } = eventData<ChatStreamEvents['start']>(first, 'start');
    await bed.send(bot.id, { text: 'Two?', conversationId });
    const { detail } = await detailOf(bed.owner, bot.id, first);
    const ttfts = detail.messages.flatMap((message) => (message.figures ? [message.figures.ttftMs] : []));
    expect(ttfts).toHaveLength(2);

    const csv = await bed.owner.call('GET', `/api/history/webchats/${bot.id}/export?format=csv`);
    const [row] = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      kind: 'chat',
      model: 'gpt-4o-mini',
      input_text_tokens: '2100',
      input_audio_tokens: '0',
      cached_text_tokens: '1536',
      cached_audio_tokens: '0',
      output_text_tokens: '50',
      output_audio_tokens: '0',
      interruptions: '',
      latency_p50_ms: String(Math.min(...(ttfts as number[]))),
      latency_p95_ms: String(Math.max(...(ttfts as number[]))),
      telephony_cost_usd: '0',
    });
    const cost = costOf(MINI, 1000, 512, 20) + costOf(MINI, 1100, 1024, 30);
    expect(Number(row!.model_cost_usd)).toBeCloseTo(cost, 12);
    expect(Number(row!.total_cost_usd)).toBeCloseTo(cost, 12);

    const jsonl = await bed.owner.call('GET', `/api/history/webchats/${bot.id}/export?format=jsonl`);
    const lines = jsonl.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ExportMessageLine);
    expect(lines.map((line) => [line.speaker, line.latency_ms])).toEqual([
      ['visitor', null],
      ['bot', ttfts[0]],
      ['visitor', null],
      ['bot', ttfts[1]],
    ]);
  });
});
