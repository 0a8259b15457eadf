import { Box } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { ExportMenu } from '../../components/ExportMenu.js';
import { LoadingState } from '../../components/LoadingState.js';
import { RefreshButton } from '../../components/RefreshButton.js';
import { SortOrderButton } from '../../components/SortOrderButton.js';
import { TablePagination } from '../../components/TablePagination.js';
import { useApi } from '../../lib/ApiProvider.js';
import { type EndedQuery, useEndedSessions } from './api.js';
import { EndedSessionsTable } from './EndedSessionsTable.js';
import { endedQueryFromParams, withEndedQuery } from './endedParams.js';
import { SessionsSection } from './SessionsSection.js';
import { SESSION_TEXTS } from './sessionTexts.js';

/**
 * The ended table with its sort toggle, refresh and pagination (spec part 1 §2, §9), and its
 * export (issue 11). Sort, page size and page live in the address (endedParams.ts); a change
 * replaces the address rather than adding to history, so Back leaves the page as before.
 */
export function EndedSessionsSection({ names }: { names: ReadonlyMap<string, string> }) {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const query = endedQueryFromParams(params);
  const setQuery = (next: EndedQuery) => setParams((current) => withEndedQuery(current, next), { replace: true });
  const ended = useEndedSessions(query);
  const busy = ended.isValidating;

  const actions = (
    <>
      <SortOrderButton
        order={query.order}
        onChange={(order) => setQuery({ ...query, order, offset: 0 })}
        labels={{ desc: SESSION_TEXTS.newestFirst, asc: SESSION_TEXTS.oldestFirst }}
      />
      <RefreshButton label={SESSION_TEXTS.refreshEnded} busy={busy} onClick={() => void ended.mutate()} />
      <ExportMenu
        label={SESSION_TEXTS.exportEnded}
        nouns={{ one: 'call', many: 'calls' }}
        fallbackName="ended-calls"
        disabled={!ended.data || ended.data.total === 0}
        open={(format, signal) => api.history.exportCalls(format, query.order, signal)}
      />
    </>
  );

  let body: ReactNode;
  if (ended.error) body = <ErrorCallout>{SESSION_TEXTS.endedFetchFailed}</ErrorCallout>;
  else if (!ended.data) body = <LoadingState label={SESSION_TEXTS.loadingEnded} />;
  else
    body = (
      <Box aria-busy={busy} className="sb-sessions-busy">
        {ended.data.sessions.length === 0 ? (
          <EmptyState title={SESSION_TEXTS.noEnded} />
        ) : (
          <EndedSessionsTable sessions={ended.data.sessions} names={names} order={query.order} />
        )}
        {ended.data.total > 0 ? (
          <TablePagination
            limit={query.limit}
            offset={query.offset}
            total={ended.data.total}
            onChange={(page) => setQuery({ ...query, ...page })}
          />
        ) : null}
      </Box>
    );

  return (
    <SessionsSection id="sessions-ended" title={SESSION_TEXTS.endedHeading} actions={actions}>
      {body}
    </SessionsSection>
  );
}
