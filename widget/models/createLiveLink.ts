import type { ChatEventHandlers, ChatTransport } from '../chat/ChatTransport.js';

export interface LiveLink {
  /** The panel is open and the page visible: listen to the conversation (now or once it exists). */
  start: () => () => void;
  /** The conversation changed (a first message, Start over): listen to the new one. */
  follow: () => void;
}

/**
 * The events stream of the visitor's conversation (issue 23) held open only while someone looks:
 * the panel open, the page visible (ChatPanel says when), and a conversation to listen to. A
 * stream opened again after a pause catches up from the kept messages (`handlers.onReopen`).
 */
export function createLiveLink(
  transport: ChatTransport | undefined,
  conversationId: () => string | null,
  handlers: ChatEventHandlers,
): LiveLink {
  let wanted = false;
  let paused = false;
  let open: { id: string; stop: () => void } | null = null;
  const follow = (): void => {
    const id = wanted ? conversationId() : null;
    if (open?.id === id) return;
    open?.stop();
    open = null;
    if (!id || !transport?.listen) return;
    if (paused) handlers.onReopen();
    open = { id, stop: transport.listen(id, handlers) };
  };
  return {
    start: () => {
      wanted = true;
      follow();
      return () => {
        wanted = false;
        paused = true;
        follow();
      };
    },
    follow,
  };
}
