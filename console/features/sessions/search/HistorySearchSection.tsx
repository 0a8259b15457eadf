import { Card, Flex } from '@radix-ui/themes';
import { useSearchParams } from 'react-router-dom';
import { keepingEndedQuery } from '../endedParams.js';
import { SessionsSection } from '../SessionsSection.js';
import { useBotNames } from './api.js';
import { HistoryResults } from './HistoryResults.js';
import { HistorySearchForm } from './HistorySearchForm.js';
import { formFromParams, paramsFromForm, queryFromParams } from './searchParams.js';
import { SEARCH_TEXTS } from './searchTexts.js';
import './historySearch.css';

/**
 * The Sessions page's search of calls and chats (issue 11): words and filters in the address,
 * results under the form only once a search is made, each opening where it belongs. The Ended
 * table's own parameters stay in the address through a search.
 */
export function HistorySearchSection({ agents }: { agents: ReadonlyMap<string, string> }) {
  const [params, setParams] = useSearchParams();
  const bots = useBotNames();
  const query = queryFromParams(params);
  const form = formFromParams(params);
  return (
    <SessionsSection id="sessions-search" title={SEARCH_TEXTS.heading}>
      <Card size="2">
        <Flex direction="column" gap="5">
          <HistorySearchForm
            initial={form}
            agents={agents}
            bots={bots.data ?? []}
            onSearch={(next) => setParams((current) => keepingEndedQuery(current, paramsFromForm(next)))}
          />
          {query ? (
            <HistoryResults
              query={query}
              onPage={(page) => setParams((current) => keepingEndedQuery(current, paramsFromForm(form, page)))}
            />
          ) : null}
        </Flex>
      </Card>
    </SessionsSection>
  );
}
