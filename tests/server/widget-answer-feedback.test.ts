/**
 * Feedback on answers (issue 25): a visitor rates an answer of their conversation (the last rating
 * wins), the reload shows it, the owner sees it in the Conversations view, on the bot card and in
 * Analytics, and finds the chat with the history filter. Every refusal names its field; another
 * conversation's, another bot's or a question's id is a 404; another owner sees nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../shared/types/analytics.js';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import type { ConversationDetail, ConversationsPage, HistorySearchPage } from '../../shared/types/history.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { eventData } from '../helpers/chatServer.js';
import { signInAgain } from '../helpers/signedInCaller.js';
import { useChatBed } from '../helpers/useChatBed.js';
import type { WebchatCaller } from '../helpers/webchatServer.js';

const bed = useChatBed();
const DAY = 86_400_000;

interface Turn {
  conversationId: string;
  questionId: string;
  answerId: string;
}

async function ask(botId: string, text: string, conversationId?: string): Promise<Turn> {
  const answer = await bed.send(botId, { text, ...(conversationId ? { conversationId } : {}) });
  const done = eventData<{ conversationId: string; userMessageId: string; assistantMessageId: string }>(answer, 'done');
  return { conversationId: done.conversationId, questionId: done.userMessageId, answerId: done.assistantMessageId };
}

async function rate(botId: string, turn: Pick<Turn, 'conversationId'>, messageId: string, body: unknown) {
  const response = await bed.t.app.inject({
    method: 'PUT',
    url: `/api/widget/webchats/${botId}/conversations/${turn.conversationId}/messages/${messageId}/feedback`,
    payload: body as object,
  });
  return { status: response.statusCode, json: response.json<{ success: boolean; error?: string }>() };
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

async function feedbackReport(owner: WebchatCaller, webchatId?: string) {
  const today = isoDay(bed.t.clock.now());
  const query = `from=${isoDay(bed.t.clock.now() - 60 * DAY)}&to=${today}&tz=UTC${webchatId ? `&webchatId=${webchatId}` : ''}`;
  const response = await owner.call('GET', `/api/analytics?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>().feedback;
}

const cardOf = async (owner: WebchatCaller, botId: string) =>
  (await owner.call('GET', '/api/webchats')).json<Webchat[]>().find((bot) => bot.id === botId);

describe('rating an answer', () => {
  it('keeps the last rating, shows it on reload and to the owner with the comment and counts', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot();
    const first = await ask(bot.id, 'Where are you?');
    const second = await ask(bot.id, 'When do you open?', first.conversationId);

    expect((await rate(bot.id, first, first.answerId, { rating: 'up' })).status).toBe(200);
    expect(
      (await rate(bot.id, second, second.answerId, { rating: 'down', comment: '  Opening hours are wrong  ' })).status,
    ).toBe(200);

    const reload = (await bed.conversation(bot.id, first.conversationId)).json as ChatConversationResponse;
    expect(reload.messages.map((m) => [m.role, m.rating])).toEqual([
      ['user', undefined],
      ['assistant', 'up'],
      ['user', undefined],
      ['assistant', 'down'],
    ]);

    const detail = (
      await owner.call('GET', `/api/history/webchats/${bot.id}/conversations/${first.conversationId}`)
    ).json<ConversationDetail>();
    const answers = detail.messages.filter((m) => m.role === 'assistant');
    expect(answers.map((m) => [m.feedback?.rating, m.feedback?.comment])).toEqual([
      ['up', null],
      ['down', 'Opening hours are wrong'],
    ]);
    const list = (await owner.call('GET', `/api/history/webchats/${bot.id}/conversations`)).json<ConversationsPage>();
    expect(list.conversations[0]?.feedback).toEqual({ up: 1, down: 1 });
    expect((await cardOf(owner, bot.id))?.recent_feedback).toEqual({ up: 1, down: 1 });

    // A change of mind: the last rating wins, in the view and in every count.
    expect((await rate(bot.id, second, second.answerId, { rating: 'up' })).status).toBe(200);
    const again = (await owner.call('GET', `/api/history/webchats/${bot.id}/conversations`)).json<ConversationsPage>();
    expect(again.conversations[0]?.feedback).toEqual({ up: 2, down: 0 });
    expect((await cardOf(owner, bot.id))?.recent_feedback).toEqual({ up: 2, down: 0 });
    expect(await feedbackReport(owner, bot.id)).toEqual({ up: 2, down: 0, upShare: 1 });
  });

  it('refuses a bad body with the field named', async () => {
    const bot = await (await bed.newOwner()).createBot();
    const turn = await ask(bot.id, 'Hello');
    const refusal = async (body: unknown) => {
      const answer = await rate(bot.id, turn, turn.answerId, body);
      expect(answer.status).toBe(400);
      return answer.json.error;
    };
    expect(await refusal({})).toBe('rating: is required');
    expect(await refusal({ rating: 'meh' })).toBe('rating: must be up or down');
    expect(await refusal({ rating: 1 })).toBe('rating: must be up or down');
    expect(await refusal({ rating: 'down', comment: 42 })).toBe('comment: must be a string');
    expect(await refusal({ rating: 'down', comment: 'x'.repeat(501) })).toBe(
      'comment: must be at most 500 characters long',
    );
    expect(await refusal([])).toMatch(/^body: /);
    expect((await rate(bot.id, turn, turn.answerId, { rating: 'down', comment: 'x'.repeat(500) })).status).toBe(200);
  });

  it("answers 404 for another conversation's answer, a question and another bot", async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot();
    const otherBot = await owner.createBot({ name: 'Other' });
    const mine = await ask(bot.id, 'Mine');
    const theirs = await ask(bot.id, 'Theirs');
    // Someone who knows their own conversation id cannot rate an answer of another one.
    expect((await rate(bot.id, mine, theirs.answerId, { rating: 'down' })).status).toBe(404);
    expect((await rate(bot.id, mine, mine.questionId, { rating: 'down' })).status).toBe(404);
    expect((await rate(otherBot.id, mine, mine.answerId, { rating: 'down' })).status).toBe(404);
    expect((await rate(bot.id, { conversationId: 'not-a-conversation' }, mine.answerId, { rating: 'up' })).status).toBe(
      404,
    );
    const rows = await bed.t.db
      .selectFrom('chat_messages')
      .select('rating')
      .where('rating', 'is not', null)
      .where('conversation_id', 'in', [mine.conversationId, theirs.conversationId])
      .execute();
    expect(rows).toEqual([]);
  });

  it("shows an owner only their own bots' feedback", async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot();
    const turn = await ask(bot.id, 'Hi');
    await rate(bot.id, turn, turn.answerId, { rating: 'down', comment: 'Rude' });
    const stranger = await bed.newOwner();
    expect((await stranger.call('GET', `/api/history/webchats/${bot.id}/conversations`)).statusCode).toBe(404);
    const found = (await stranger.call('GET', '/api/history/search?feedback=any')).json<HistorySearchPage>();
    expect(found.results).toEqual([]);
    expect(await feedbackReport(stranger)).toEqual({ up: 0, down: 0, upShare: null });
  });
});

describe('the bot card and Analytics', () => {
  it('counts the last 30 days on the card, and a rating of an old answer on its own day in Analytics', async () => {
    let owner = await bed.newOwner();
    const bot = await owner.createBot();
    const old = await ask(bot.id, 'An old question');
    bed.t.clock.advance(40 * DAY);
    owner = await signInAgain(bed.t, owner);
    const recent = await ask(bot.id, 'A new question');
    // Analytics was viewed before the ratings: its day cache holds the old day, which must change.
    expect(await feedbackReport(owner, bot.id)).toEqual({ up: 0, down: 0, upShare: null });
    await rate(bot.id, old, old.answerId, { rating: 'down' });
    await rate(bot.id, recent, recent.answerId, { rating: 'up' });

    expect((await cardOf(owner, bot.id))?.recent_feedback).toEqual({ up: 1, down: 0 });
    expect(await feedbackReport(owner, bot.id)).toEqual({ up: 1, down: 1, upShare: 0.5 });
    expect(await feedbackReport(owner)).toEqual({ up: 1, down: 1, upShare: 0.5 });
  });
});

describe('the history filter', () => {
  it('finds chats by the feedback their answers got', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot();
    const liked = await ask(bot.id, 'Liked question');
    const disliked = await ask(bot.id, 'Disliked question');
    const commented = await ask(bot.id, 'Commented question');
    await ask(bot.id, 'Unrated question');
    await rate(bot.id, liked, liked.answerId, { rating: 'up' });
    await rate(bot.id, disliked, disliked.answerId, { rating: 'down' });
    await rate(bot.id, commented, commented.answerId, { rating: 'down', comment: 'Not what I asked' });

    const found = async (query: string) => {
      const response = await owner.call('GET', `/api/history/search?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      // A search with words finds messages: a chat may come up once per matching message.
      return [...new Set(response.json<HistorySearchPage>().results.map((result) => result.id))].sort();
    };
    const ids = (...turns: Turn[]) => turns.map((turn) => turn.conversationId).sort();
    expect(await found('feedback=any')).toEqual(ids(liked, disliked, commented));
    expect(await found('feedback=down')).toEqual(ids(disliked, commented));
    expect(await found('feedback=up')).toEqual(ids(liked));
    expect(await found('feedback=comment')).toEqual(ids(commented));
    // With words: only the matching chats that have such an answer.
    expect(await found('q=question&feedback=down')).toEqual(ids(disliked, commented));
    expect(await found('q=liked&feedback=comment')).toEqual([]);

    const bad = await owner.call('GET', '/api/history/search?feedback=meh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('feedback: must be any, down, up or comment');
  });
});
