/**
 * What the model reads for a visitor's question (the fake records every request): the system
 * prompt with the owner's custom values, the bot's knowledge (summary and the selected pages'
 * passages that match, with their addresses; never an excluded page), the kept conversation on
 * later turns but nothing past the bot's retention, then the question, with the bot's model and
 * temperature.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatBed, eventData, sentMessages, startChatBed } from '../helpers/chatServer.js';
import { SHOP_KNOWLEDGE } from '../helpers/knowledgeSamples.js';

let bed: ChatBed;
beforeAll(async () => {
  bed = await startChatBed();
  await bed.owner.call('POST', '/api/custom-values', { name: 'SHOP_NAME', value: 'Vélo Lyon' });
  await bed.owner.call('POST', '/api/custom-values', { name: 'PHONE', value: '+33 4 00 00 00 00' });
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

const system = () => String(sentMessages(bed.fake).find((m) => m.role === 'system')?.content ?? '');
const wireKnowledge = {
  site_url: SHOP_KNOWLEDGE.siteUrl,
  summary: SHOP_KNOWLEDGE.summary,
  pages: SHOP_KNOWLEDGE.pages,
};

describe('the request to the model', () => {
  it("fills the owner's custom values into the system prompt and uses the bot's model and temperature", async () => {
    const bot = await bed.owner.createBot({
      system_prompt: 'You work for {{SHOP_NAME}}. Call {{ PHONE }} for repairs. {{UNKNOWN}} stays.',
      model: 'gpt-4o',
      temperature: 1.3,
    });
    await bed.send(bot.id, { text: 'Who are you?' });
    expect(system()).toBe('You work for Vélo Lyon. Call +33 4 00 00 00 00 for repairs. {{UNKNOWN}} stays.');
    expect(bed.fake.requests[0]!.body).toMatchObject({ model: 'gpt-4o', temperature: 1.3 });
    expect(sentMessages(bed.fake).at(-1)).toEqual({ role: 'user', content: 'Who are you?' });
  });

  it('sends the summary and the passages of selected pages that match the question, with their addresses', async () => {
    const bot = await bed.owner.createBot({ system_prompt: 'Be brief.', knowledge: wireKnowledge });
    await bed.send(bot.id, { text: 'What is your refund policy? And the safe code?' });
    const text = system();
    expect(text.startsWith('Be brief.\n\n')).toBe(true);
    expect(text).toContain('Knowledge from the website (shop.example)');
    expect(text).toContain(`Summary of the website:\n${SHOP_KNOWLEDGE.summary}`);
    expect(text).toContain(
      'Source: https://shop.example/refunds\nRefund policy: unused items are refunded within 30 days of purchase.',
    );
    // The internal page also mentions refunds, but it is excluded.
    expect(text).not.toContain('safe code and the refund override');
    expect(text).not.toContain('https://shop.example/internal');
  });

  it('keeps the passages within the knowledge budget and sends only the summary when nothing matches', async () => {
    const bot = await bed.owner.createBot({ knowledge: wireKnowledge });
    await bed.send(bot.id, { text: 'Tell me about delivery couriers and frame warranty paragraphs' });
    const passages = system().split('Source: ').slice(1);
    expect(passages.length).toBeGreaterThan(1);
    expect(passages.join('').length).toBeLessThanOrEqual(6_000 + passages.length * 40);
    bed.fake.reset();
    await bed.send(bot.id, { text: 'xylophone quantum' });
    expect(system()).toContain('Summary of the website');
    expect(system()).not.toContain('Source:');
  });

  it('sends the kept conversation on the next turn, oldest first, then the question', async () => {
    const bot = await bed.owner.createBot({ system_prompt: 'Be kind.' });
    bed.fake.enqueue({ text: 'Yes, city bikes from 300 euros.' });
    const first = await bed.send(bot.id, { text: 'Do you sell bikes?' });
    const { conversationId } = eventData<{ conversationId: string }>(first, 'start');
    await bed.send(bot.id, { conversationId, text: 'Any in blue?' });
    expect(sentMessages(bed.fake)).toEqual([
      { role: 'system', content: 'Be kind.' },
      { role: 'user', content: 'Do you sell bikes?' },
      { role: 'assistant', content: 'Yes, city bikes from 300 euros.' },
      { role: 'user', content: 'Any in blue?' },
    ]);
  });

  it('sends nothing older than the retention period, and nothing at all with retention 0', async () => {
    const bot = await bed.owner.createBot({ system_prompt: '', short_term_messages_retention_period: 60 });
    const first = await bed.send(bot.id, { text: 'First question' });
    const { conversationId } = eventData<{ conversationId: string }>(first, 'start');
    bed.t.clock.advance(61_000);
    await bed.send(bot.id, { conversationId, text: 'After a minute' });
    expect(sentMessages(bed.fake)).toEqual([{ role: 'user', content: 'After a minute' }]);

    const forgetful = await bed.owner.createBot({ system_prompt: '', short_term_messages_retention_period: 0 });
    const once = await bed.send(forgetful.id, { text: 'Remember me' });
    await bed.send(forgetful.id, {
      conversationId: eventData<{ conversationId: string }>(once, 'start').conversationId,
      text: 'Do you?',
    });
    expect(sentMessages(bed.fake)).toEqual([{ role: 'user', content: 'Do you?' }]);
  });
});
