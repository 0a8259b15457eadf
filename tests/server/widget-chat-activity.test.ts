/**
 * Active conversations (a visitor message within the last 10 minutes) on the bot cards: counted
 * in GET /api/webchats and the one-bot answers, and sent as `webchat.activity` to the owner's
 * consoles when a conversation starts or resumes and when the sweep finds it gone quiet.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebchatActivityEvent } from '../../shared/protocol.js';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type ChatBed, eventData, startChatBed } from '../helpers/chatServer.js';
import { consoleSocket, type TestConsole } from '../helpers/serverSocket.js';
import { waitUntil } from '../helpers/waitUntil.js';
import type { WebchatCaller } from '../helpers/webchatServer.js';

let bed: ChatBed;
let owner: WebchatCaller;
let ownerConsole: TestConsole;
let strangerConsole: TestConsole;
const wsBase = () => bed.baseUrl.replace(/^http/, 'ws');

beforeAll(async () => {
  bed = await startChatBed();
});
afterAll(() => bed.close());
beforeEach(async () => {
  ownerConsole?.close();
  strangerConsole?.close();
  // Every test moves the clock: a fresh owner signs in at the current time.
  owner = await bed.newOwner();
  ownerConsole = await consoleSocket(wsBase(), owner.accessToken);
  strangerConsole = await consoleSocket(wsBase(), (await bed.newOwner()).accessToken);
});

const activity = (messages: TestConsole['messages'], webchatId: string) =>
  messages
    .filter((m): m is WebchatActivityEvent => m.type === 'webchat.activity' && m.webchatId === webchatId)
    .map((m) => m.activeConversations);

async function chat(botId: string, conversationId?: string): Promise<string> {
  const answer = await bed.send(botId, { text: 'Hello', ...(conversationId ? { conversationId } : {}) });
  return eventData<{ conversationId: string }>(answer, 'start').conversationId;
}

const listed = async () => {
  const bots = (await owner.call('GET', '/api/webchats')).json<Webchat[]>();
  return Object.fromEntries(bots.map((bot) => [bot.id, bot.active_conversations]));
};

describe('active conversations', () => {
  it('counts each bot’s conversations with a visitor message in the last 10 minutes, in the list and the bot', async () => {
    const [busy, quiet] = [await owner.createBot(), await owner.createBot()];
    await chat(busy.id);
    const second = await chat(busy.id);
    expect(await listed()).toEqual({ [busy.id]: 2, [quiet.id]: 0 });
    expect((await owner.call('GET', `/api/webchats/${busy.id}`)).json<Webchat>().active_conversations).toBe(2);

    bed.t.clock.advance(CHAT_LIMITS.activeWindowMs - 1_000);
    await chat(busy.id, second);
    bed.t.clock.advance(2_000);
    expect(await listed()).toEqual({ [busy.id]: 1, [quiet.id]: 0 });
    expect(
      (await owner.call('PUT', `/api/webchats/${busy.id}`, { description: 'Edited' })).json<Webchat>()
        .active_conversations,
    ).toBe(1);
  });

  it('tells the owner’s consoles when a conversation starts, resumes after a pause, and goes quiet', async () => {
    const bot = await owner.createBot();
    const first = await chat(bot.id);
    await waitUntil(() => activity(ownerConsole.messages, bot.id).length === 1);
    await chat(bot.id);
    await waitUntil(() => activity(ownerConsole.messages, bot.id).length === 2);
    // A message in a conversation that is already active changes nothing.
    await chat(bot.id, first);
    expect(activity(ownerConsole.messages, bot.id)).toEqual([1, 2]);

    bed.t.clock.advance(CHAT_LIMITS.activeWindowMs + 1);
    await bed.t.app.chat.sweep();
    await waitUntil(() => activity(ownerConsole.messages, bot.id).length === 3);
    expect(activity(ownerConsole.messages, bot.id)).toEqual([1, 2, 0]);
    // Reported once: the next sweep finds nothing newly quiet.
    expect(await bed.t.app.chat.sweep()).toMatchObject({ reported: 0 });

    await chat(bot.id, first);
    await waitUntil(() => activity(ownerConsole.messages, bot.id).length === 4);
    expect(activity(ownerConsole.messages, bot.id).at(-1)).toBe(1);
    expect(activity(strangerConsole.messages, bot.id)).toEqual([]);
  });
});
