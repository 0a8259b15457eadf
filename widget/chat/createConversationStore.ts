import { CONVERSATION_ID_PATTERN, conversationStorageKey } from '../../shared/types/chat.js';

/** Where the visitor's conversation id with one bot is kept between page loads. */
export interface ConversationStore {
  read: () => string | null;
  write: (conversationId: string) => void;
  clear: () => void;
}

/**
 * The conversation id in the customer page's localStorage, under conversationStorageKey. Merely
 * touching localStorage throws in sandboxed iframes and some privacy modes: then nothing is kept
 * and the chat simply starts afresh on the next page load.
 */
export function createConversationStore(webchatId: string): ConversationStore {
  const key = conversationStorageKey(webchatId);
  const attempt = <T>(use: (storage: Storage) => T): T | null => {
    try {
      return use(localStorage);
    } catch {
      return null;
    }
  };
  return {
    read: () => {
      const id = attempt((storage) => storage.getItem(key));
      // The page (or another script on it) can write anything there: only a real id is sent on.
      return id && CONVERSATION_ID_PATTERN.test(id) ? id : null;
    },
    write: (conversationId) => attempt((storage) => storage.setItem(key, conversationId)),
    clear: () => attempt((storage) => storage.removeItem(key)),
  };
}
