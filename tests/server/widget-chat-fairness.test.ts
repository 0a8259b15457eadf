/**
 * One visitor, or one tenant, cannot starve the others (issue 18): a visitor address gets a couple
 * of answers at once, an owner a fair share of the server's places, a few addresses only part of
 * a bot's minute; a visitor who hangs up has the model request cancelled and the place freed, the
 * question kept, and the message still counted; every model request is bounded by max_tokens.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import { newAddress, typesOf } from '../helpers/chatServer.js';
import { useChatBed } from '../helpers/useChatBed.js';
import { waitUntil } from '../helpers/waitUntil.js';

const bed = useChatBed({
  chat: {
    visitorMessagesPerMinute: 8,
    botMessagesPerMinute: 24,
    streamsPerVisitor: 2,
    streamsPerBot: 2,
    streamsTotal: 8,
  },
});

const slowAnswers = () => (bed.fake.reply = () => ({ text: 'Slowly.', delayMs: 600 }));

describe('answers at once', () => {
  it('gives one visitor address two answers at once; a third waits with 429 and Retry-After while others are answered', async () => {
    const [first, second] = [await bed.owner.createBot(), await bed.owner.createBot()];
    slowAnswers();
    const visitor = newAddress();
    const running = [bed.inject(first.id, { text: 'One' }, visitor), bed.inject(second.id, { text: 'Two' }, visitor)];
    await waitUntil(() => bed.t.app.chat.limits.streams() === 2);
    const third = await bed.inject(first.id, { text: 'Three' }, visitor);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({
      success: false,
      code: 'visitor_busy',
      error: 'You already have 2 answers on the way. Please wait for one to finish before sending another message.',
    });
    expect(third.headers['retry-after']).toBe('5');
    expect(third.headers['access-control-allow-origin']).toBe('*');
    const someoneElse = bed.inject(second.id, { text: 'Meanwhile' });
    for (const answer of await Promise.all([...running, someoneElse])) expect(typesOf(answer).at(-1)).toBe('done');
    expect((await bed.inject(first.id, { text: 'Four' }, visitor)).status).toBe(200);
  });

  it("keeps one owner's bots to a share of the server's places, so another owner's visitors are still answered", async () => {
    const flooded = [
      await bed.owner.createBot(),
      await bed.owner.createBot(),
      await bed.owner.createBot(),
      await bed.owner.createBot(),
    ];
    const other = await (await bed.newOwner()).createBot();
    slowAnswers();
    // Alone, an owner may take half of the 8 places.
    const running = flooded
      .slice(0, 2)
      .flatMap((bot) => [bed.inject(bot.id, { text: 'Flood' }), bed.inject(bot.id, { text: 'Flood' })]);
    await waitUntil(() => bed.t.app.chat.limits.streams() === 4);
    expect(bed.t.app.chat.limits.ownerStreams(bed.owner.user.id)).toEqual({ writing: 4, share: 4 });
    const refused = await Promise.all(flooded.slice(2).map((bot) => bed.inject(bot.id, { text: 'Flood more' })));
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.json).toMatchObject({
        code: 'owner_busy',
        error: 'This chat is answering many visitors right now. Please try again in a few seconds.',
      });
      expect(answer.headers['retry-after']).toBe('5');
    }
    const answered = await bed.inject(other.id, { text: 'Hello from another shop' });
    expect(typesOf(answered).at(-1)).toBe('done');
    for (const answer of await Promise.all(running)) expect(typesOf(answer).at(-1)).toBe('done');
    expect(bed.t.app.chat.limits.streams()).toBe(0);
  });
});

describe("a bot's minute", () => {
  it('keeps half of it for visitors who have sent little: a few addresses sending as fast as allowed cannot use it all', async () => {
    const bot = await bed.owner.createBot();
    const flooders = [newAddress(), newAddress(), newAddress(), newAddress()];
    let admitted = 0;
    for (let round = 0; round < 6; round += 1) {
      for (const address of flooders)
        if ((await bed.inject(bot.id, { text: `Flood ${round}` }, address)).status === 200) admitted += 1;
    }
    // The first half of 24, then the flooders (each past 8 / 4 = 2 messages) wait.
    expect(admitted).toBe(12);
    const heavy = await bed.inject(bot.id, { text: 'More' }, flooders[0]);
    expect(heavy.status).toBe(429);
    expect(heavy.json).toMatchObject({
      code: 'bot_rate_limited',
      error: expect.stringMatching(
        /^This chat is receiving too many messages right now\. Please try again in \d+ seconds?\.$/,
      ),
    });
    expect(Number(heavy.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 12; i += 1) expect((await bed.inject(bot.id, { text: `New visitor ${i}` })).status).toBe(200);
    // Now the whole minute is used, by anyone.
    expect((await bed.inject(bot.id, { text: 'One too many' })).json).toMatchObject({ code: 'bot_rate_limited' });
    bed.t.clock.advance(CHAT_DEFAULTS.rateWindowMs);
    expect((await bed.inject(bot.id, { text: 'Next minute' }, flooders[0])).status).toBe(200);
  });
});

describe('a visitor who hangs up', () => {
  it('has the model request cancelled and the place freed; the question and the text already shown are kept', async () => {
    const bot = await bed.owner.createBot();
    bed.fake.enqueue({ pieces: ['A ', 'long ', 'answer ', 'that ', 'goes ', 'on ', 'and ', 'on.'], chunkDelayMs: 400 });
    const { conversationId } = await bed.hangUp(bot.id, 'Tell me everything', 'delta');
    await waitUntil(() => bed.fake.requests[0]?.hungUp === true, 2_000);
    await waitUntil(() => bed.t.app.chat.answering === 0 && bed.t.app.chat.limits.streams() === 0, 2_000);
    const kept = (await bed.conversation(bot.id, conversationId)).json as ChatConversationResponse;
    expect(kept.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Tell me everything'],
      ['assistant', 'A '],
    ]);
    expect(bed.logs).toContainEqual(
      expect.objectContaining({ level: 30, webchatId: bot.id, msg: expect.stringContaining('the visitor went away') }),
    );
  });

  it('keeps the question alone when it hangs up before any text, and the next answer sees it', async () => {
    const bot = await bed.owner.createBot();
    bed.fake.enqueue({ text: 'Never seen.', delayMs: 1_500 });
    const { conversationId } = await bed.hangUp(bot.id, 'Do you deliver to Lyon?', 'start');
    await waitUntil(() => bed.t.app.chat.answering === 0, 2_000);
    const kept = (await bed.conversation(bot.id, conversationId)).json as ChatConversationResponse;
    expect(kept.messages.map((m) => [m.role, m.text])).toEqual([['user', 'Do you deliver to Lyon?']]);

    const next = await bed.send(bot.id, { conversationId, text: 'Hello?' });
    expect(typesOf(next).at(-1)).toBe('done');
    const sent = bed.fake.requests.at(-1)!.body.messages!.filter((m) => m.role !== 'system');
    expect(sent).toEqual([
      { role: 'user', content: 'Do you deliver to Lyon?' },
      { role: 'user', content: 'Hello?' },
    ]);
  });

  it('still counts the message against its address: hanging up early does not buy more answers', async () => {
    const bot = await bed.owner.createBot();
    bed.fake.reply = () => ({ pieces: ['Slow ', 'answer ', 'here.'], chunkDelayMs: 300 });
    const hangUpAfterStart = async () => {
      const { status } = await bed.hangUp(bot.id, 'Quick question', 'start');
      if (status === 200) await waitUntil(() => bed.t.app.chat.answering === 0, 2_000);
      return status;
    };
    // All of these come from 127.0.0.1, the test's own address, in a fresh minute.
    bed.t.clock.advance(CHAT_DEFAULTS.rateWindowMs);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push(await hangUpAfterStart());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // No answer ran to its end (a visitor who left before the model was asked sent it nothing at all).
    expect(bed.fake.requests.filter((r) => r.hungUp !== true)).toEqual([]);
  });
});

describe('model requests', () => {
  it('carry max_tokens', async () => {
    const bot = await bed.owner.createBot();
    await bed.inject(bot.id, { text: 'How long may you talk?' });
    expect(CHAT_DEFAULTS.maxAnswerTokens).toBeGreaterThan(0);
    expect(bed.fake.requests.map((r) => r.body.max_tokens)).toEqual([CHAT_DEFAULTS.maxAnswerTokens]);
  });
});
