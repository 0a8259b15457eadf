import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ConversationsListQuery, DEFAULT_CONVERSATIONS_QUERY } from './api.js';
import { ConversationList } from './ConversationList.js';
import { ConversationView } from './ConversationView.js';
import { CONVERSATION_PARAM } from './conversationSearch.js';
import { useHandoffEvents } from './useHandoffEvents.js';
import './conversations.css';

/**
 * The bot page's Conversations tab (issue 11): the list, or the conversation named in the address
 * (`?tab=conversations&conversation=<id>`). The list's page is kept here, so coming back from a
 * conversation shows the page it was opened from.
 */
export function ConversationsTab({ webchatId, botName }: { webchatId: string; botName: string }) {
  const [params] = useSearchParams();
  const [query, setQuery] = useState<ConversationsListQuery>(DEFAULT_CONVERSATIONS_QUERY);
  const open = params.get(CONVERSATION_PARAM);
  useHandoffEvents(webchatId);
  return open ? (
    <ConversationView webchatId={webchatId} conversationId={open} />
  ) : (
    <ConversationList webchatId={webchatId} botName={botName} query={query} onQueryChange={setQuery} />
  );
}
