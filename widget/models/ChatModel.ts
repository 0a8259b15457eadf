import { batch, computed, signal } from '@preact/signals-core';
import type { AnswerRating } from '../../shared/types/chat.js';
import { type ChatNotice, ChatSendError } from '../chat/ChatSendError.js';
import { TEXT } from '../texts.js';
import type { ChatMessage, ChatModel, ChatModelOptions, ChatNoticeState } from './chatModelTypes.js';
import { createLiveLink } from './createLiveLink.js';
import { operatorEvents, toChatMessage } from './operatorEvents.js';

export type { ChatMessage, ChatModel, ChatModelOptions, ChatNoticeState } from './chatModelTypes.js';

/** A long Retry-After would lock the chat for good; past a minute the visitor may as well try. */
const MAX_WAIT_MS = 60_000;

export function createChatModel(options: ChatModelOptions = {}): ChatModel {
  const { transport, store } = options;
  const welcome = signal(options.welcomeMessage ?? '');
  const questions = signal(options.starterQuestions ?? []);
  const history = signal<ChatMessage[]>(options.messages?.map((m) => ({ ...m })) ?? []);
  const draft = signal('');
  const sending = signal(false);
  const waiting = signal(false);
  const refused = signal(false);
  const started = computed(() => history.value.some((m) => m.role === 'user'));
  const busy = computed(() => sending.value || waiting.value || refused.value);
  const notice = signal<ChatNoticeState | null>(null);
  let conversationId = store?.read() ?? null;
  // Server ids of messages this page already shows, so a restore finishing late doesn't repeat them.
  const shown = new Set<string>();
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;

  const add = (message: Omit<ChatMessage, 'id'>): string => {
    const id = `sb-${++nextId}`;
    history.value = [...history.peek(), { ...message, id }];
    return id;
  };
  const operator = signal<string | null>(null);
  const offered = signal(!!options.talkToPerson);
  const asked = signal(false);
  const notify = (text: string) => add({ role: 'system', text });
  const append = (messages: ChatMessage[]) => {
    history.value = [...history.peek(), ...messages];
  };
  // Kept messages not shown yet (those of a pause in the events stream), at the end.
  const catchUp = async (): Promise<void> => {
    const id = conversationId;
    const kept = id ? await transport?.load(id).catch(() => null) : null;
    if (!kept || conversationId !== id) return;
    const missed = kept.messages.filter((m) => !shown.has(m.id));
    for (const m of missed) shown.add(m.id);
    if (missed.length) append(missed.map(toChatMessage));
  };
  const link = createLiveLink(
    transport,
    () => conversationId,
    operatorEvents({ operator, asked, shown, notify, append, catchUp }),
  );
  const remember = (id: string | null): void => {
    conversationId = id;
    if (id) store?.write(id);
    else store?.clear();
    link.follow();
  };

  const deliver = async (text: string): Promise<void> => {
    let userId = '';
    let replyId = '';
    batch(() => {
      notice.value = transport ? null : { kind: 'notConnected', message: '' };
      userId = add({ role: 'user', text, failed: !transport });
      if (transport) replyId = add({ role: 'assistant', text: '', streaming: true });
    });
    if (!transport) return;
    sending.value = true;
    const abort = new AbortController();
    controller = abort;
    const named = conversationId;
    // Each change maps over the newest list: deltas and a restore may both have changed it.
    const update = (change: (m: ChatMessage) => ChatMessage[]): void => {
      history.value = history.peek().flatMap((m) => (m.id === userId || m.id === replyId ? change(m) : [m]));
    };
    try {
      const answerId = await transport.send(
        named ? { conversationId: named, text } : { text },
        {
          onStart: (id, userMessageId) => {
            if (id !== conversationId) remember(id);
            shown.add(userMessageId);
          },
          onDelta: (delta) => update((m) => [m.id === replyId ? { ...m, text: m.text + delta } : m]),
          onContactRequest: options.onContactRequest,
          onSources: (sources) => update((m) => [m.id === replyId ? { ...m, sources } : m]),
        },
        abort.signal,
      );
      shown.add(answerId);
      // An empty answer leaves no empty bubble behind.
      update((m) =>
        m.id === userId ? [m] : m.text ? [{ ...m, streaming: false, ...(answerId && { answerId }) }] : [],
      );
    } catch (error) {
      if (abort.signal.aborted) return;
      const failure = error instanceof ChatSendError ? error : new ChatSendError('failed', true);
      let kind: ChatNotice = failure.failure;
      // A 404 for a conversation we named: it is gone (retention), and a retry starts a new one.
      if (kind === 'notFound' && named) {
        if (conversationId === named) remember(null);
        kind = 'failed';
      }
      batch(() => {
        // The visitor's message isn't kept on a failure, so a partial answer goes with it.
        update((m) => (m.id === userId ? [{ ...m, failed: true, retryable: failure.retryable }] : []));
        notice.value = { kind, message: failure.serverMessage };
      });
      if (failure.retryAfterMs) {
        waiting.value = true;
        clearTimeout(timer);
        timer = setTimeout(() => (waiting.value = false), Math.min(failure.retryAfterMs, MAX_WAIT_MS));
      }
    } finally {
      sending.value = false;
    }
  };

  return {
    messages: computed(() => {
      const text = welcome.value.trim();
      return text ? [{ id: 'sb-welcome', role: 'assistant', text }, ...history.value] : history.value;
    }),
    draft,
    busy,
    notice,
    setDraft: (text) => {
      draft.value = text;
    },
    setWelcomeMessage: (text) => {
      welcome.value = text;
    },
    send: async () => {
      const text = draft.peek().trim();
      if (!text || busy.peek()) return;
      draft.value = '';
      await deliver(text);
    },
    retry: async (id) => {
      const message = history.peek().find((m) => m.id === id);
      if (!message?.retryable || busy.peek()) return;
      history.value = history.peek().filter((m) => m !== message);
      await deliver(message.text);
    },
    restore: async () => {
      const id = conversationId;
      if (!transport || !id) return;
      try {
        const kept = await transport.load(id);
        // A send meanwhile may have moved to another conversation: this one is no longer ours.
        if (conversationId !== id) return;
        if (!kept) return remember(null);
        if (kept.leadSent) options.onLeadSent?.();
        const earlier = kept.messages.filter((m) => !shown.has(m.id)).map(toChatMessage);
        for (const m of earlier) shown.add(m.id);
        history.value = [...earlier, ...history.peek()];
      } catch {
        // Unreachable for now: the id stays stored and the next page load tries again.
      }
    },
    started,
    starters: computed(() => (started.value ? [] : questions.value)),
    setStarterQuestions: (next) => {
      questions.value = next;
    },
    ask: async (text) => {
      if (!text.trim() || busy.peek()) return;
      await deliver(text.trim());
    },
    startOver: () => {
      controller?.abort();
      clearTimeout(timer);
      shown.clear();
      batch(() => {
        history.value = [];
        notice.value = refused.peek() ? notice.peek() : null;
        sending.value = false;
        waiting.value = false;
        operator.value = null;
        asked.value = false;
      });
      remember(null);
    },
    refuse: (kind) => {
      batch(() => {
        refused.value = true;
        notice.value = { kind, message: '' };
      });
    },
    canRate: !!transport?.rate,
    excerpt: transport?.excerpt,
    rate: async (id, rating, comment) => {
      const conversation = conversationId;
      const answer = history.peek().find((m) => m.id === id);
      // The same thumb again changes nothing (and keeps a comment given with it).
      if (!transport?.rate || !conversation || !answer?.answerId || (answer.rating === rating && !comment)) return;
      const rated = (to: AnswerRating | undefined, from: AnswerRating | undefined) => {
        history.value = history.peek().map((m) => (m.id === id && m.rating === from ? { ...m, rating: to } : m));
      };
      rated(rating, answer.rating);
      try {
        await transport.rate(conversation, answer.answerId, comment ? { rating, comment } : { rating });
      } catch {
        // Not kept: the buttons show what the server has (unless the visitor has changed it since).
        rated(answer.rating, rating);
      }
    },
    dispose: () => {
      controller?.abort();
      clearTimeout(timer);
    },
    listen: link.start,
    operator,
    personOffered: computed(() => offered.value && started.value && !asked.value && !operator.value),
    setTalkToPerson: (next) => {
      offered.value = next;
    },
    askPerson: async () => {
      const id = conversationId;
      if (!id || !transport?.askPerson || asked.peek()) return;
      asked.value = true;
      const ok = await transport.askPerson(id);
      batch(() => {
        if (ok) notify(TEXT.personAsked);
        else {
          asked.value = false;
          notice.value = { kind: 'failed', message: '' };
        }
      });
    },
    conversationId: () => conversationId,
    adopt: remember,
  };
}
