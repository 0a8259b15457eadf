import { Button, Flex } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { WebhookEndpoint } from '../../../shared/types/webhook.js';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useToast } from '../../components/ToastProvider.js';
import { useWebhookActions, useWebhookEndpoints } from './api.js';
import { EndpointCard } from './EndpointCard.js';
import { EndpointDialog } from './EndpointDialog.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';
import { SecretDialog } from './SecretDialog.js';
import './integrations.css';

/**
 * /integrations (issue 22): the effective user's webhook endpoints, each with its events, its
 * signing secret, a test event and its delivery log.
 */
export function IntegrationsPage() {
  useDocumentTitle(TEXTS.title);
  const endpoints = useWebhookEndpoints();
  const { remove } = useWebhookActions();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secretOf, setSecretOf] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const options = { durationMs: UI_TIMING.shortToastMs, key: 'webhook-delete' };
    try {
      await remove(deleting.id);
      toast.success(TEXTS.deleted, options);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : TEXTS.deleteFailed, options);
    }
    setDeleting(null);
  };

  let body: ReactNode;
  if (!endpoints.data) {
    body = endpoints.error ? (
      <Flex direction="column" gap="3" align="start">
        <ErrorCallout>{endpoints.error instanceof Error ? endpoints.error.message : TEXTS.listFailed}</ErrorCallout>
        <Button variant="soft" onClick={() => void endpoints.mutate()}>
          Try again
        </Button>
      </Flex>
    ) : (
      <LoadingState label={TEXTS.loading} />
    );
  } else if (endpoints.data.length === 0) {
    body = (
      <EmptyState
        title={TEXTS.empty}
        description={TEXTS.emptyHint}
        action={<Button onClick={() => setAdding(true)}>{TEXTS.addEndpoint}</Button>}
      />
    );
  } else {
    body = endpoints.data.map((endpoint) => (
      <EndpointCard
        key={endpoint.id}
        endpoint={endpoint}
        onEdit={setEditing}
        onDelete={setDeleting}
        onSecret={(chosen) => setSecretOf(chosen.id)}
      />
    ));
  }

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={TEXTS.title}
        intro={TEXTS.intro}
        refresh={{ label: TEXTS.refresh, busy: endpoints.isValidating, onClick: () => void endpoints.mutate() }}
        actions={<Button onClick={() => setAdding(true)}>{TEXTS.addEndpoint}</Button>}
      />
      {body}
      <EndpointDialog
        open={adding || editing !== null}
        editing={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <SecretDialog endpointId={secretOf} onClose={() => setSecretOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Endpoint"
        description={`Are you sure you want to delete the endpoint ${deleting?.url ?? ''}? Its delivery log goes with it, and it receives no more events.`}
        onConfirm={confirmDelete}
      />
    </Flex>
  );
}
