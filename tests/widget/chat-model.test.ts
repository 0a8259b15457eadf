// @vitest-environment node
// Models hold the widget's state and run without a DOM (STYLE.md rule 6).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSendRequest, ChatVisitorMessage } from '../../shared/types/chat.js';
import { ChatSendError } from '../../widget/chat/ChatSendError.js';
import type { ChatSendHandlers, ChatTransport, KeptConversation } from '../../widget/chat/ChatTransport.js';
import type { ConversationStore } from '../../widget/chat/createConversationStore.js';
import { type ChatModelOptions, createChatModel } from '../../widget/models/ChatModel.js';

/** A transport whose answers the test streams by hand, one send at a time. */
function manualTransport() {
  const sent: ChatSendRequest[] = [];
  let handlers: ChatSendHandlers = { onStart: () => {}, onDelta: () => {} };
  let finish: (answerId: string) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  let signal: AbortSignal | undefined;
  const kept = { load: vi.fn<ChatTransport['load']>(async () => null) };
  const transport: ChatTransport = {
    send: (request, h, abortSignal) => {
      sent.push(request);
      handlers = h;
      signal = abortSignal;
      return new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    load: (id) => kept.load(id),
  };
  return {
    transport,
    sent,
    load: kept.load,
    get signal() {
      return signal;
    },
    start: (conversationId = 'c1', userMessageId = 'u1') => handlers.onStart(conversationId, userMessageId),
    push: (delta: string) => handlers.onDelta(delta),
    finish: (answerId = 'a1') => finish(answerId),
    fail: (error: unknown) => fail(error),
  };
}

function memoryStore(initial: string | null = null): ConversationStore & { value: string | null } {
  const store = {
    value: initial,
    read: () => store.value,
    write: (id: string) => {
      store.value = id;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

/** The bubbles as `role:text`, with their state. */
const texts = (model: ReturnType<typeof createChatModel>) =>
  model.messages.value.map(
    (m) =>
      `${m.role}:${m.text}${m.streaming ? ' (streaming)' : ''}${m.failed ? (m.retryable ? ' (failed, retry)' : ' (failed)') : ''}`,
  );

function chat(options: ChatModelOptions = {}) {
  const wire = manualTransport();
  const model = createChatModel({ transport: wire.transport, ...options });
  const say = (text: string) => {
    model.setDraft(text);
    return model.send();
  };
  return { wire, model, say };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ChatModel: messages', () => {
  it('shows the welcome message before the conversation and follows changes to it', () => {
    const model = createChatModel({ welcomeMessage: 'Hi!', messages: [{ id: 'a', role: 'user', text: 'Hello' }] });
    expect(texts(model)).toEqual(['assistant:Hi!', 'user:Hello']);
    model.setWelcomeMessage('  ');
    expect(texts(model)).toEqual(['user:Hello']);
  });

  it('without a transport marks the message not sent and says "not connected"', async () => {
    const model = createChatModel();
    model.setDraft('  Is anyone there?  ');
    await model.send();
    expect(texts(model)).toEqual(['user:Is anyone there? (failed)']);
    expect(model.notice.value).toEqual({ kind: 'notConnected', message: '' });
    expect(model.draft.value).toBe('');
  });

  it('ignores a blank draft', async () => {
    const model = createChatModel();
    model.setDraft('   ');
    await model.send();
    expect(model.messages.value).toEqual([]);
    expect(model.notice.value).toBeNull();
  });

  it('copies sample messages, so a caller mutating its array changes nothing', () => {
    const samples = [{ id: 's', role: 'system' as const, text: 'Agent joined' }];
    const model = createChatModel({ messages: samples });
    samples[0]!.text = 'changed';
    expect(texts(model)).toEqual(['system:Agent joined']);
  });
});

describe('ChatModel: streaming', () => {
  it('shows the typing state until the first token, then grows the answer in order', async () => {
    const { wire, model, say } = chat();
    const done = say('Opening hours?');
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant: (streaming)']);
    wire.start();
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant: (streaming)']);
    wire.push('Nine ');
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant:Nine  (streaming)']);
    wire.push('to five');
    wire.push(', Monday to Friday.');
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant:Nine to five, Monday to Friday. (streaming)']);
    wire.finish();
    await done;
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant:Nine to five, Monday to Friday.']);
    expect(model.busy.value).toBe(false);
  });

  it('refuses to send while an answer streams, keeping what the visitor types meanwhile', async () => {
    const { wire, model, say } = chat();
    const done = say('First');
    expect(model.busy.value).toBe(true);
    model.setDraft('Second, typed while waiting');
    await model.send();
    expect(wire.sent).toEqual([{ text: 'First' }]);
    expect(model.draft.value).toBe('Second, typed while waiting');
    wire.push('Answer');
    wire.finish();
    await done;
    expect(model.busy.value).toBe(false);
    const next = model.send();
    expect(wire.sent.map((r) => r.text)).toEqual(['First', 'Second, typed while waiting']);
    wire.finish();
    await next;
  });

  it('leaves no empty bubble behind an answer without text', async () => {
    const { wire, model, say } = chat();
    const done = say('Hi');
    wire.finish();
    await done;
    expect(texts(model)).toEqual(['user:Hi']);
  });
});

describe('ChatModel: failures and Retry', () => {
  it('marks a failed message "Not sent" with Retry, drops the partial answer and shows the notice', async () => {
    const { wire, model, say } = chat();
    const done = say('Hello');
    wire.push('Half an ans');
    wire.fail(new ChatSendError('network', true));
    await done;
    expect(texts(model)).toEqual(['user:Hello (failed, retry)']);
    expect(model.notice.value).toEqual({ kind: 'network', message: '' });
    expect(model.busy.value).toBe(false);
  });

  it('Retry sends the same text again as the newest message, and a success clears the stale notice', async () => {
    const { wire, model, say } = chat();
    const first = say('Hello');
    wire.fail(new ChatSendError('unavailable', true));
    await first;
    const second = say('Anyone?');
    wire.fail(new ChatSendError('unavailable', true));
    await second;
    const failedHello = model.messages.value[0]!;

    const retried = model.retry(failedHello.id);
    expect(wire.sent.map((r) => r.text)).toEqual(['Hello', 'Anyone?', 'Hello']);
    expect(texts(model)).toEqual(['user:Anyone? (failed, retry)', 'user:Hello', 'assistant: (streaming)']);
    wire.push('Hi there!');
    wire.finish();
    await retried;
    expect(texts(model)).toEqual(['user:Anyone? (failed, retry)', 'user:Hello', 'assistant:Hi there!']);
    expect(model.notice.value).toBeNull();
  });

  it("shows a non-retryable error's own message, without Retry", async () => {
    const { wire, model, say } = chat();
    const done = say('Hello');
    wire.fail(new ChatSendError('failed', false, 'This bot is not set up yet.'));
    await done;
    expect(texts(model)).toEqual(['user:Hello (failed)']);
    expect(model.notice.value).toEqual({ kind: 'failed', message: 'This bot is not set up yet.' });
    await model.retry(model.messages.value[0]!.id);
    expect(wire.sent).toHaveLength(1);
  });

  it('treats an unexpected error as a retryable failure', async () => {
    const { wire, model, say } = chat();
    const done = say('Hello');
    wire.fail(new Error('boom'));
    await done;
    expect(texts(model)).toEqual(['user:Hello (failed, retry)']);
    expect(model.notice.value?.kind).toBe('failed');
  });

  it("waits out a 429's Retry-After before sending or retrying again, at most a minute", async () => {
    vi.useFakeTimers();
    const { wire, model, say } = chat();
    const done = say('Hello');
    wire.fail(new ChatSendError('rateLimited', true, '', 5_000));
    await done;
    expect(model.notice.value?.kind).toBe('rateLimited');
    expect(model.busy.value).toBe(true);
    await model.retry(model.messages.value[0]!.id);
    await say('Other');
    expect(wire.sent).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(model.busy.value).toBe(false);

    const next = model.retry(model.messages.value[0]!.id);
    wire.fail(new ChatSendError('rateLimited', true, '', 3_600_000));
    await next;
    vi.advanceTimersByTime(60_000);
    expect(model.busy.value).toBe(false);
  });
});

describe('ChatModel: the conversation across page loads', () => {
  it('stores the conversation id from start and sends it with the next message', async () => {
    const store = memoryStore();
    const { wire, say } = chat({ store });
    const first = say('Hi');
    wire.start('conversation-1');
    expect(store.value).toBe('conversation-1');
    wire.finish();
    await first;
    const second = say('More');
    wire.finish();
    await second;
    expect(wire.sent).toEqual([{ text: 'Hi' }, { conversationId: 'conversation-1', text: 'More' }]);
  });

  it('restores the kept conversation after the welcome message', async () => {
    const kept: ChatVisitorMessage[] = [
      { id: 'u1', role: 'user', text: 'Hi', createdAt: 1 },
      { id: 'a1', role: 'assistant', text: 'Hello **again**', createdAt: 2 },
    ];
    const { wire, model } = chat({ welcomeMessage: 'Welcome!', store: memoryStore('conversation-1') });
    wire.load.mockResolvedValueOnce({ messages: kept, leadSent: false });
    await model.restore();
    expect(wire.load).toHaveBeenCalledWith('conversation-1');
    expect(texts(model)).toEqual(['assistant:Welcome!', 'user:Hi', 'assistant:Hello **again**']);
  });

  it('forgets a conversation the server no longer has, and starts a new one', async () => {
    const store = memoryStore('conversation-1');
    const { wire, model, say } = chat({ store });
    await model.restore();
    expect(store.value).toBeNull();
    const done = say('Hi');
    wire.finish();
    await done;
    expect(wire.sent).toEqual([{ text: 'Hi' }]);
  });

  it('keeps the id when the server is unreachable, for the next page load', async () => {
    const store = memoryStore('conversation-1');
    const { wire, model } = chat({ store });
    wire.load.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await model.restore();
    expect(store.value).toBe('conversation-1');
    expect(texts(model)).toEqual([]);
  });

  it('puts a late restore before messages sent meanwhile, without repeating them', async () => {
    let answer: (kept: KeptConversation) => void = () => {};
    const { wire, model, say } = chat({ store: memoryStore('conversation-1') });
    wire.load.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const restoring = model.restore();
    const sending = say('New question');
    wire.start('conversation-1', 'u2');
    wire.push('New answer');
    wire.finish('a2');
    await sending;
    answer({
      messages: [
        { id: 'u1', role: 'user', text: 'Old question', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'Old answer', createdAt: 2 },
        { id: 'u2', role: 'user', text: 'New question', createdAt: 3 },
        { id: 'a2', role: 'assistant', text: 'New answer', createdAt: 4 },
      ],
      leadSent: false,
    });
    await restoring;
    expect(texts(model)).toEqual([
      'user:Old question',
      'assistant:Old answer',
      'user:New question',
      'assistant:New answer',
    ]);
  });

  it('on a 404 for the stored conversation, forgets it and lets Retry start a new one', async () => {
    const store = memoryStore('conversation-1');
    const { wire, model, say } = chat({ store });
    const done = say('Hi');
    wire.fail(new ChatSendError('notFound', true));
    await done;
    expect(store.value).toBeNull();
    expect(texts(model)).toEqual(['user:Hi (failed, retry)']);
    expect(model.notice.value?.kind).toBe('failed');
    const retried = model.retry(model.messages.value[0]!.id);
    wire.finish();
    await retried;
    expect(wire.sent).toEqual([{ conversationId: 'conversation-1', text: 'Hi' }, { text: 'Hi' }]);
  });

  it('says the chat is gone on a 404 for the bot itself', async () => {
    const { wire, model, say } = chat();
    const done = say('Hi');
    wire.fail(new ChatSendError('notFound', false));
    await done;
    expect(texts(model)).toEqual(['user:Hi (failed)']);
    expect(model.notice.value?.kind).toBe('notFound');
  });

  it('stops a streaming answer on dispose without calling it a failure', async () => {
    const { wire, model, say } = chat();
    const done = say('Hi');
    wire.push('Par');
    model.dispose();
    expect(wire.signal?.aborted).toBe(true);
    wire.fail(new DOMException('aborted', 'AbortError'));
    await done;
    expect(model.notice.value).toBeNull();
    expect(texts(model).some((t) => t.includes('failed'))).toBe(false);
  });
});
