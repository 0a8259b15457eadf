import { batch, type Signal } from '@preact/signals-core';
import type { AnswerRating, ChatSource, ChatVisitorMessage } from '../../shared/types/chat.js';
import type { WidgetMessage } from '../../shared/types/widget.js';
import type { ChatEventHandlers } from '../chat/ChatTransport.js';
import { TEXT } from '../texts.js';

/** A bubble as these events add it (a ChatMessage; typed here so this file doesn't import the model). */
export type OperatorBubble = WidgetMessage & {
  from?: string;
  answerId?: string;
  rating?: AnswerRating;
  sources?: ChatSource[];
};

export interface OperatorPanel {
  /** The person holding the conversation now. */
  operator: Signal<string | null>;
  /** A person was asked for (or joined): "Talk to a person" is no longer offered. */
  asked: Signal<boolean>;
  /** Server ids of the messages the panel shows. */
  shown: Set<string>;
  notify: (text: string) => void;
  append: (messages: OperatorBubble[]) => void;
  /** Reads the kept messages again and adds those not shown. */
  catchUp: () => Promise<void>;
}

/** What each event of the conversation's events stream (issue 23) does to the panel. */
export function operatorEvents(panel: OperatorPanel): ChatEventHandlers {
  const { operator, asked, shown, notify } = panel;
  return {
    onOperator: (name, joined) =>
      batch(() => {
        operator.value = joined ? name : null;
        if (joined) asked.value = true;
        notify(joined ? TEXT.joined(name) : TEXT.left(name));
      }),
    onMessage: ({ id, name, text }) => {
      if (shown.has(id)) return;
      shown.add(id);
      panel.append([{ id, role: 'assistant', text, from: name }]);
    },
    // This window's own request was said already.
    onWaiting: () => {
      if (asked.peek()) return;
      batch(() => {
        asked.value = true;
        notify(TEXT.personAsked);
      });
    },
    onReopen: () => void panel.catchUp(),
  };
}

/** A kept message as a bubble; an operator's keeps their name. */
/** A kept message as a bubble: an operator's names them, the bot's answers may be rated (issue 25). */
export const toChatMessage = ({
  id,
  role,
  text,
  operatorName,
  rating,
  sources,
}: ChatVisitorMessage): OperatorBubble => ({
  id,
  role,
  text,
  ...(operatorName ? { from: operatorName } : role === 'assistant' && { answerId: id }),
  ...(rating && { rating }),
  ...(sources?.length && { sources }),
});
