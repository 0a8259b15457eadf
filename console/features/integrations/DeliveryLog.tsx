import { Button, Code, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.js';
import type { WebhookDelivery } from '../../../shared/types/webhook.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { TablePagination } from '../../components/TablePagination.js';
import { useDeliveries } from './api.js';
import { DeliveryDialog } from './DeliveryDialog.js';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';
import '../../components/stackTable.css';

/** The last answer in a line: its status and the start of its body, or why none came. */
function responseSummary(delivery: WebhookDelivery): string {
  const status = delivery.lastStatus === null ? delivery.lastError : String(delivery.lastStatus);
  return [status, delivery.lastResponse?.slice(0, 60)].filter(Boolean).join(' ');
}

/** An endpoint's deliveries, newest first, refreshed while shown; a row opens its tries. */
export function DeliveryLog({ endpointId, endpointUrl }: { endpointId: string; endpointUrl: string }) {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const log = useDeliveries(endpointId, page);

  if (!log.data) {
    return log.error ? (
      <ErrorCallout>{log.error instanceof Error ? log.error.message : TEXTS.deliveriesFailed}</ErrorCallout>
    ) : (
      <LoadingState label="Loading deliveries..." />
    );
  }
  const { deliveries, total, pageSize } = log.data;
  return (
    <Flex direction="column" gap="2">
      {deliveries.length === 0 ? (
        <Text size="2" color="gray">
          {TEXTS.noDeliveries}
        </Text>
      ) : (
        <Table.Root variant="surface" size="1" className="sb-phone-cards sb-stack-table">
          <VisuallyHidden asChild>
            <caption>Deliveries to {endpointUrl}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Tries</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Response</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {deliveries.map((delivery) => (
              <Table.Row key={delivery.id} align="center">
                <Table.RowHeaderCell data-label="Event">
                  <Code size="1">{delivery.eventType}</Code>
                </Table.RowHeaderCell>
                <Table.Cell data-label="Status">
                  <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
                </Table.Cell>
                <Table.Cell data-label="Tries">{delivery.attempts}</Table.Cell>
                <Table.Cell data-label="Time">{formatDateTime(delivery.updatedAt)}</Table.Cell>
                <Table.Cell data-label="Response">
                  <Text size="1" className="sb-webhook-response">
                    {responseSummary(delivery)}
                  </Text>
                </Table.Cell>
                <Table.Cell data-label="">
                  <Button size="1" variant="soft" onClick={() => setOpened(delivery.id)}>
                    Details<VisuallyHidden> of {delivery.eventType} delivery</VisuallyHidden>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {total > pageSize ? (
        <TablePagination
          limit={pageSize}
          offset={(page - 1) * pageSize}
          total={total}
          onChange={({ offset }) => setPage(Math.floor(offset / pageSize) + 1)}
        />
      ) : null}
      <DeliveryDialog deliveryId={opened} endpointId={endpointId} onClose={() => setOpened(null)} />
    </Flex>
  );
}
