import { Button, Card, DataList, Flex, IconButton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format.js';
import type { WebchatLead } from '../../../../shared/types/lead.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { OpenLink } from '../../../components/OpenLink.js';
import { useExportDownload } from '../../../components/useExportDownload.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { conversationSearch } from '../conversations/conversationSearch.js';
import { useLeads } from './api.js';
import { LEAD_TEXTS } from './leadTexts.js';

/**
 * The bot page's Leads tab (issue 25): what visitors sent through the contact form, newest first,
 * a page at a time, each with its time and a link to its conversation; Export CSV saves them all.
 */
export function LeadsTab({ webchatId }: { webchatId: string }) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useLeads(webchatId, page);
  const download = useExportDownload();
  const run = download.run;
  const exportCsv = () =>
    void download.start('csv', (_format, signal) => api.leads.exportCsv(webchatId, signal), 'leads');

  if (isLoading && !data) return <LoadingState label={LEAD_TEXTS.loading} />;
  if (error && !data)
    return <ErrorCallout>{error instanceof Error ? error.message : LEAD_TEXTS.loadFailed}</ErrorCallout>;
  if (!data || data.total === 0)
    return <EmptyState title={LEAD_TEXTS.emptyTitle} description={LEAD_TEXTS.emptyDescription} />;

  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.leads.length - 1;
  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray" aria-live="polite">
          {LEAD_TEXTS.range(first, last, data.total)}
        </Text>
        <Flex gap="2" align="center">
          <Text size="1" color={run.status === 'failed' ? 'red' : 'gray'} role="status">
            {run.status === 'running' && LEAD_TEXTS.exporting}
            {run.status === 'saved' && run.fileName && LEAD_TEXTS.exported(run.fileName)}
            {run.status === 'failed' && (run.error ?? LEAD_TEXTS.exportFailed)}
          </Text>
          <Button type="button" variant="soft" onClick={exportCsv} disabled={run.status === 'running'}>
            {LEAD_TEXTS.exportCsv}
          </Button>
        </Flex>
      </Flex>
      <Flex direction="column" gap="2" asChild>
        <ul aria-label={LEAD_TEXTS.title} className="sb-plain-list">
          {data.leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} />
            </li>
          ))}
        </ul>
      </Flex>
      <Flex justify="end" gap="2">
        <IconButton
          type="button"
          variant="soft"
          aria-label={LEAD_TEXTS.previous}
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          ‹
        </IconButton>
        <IconButton
          type="button"
          variant="soft"
          aria-label={LEAD_TEXTS.next}
          disabled={last >= data.total}
          onClick={() => setPage((p) => p + 1)}
        >
          ›
        </IconButton>
      </Flex>
    </Flex>
  );
}

function LeadCard({ lead }: { lead: WebchatLead }) {
  const when = formatDateTime(lead.created_at);
  return (
    <Card size="2">
      <Flex direction="column" gap="2">
        <Flex justify="between" gap="3" wrap="wrap">
          <Text size="2" weight="medium">
            <time dateTime={new Date(lead.created_at).toISOString()}>{when}</time>
          </Text>
          <Text size="2">
            <OpenLink
              to={{ search: conversationSearch(lead.conversation_id) }}
              text={LEAD_TEXTS.conversation}
              action={LEAD_TEXTS.openConversation}
            />
          </Text>
        </Flex>
        <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          {lead.fields.map((field) => (
            <DataList.Item key={field.key}>
              <DataList.Label minWidth="120px">{field.label}</DataList.Label>
              <DataList.Value>
                <Text style={{ overflowWrap: 'anywhere' }}>{field.value}</Text>
              </DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Flex>
    </Card>
  );
}
