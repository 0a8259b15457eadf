import { Flex } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { ActiveSessionsTable } from './ActiveSessionsTable.js';
import { isEndedKey, useActiveSessions, useAgentNames } from './api.js';
import { EndedSessionsSection } from './EndedSessionsSection.js';
import { SessionsHeader } from './SessionsHeader.js';
import { SessionsSection } from './SessionsSection.js';
import { HistorySearchSection } from './search/HistorySearchSection.js';
import { SESSION_TEXTS } from './sessionTexts.js';
import { useSessionEvents } from './useSessionEvents.js';
import './sessions.css';

/** Active and ended call sessions (/sessions, spec part 1 §2 "Sessions page"), under the search of calls and chats (issue 11). */
export function SessionsPage() {
  useDocumentTitle(SESSION_TEXTS.heading);
  useSessionEvents();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  const [lastRefreshed, setLastRefreshed] = useState<Date | null>(null);
  const active = useActiveSessions({ onSuccess: () => setLastRefreshed(new Date()) });
  const agents = useAgentNames();

  const refresh = () => {
    void active.mutate();
    void agents.refresh();
    void mutate(isEndedKey(userId));
  };

  let body: ReactNode;
  if (active.error) body = <ErrorCallout>{SESSION_TEXTS.fetchFailed}</ErrorCallout>;
  else if (!active.data) body = <LoadingState label={SESSION_TEXTS.loadingActive} />;
  else if (active.data.length === 0) body = <EmptyState title={SESSION_TEXTS.noActive} />;
  else body = <ActiveSessionsTable sessions={active.data} names={agents.names} />;

  return (
    <Flex direction="column" gap="6">
      <SessionsHeader lastRefreshed={lastRefreshed} refreshing={active.isValidating} onRefresh={refresh} />
      <HistorySearchSection agents={agents.names} />
      <SessionsSection id="sessions-active" title={SESSION_TEXTS.activeHeading}>
        {body}
      </SessionsSection>
      <EndedSessionsSection names={agents.names} />
    </Flex>
  );
}
