/**
 * Answers that cite their sources (issue 24): the prompt numbers the passages it gives the model
 * and asks for [n] citations; the answer's numbers are mapped back to those passages (a made-up
 * number maps to nothing), the markers leave the visitor's text even when split across deltas,
 * and the sources arrive in `done`, with a reload and in the owner's Conversations view.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CITE_REQUEST } from '../../server/chat/chatPrompt.js';
import type { ChatSource } from '../../shared/types/chat.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type ChatBed, eventData, sentMessages, startChatBed, textOf } from '../helpers/chatServer.js';

let bed: ChatBed;
let bot: Webchat;
beforeAll(async () => {
  bed = await startChatBed();
  bot = await bed.owner.createBot({
    system_prompt: 'Be brief.',
    knowledge: {
      site_url: 'shop.example',
      summary: '',
      pages: [
        {
          url: 'https://shop.example/hours',
          title: 'Opening hours | Vélo Lyon',
          text: 'Opening hours: the bike shop opens Monday to Friday, 9:00 to 18:00.',
          selected: true,
        },
        {
          url: 'https://shop.example/repairs',
          text: 'Repairs: the bike shop repairs bikes within two days.',
          selected: true,
        },
      ],
    },
  });
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

const QUESTION = 'When does the bike shop open, and how long do bike repairs take?';
const system = () => String(sentMessages(bed.fake).find((m) => m.role === 'system')?.content ?? '');

/** The address the prompt gave as passage [n]. */
function numbered(n: number): string {
  const match = new RegExp(`\\[${n}\\] Source: (?:.* \\()?(https://[^\\s)]+)`).exec(system());
  if (!match?.[1]) throw new Error(`no passage [${n}] in ${system()}`);
  return match[1];
}

describe('citations', () => {
  it('numbers the passages and asks the model to cite them', async () => {
    await bed.send(bot.id, { text: QUESTION });
    expect(system()).toContain('[1] Source: ');
    expect(system()).toContain('[2] Source: ');
    expect(system()).toMatch(/\[[12]\] Source: Opening hours \| Vélo Lyon \(https:\/\/shop\.example\/hours\)\n/);
    expect(system()).toContain(CITE_REQUEST);
  });

  it("shows the second passage's source for an answer citing [2], without the marker, and keeps it", async () => {
    bed.fake.enqueue({ text: 'Repairs take two days [2].' });
    const answer = await bed.send(bot.id, { text: QUESTION });
    const second = numbered(2);
    const expected: ChatSource[] = [
      {
        label: second === 'https://shop.example/hours' ? 'Opening hours | Vélo Lyon' : second,
        url: second,
        page: second === 'https://shop.example/hours' ? 0 : 1,
        passage: 0,
      },
    ];
    expect(textOf(answer)).toBe('Repairs take two days.');
    const done = eventData<{ conversationId: string; sources?: ChatSource[] }>(answer, 'done');
    expect(done.sources).toEqual(expected);

    const reload = await bed.conversation(bot.id, done.conversationId);
    const kept = (reload.json as { messages: Array<{ role: string; text: string; sources?: ChatSource[] }> }).messages;
    expect(kept.at(-1)).toMatchObject({ role: 'assistant', text: 'Repairs take two days.', sources: expected });
    expect(kept[0]).not.toHaveProperty('sources');

    const owner = await bed.owner.call('GET', `/api/history/webchats/${bot.id}/conversations/${done.conversationId}`);
    const messages = (owner.json() as { messages: Array<{ role: string; sources?: ChatSource[] }> }).messages;
    expect(messages.find((m) => m.role === 'assistant')?.sources).toEqual(expected);
  });

  it('maps a number that was not given to nothing, and labels a page without a title by its address', async () => {
    bed.fake.enqueue({ text: 'We open at nine [9], repairs take two days [1][2].' });
    const answer = await bed.send(bot.id, { text: QUESTION });
    expect(textOf(answer)).toBe('We open at nine, repairs take two days.');
    const sources = eventData<{ sources?: ChatSource[] }>(answer, 'done').sources ?? [];
    expect(sources.map((s) => s.url)).toEqual([numbered(1), numbered(2)]);
    expect(sources.find((s) => s.url === 'https://shop.example/repairs')?.label).toBe('https://shop.example/repairs');

    bed.fake.enqueue({ text: 'Nothing I was given [7].' });
    const madeUp = await bed.send(bot.id, { text: QUESTION });
    expect(textOf(madeUp)).toBe('Nothing I was given.');
    expect(eventData(madeUp, 'done')).not.toHaveProperty('sources');
  });

  it('takes out a marker split across two deltas and still maps it', async () => {
    bed.fake.enqueue({ pieces: ['We open at nine ', '[', '1', ']. Repairs', ' take two days [2', '].'] });
    const answer = await bed.send(bot.id, { text: QUESTION });
    const deltas = answer.events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.join('')).toBe('We open at nine. Repairs take two days.');
    expect(deltas.some((d) => /[[\]]/.test(d))).toBe(false);
    const sources = eventData<{ sources?: ChatSource[] }>(answer, 'done').sources ?? [];
    expect(sources.map((s) => s.url)).toEqual([numbered(1), numbered(2)]);
  });

  it('leaves brackets alone when no passage was given (nothing was asked to be cited)', async () => {
    bed.fake.enqueue({ text: 'In JavaScript, list[1] is the second item.' });
    const answer = await bed.send(bot.id, { text: 'xylophone quantum' });
    expect(system()).not.toContain(CITE_REQUEST);
    expect(textOf(answer)).toBe('In JavaScript, list[1] is the second item.');
    expect(eventData(answer, 'done')).not.toHaveProperty('sources');
  });
});
