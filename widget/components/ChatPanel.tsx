import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel.js';
import type { LeadModel } from '../models/LeadModel.js';
import type { WidgetModel } from '../models/WidgetModel.js';
import { TEXT } from '../texts.js';
import { Avatar } from './Avatar.js';
import { Composer } from './Composer.js';
import { CloseIcon, NewChatIcon } from './icons.js';
import { LeadForm } from './LeadForm.js';
import { MessageList } from './MessageList.js';
import { reactive } from './reactive.js';

export interface ChatPanelProps {
  model: WidgetModel;
  chat: ChatModel;
  lead: LeadModel;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The open chat: header with avatar, title and close button, the messages, the composer. */
export const ChatPanel = reactive(function ChatPanel({ model, chat, lead, inputRef }: ChatPanelProps) {
  const title = model.title.value;
  // Issue 23: an operator's words arrive while the panel is open and the page visible, no longer.
  useEffect(() => {
    let stop = document.hidden ? null : chat.listen();
    const follow = () => {
      stop?.();
      stop = document.hidden ? null : chat.listen();
    };
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      stop?.();
    };
  }, [chat]);
  // Before the chat the form stands in for the composer (issue 25); otherwise it sits above it.
  const waiting = lead.blocking.value;
  return (
    <section class="panel" role="dialog" aria-label={title}>
      <header class="header">
        <Avatar src={model.appearance.value.avatar_image} />
        <h2 class="title">{title}</h2>
        {chat.started.value && (
          <button
            type="button"
            class="close"
            aria-label={TEXT.startOver}
            title={TEXT.startOver}
            onClick={() => {
              chat.startOver();
              lead.reset();
              inputRef.current?.focus();
            }}
          >
            <NewChatIcon />
          </button>
        )}
        <button type="button" class="close" aria-label={TEXT.closeChat} onClick={() => model.close()}>
          <CloseIcon size={20} />
        </button>
      </header>
      <MessageList
        chat={chat}
        onRetry={(id) => {
          // The Retry button goes away with its failed bubble: keep the keyboard in the chat.
          inputRef.current?.focus();
          void chat.retry(id);
        }}
      />
      <LeadForm lead={lead} onDone={() => requestAnimationFrame(() => inputRef.current?.focus())} />
      {!waiting && chat.starters.value.length > 0 && (
        <fieldset class="starters" aria-label={TEXT.suggestions}>
          {chat.starters.value.map((question) => (
            <button
              key={question}
              type="button"
              class="starter"
              disabled={chat.busy.value}
              onClick={() => {
                // The chips go once the question is sent: keep the keyboard in the chat.
                inputRef.current?.focus();
                void chat.ask(question);
              }}
            >
              {question}
            </button>
          ))}
        </fieldset>
      )}
      {chat.personOffered.value && (
        <button type="button" class="person" onClick={() => void chat.askPerson()}>
          {TEXT.talkToPerson}
        </button>
      )}
      {!waiting && <Composer chat={chat} inputRef={inputRef} />}
    </section>
  );
});
