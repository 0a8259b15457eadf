import { Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { AnalyticsCharts } from './AnalyticsCharts.js';
import { AnalyticsFilters } from './AnalyticsFilters.js';
import { AnalyticsHeadlines } from './AnalyticsHeadlines.js';
import { browserTimeZone, choiceFromParams, paramsFromChoice, queryOf } from './analyticsRange.js';
import { ANALYTICS_TEXTS as TEXTS } from './analyticsTexts.js';
import { useAnalytics, useSourceNames } from './api.js';
import './analytics.css';

/**
 * /analytics (issue 21): the effective user's calls and chats over a range of days in the
 * browser's time zone, for all their agents and bots or one. The choice lives in the address.
 */
export function AnalyticsPage() {
  useDocumentTitle(TEXTS.title);
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // Today is read once per choice: a page left open overnight keeps the range it shows.
  const choice = useMemo(() => choiceFromParams(new URLSearchParams(paramsKey), new Date()), [paramsKey]);
  const tz = useMemo(browserTimeZone, []);
  const query = queryOf(choice, tz);
  const report = useAnalytics(query);
  const sources = useSourceNames();

  let body: ReactNode;
  if (!query) body = null;
  else if (report.error && !report.isValidating)
    body = (
      <Flex direction="column" gap="3" align="start">
        <ErrorCallout>{report.error instanceof Error ? report.error.message : TEXTS.failed}</ErrorCallout>
        <Button variant="soft" onClick={() => void report.mutate()}>
          {TEXTS.retry}
        </Button>
      </Flex>
    );
  else if (!report.data) body = <LoadingState label={TEXTS.loading} />;
  else if (report.data.totals.calls + report.data.totals.chats === 0)
    body = <EmptyState title={TEXTS.empty} description={TEXTS.emptyHint} />;
  else
    body = (
      <>
        <AnalyticsHeadlines report={report.data} />
        <AnalyticsCharts report={report.data} />
      </>
    );

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={TEXTS.title}
        intro={TEXTS.intro}
        refresh={{ label: TEXTS.refresh, busy: report.isValidating, onClick: () => void report.mutate() }}
      />
      <AnalyticsFilters
        choice={choice}
        sources={sources.data}
        onChange={(next) => setParams(paramsFromChoice(next), { replace: true })}
        rangeError={query ? undefined : TEXTS.badRange}
      />
      {body}
    </Flex>
  );
}
