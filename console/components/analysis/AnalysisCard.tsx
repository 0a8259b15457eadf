import { Badge, Button, Card, Code, DataList, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useId } from 'react';
import type { AnalysisVerdict } from '../../../shared/types/analysis.js';
import { ErrorCallout } from '../ErrorCallout.js';
import { LoadingState } from '../LoadingState.js';
import { ANALYSIS_TEXTS } from './analysisTexts.js';
import type { ConversationAnalysisState } from './useConversationAnalysis.js';
import './analysis.css';

const VERDICT_COLORS: Record<AnalysisVerdict, 'green' | 'red' | 'gray'> = {
  pass: 'green',
  fail: 'red',
  unclear: 'gray',
};

/** The analysis of one call or chat with its state: pending (spinner), done (results), failed (reason and Retry). */
export function AnalysisCard({ state }: { state: ConversationAnalysisState }) {
  const titleId = useId();
  return (
    <Card size="2" asChild>
      <section aria-labelledby={titleId}>
        <Flex direction="column" gap="3">
          <Flex align="center" justify="between" gap="2" wrap="wrap">
            <Heading as="h2" size="3" id={titleId}>
              {ANALYSIS_TEXTS.cardTitle}
            </Heading>
            {state.analysis ? <Badge color="gray">{ANALYSIS_TEXTS.statuses[state.analysis.status]}</Badge> : null}
          </Flex>
          <AnalysisBody state={state} />
        </Flex>
      </section>
    </Card>
  );
}

function AnalysisBody({ state }: { state: ConversationAnalysisState }) {
  const { analysis } = state;
  if (state.loadFailed) return <ErrorCallout>{ANALYSIS_TEXTS.fetchFailed}</ErrorCallout>;
  if (analysis === undefined) return <LoadingState label={ANALYSIS_TEXTS.loading} />;
  if (analysis === null)
    return (
      <Text as="p" size="2" color="gray">
        {ANALYSIS_TEXTS.notAnalysed}
      </Text>
    );
  if (analysis.status === 'pending' || analysis.status === 'running')
    return (
      <Flex direction="column" gap="1" role="status">
        <Flex align="center" gap="2">
          <Spinner />
          <Text size="2">{ANALYSIS_TEXTS.pending}</Text>
        </Flex>
        {analysis.error ? (
          <Text size="1" color="gray">
            {ANALYSIS_TEXTS.waitingRetry(analysis.error)}
          </Text>
        ) : null}
      </Flex>
    );
  const retryButton = (
    <Flex direction="column" gap="2" align="start">
      <Button type="button" variant="soft" onClick={() => void state.retry()} loading={state.retrying}>
        {ANALYSIS_TEXTS.retry}
      </Button>
      {state.retryError ? (
        <Text role="alert" size="2" color="red">
          {state.retryError}
        </Text>
      ) : null}
    </Flex>
  );
  if (analysis.status === 'failed')
    return (
      <Flex direction="column" gap="3">
        <ErrorCallout>
          {ANALYSIS_TEXTS.failed}: {analysis.error}
        </ErrorCallout>
        {retryButton}
      </Flex>
    );
  return (
    <Flex direction="column" gap="3">
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
        <DataList.Item>
          <DataList.Label>{ANALYSIS_TEXTS.summary}</DataList.Label>
          <DataList.Value>{analysis.summary}</DataList.Value>
        </DataList.Item>
        {analysis.success ? (
          <DataList.Item>
            <DataList.Label>{ANALYSIS_TEXTS.success}</DataList.Label>
            <DataList.Value>
              <Flex direction="column" gap="1" align="start">
                <Badge color={VERDICT_COLORS[analysis.success]}>{ANALYSIS_TEXTS.verdicts[analysis.success]}</Badge>
                {analysis.successReason ? <Text size="2">{analysis.successReason}</Text> : null}
              </Flex>
            </DataList.Value>
          </DataList.Item>
        ) : null}
        {analysis.data !== null && analysis.data !== undefined ? (
          <DataList.Item>
            <DataList.Label>{ANALYSIS_TEXTS.data}</DataList.Label>
            <DataList.Value>
              <Code asChild variant="ghost" size="2">
                <pre className="sb-analysis-data">{JSON.stringify(analysis.data, null, 2)}</pre>
              </Code>
            </DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      {retryButton}
    </Flex>
  );
}
