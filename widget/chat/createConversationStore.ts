import { CONVERSATION_ID_PATTERN, conversationStorageKey } from '../../shared/types/chat.js';
import { pageStorage } from '../pageStorage.js';

/** Where the visitor's conversation id with one bot is kept between page loads. */
export interface ConversationStore {
  read: () => string | null;
  write: (conversationId: string) => void;
  clear: () => void;
}

/** The conversation id in the customer page's localStorage, under conversationStorageKey. */
export function createConversationStore(webchatId: string): ConversationStore {
  const key = conversationStorageKey(webchatId);
  return {
    read: () => {
      const id = pageStorage.read(key);
      // The page (or another script on it) can write anything there: only a real id is sent on.
      return id && CONVERSATION_ID_PATTERN.test(id) ? id : null;
    },
    write: (conversationId) => pageStorage.write(key, conversationId),
    clear: () => pageStorage.remove(key),
  };
}
