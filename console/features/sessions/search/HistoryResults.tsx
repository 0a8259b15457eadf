import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { HistoryExportQuery } from '../../../../shared/api/index.js';
import type { HistorySearchQuery } from '../../../../shared/types/history.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { ExportMenu } from '../../../components/ExportMenu.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { TablePagination } from '../../../components/TablePagination.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { useHistorySearch } from './api.js';
import { HistoryResultItem } from './HistoryResultItem.js';
import { SEARCH_TEXTS } from './searchTexts.js';

export interface HistoryResultsProps {
  query: HistorySearchQuery;
  onPage: (page: { limit: number; offset: number }) => void;
}

/** The results of the search in the address, paged, with the export of all of them. */
export function HistoryResults({ query, onPage }: HistoryResultsProps) {
  const api = useApi();
  const search = useHistorySearch(query);
  const page = search.data;
  const { limit = 10, offset = 0, ...filters } = query;
  const exportQuery: HistoryExportQuery = filters;

  let body: ReactNode;
  if (search.error)
    body = <ErrorCallout>{search.error instanceof Error ? search.error.message : SEARCH_TEXTS.failed}</ErrorCallout>;
  else if (!page) body = <LoadingState label={SEARCH_TEXTS.loading} />;
  else if (page.results.length === 0)
    body = <EmptyState title={SEARCH_TEXTS.none} description={SEARCH_TEXTS.noneHint} />;
  else
    body = (
      <Box aria-busy={search.isValidating} className="sb-sessions-busy">
        <Flex asChild direction="column" gap="2">
          <ul className="sb-results" aria-label={SEARCH_TEXTS.results}>
            {page.results.map((result) => (
              <HistoryResultItem key={`${result.kind}:${result.id}:${result.hit?.messageId ?? ''}`} result={result} />
            ))}
          </ul>
        </Flex>
        <TablePagination limit={limit} offset={offset} total={page.total} more={page.more} onChange={onPage} />
      </Box>
    );

  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby="sb-results-title">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h3" size="4" id="sb-results-title">
              {SEARCH_TEXTS.results}
            </Heading>
            <Text size="2" color="gray" role="status">
              {page && !search.error ? SEARCH_TEXTS.count(page.total, page.more, (query.q ?? '').trim() !== '') : ''}
            </Text>
          </Flex>
          <ExportMenu
            label={SEARCH_TEXTS.exportLabel}
            nouns={SEARCH_TEXTS.nouns}
            fallbackName="search"
            disabled={!page || page.results.length === 0 || Boolean(search.error)}
            open={(format, signal) => api.history.exportSearch(exportQuery, format, signal)}
          />
        </Flex>
        {body}
      </section>
    </Flex>
  );
}
