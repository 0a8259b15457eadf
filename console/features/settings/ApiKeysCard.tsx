import { Button, Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import type { ApiKey } from '../../../shared/types/apiKey.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FormSection } from '../../components/FormSection.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useToast } from '../../components/ToastProvider.js';
import { useAuth } from '../../lib/session/useAuth.js';
import { ApiKeyRow } from './ApiKeyRow.js';
import { API_KEY_TEXTS, useApiKeyActions, useApiKeys } from './apiKeysApi.js';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.js';
import './settings.css';

export const API_KEYS_CARD_TEXTS = {
  description:
    'Keys let your own code call the Switchboard API with your rights: send one as the header ' +
    'Authorization: Bearer sb_… (the API docs at /api/docs show a curl example per route). Read-only keys can only ' +
    'read; no key reaches admin pages, your password or these keys.',
  empty: 'No API keys yet.',
  lastUsed: 'Last used is updated at most once a minute.',
  impersonating: 'API keys cannot be created while impersonating.',
} as const;

/** Settings → API keys (issue 22): the effective user's keys, Create (the key shown once) and Revoke. */
export function ApiKeysCard() {
  const { impersonation } = useAuth();
  const { data: keys, error, isLoading, mutate } = useApiKeys();
  const { revoke } = useApiKeyActions();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke(revoking.id);
      toast.success(API_KEY_TEXTS.revoked);
      setRevoking(null);
    } catch (failure) {
      setRevokeError(failure instanceof Error ? failure.message : API_KEY_TEXTS.revokeFailed);
    }
  };

  let list: ReactNode;
  if (error) {
    list = (
      <Flex direction="column" gap="2" align="start">
        <ErrorCallout>{error instanceof Error ? error.message : API_KEY_TEXTS.loadFailed}</ErrorCallout>
        <Button type="button" variant="soft" onClick={() => void mutate()}>
          Retry
        </Button>
      </Flex>
    );
  } else if (isLoading || !keys) {
    list = <LoadingState label="Loading API keys..." />;
  } else if (keys.length === 0) {
    list = (
      <Text size="2" color="gray">
        {API_KEYS_CARD_TEXTS.empty}
      </Text>
    );
  } else {
    list = (
      <ul className="sb-api-key-list" aria-label="API keys">
        {keys.map((apiKey) => (
          <ApiKeyRow
            key={apiKey.id}
            apiKey={apiKey}
            onRevoke={(chosen) => {
              setRevokeError(null);
              setRevoking(chosen);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <FormSection title="API keys" description={API_KEYS_CARD_TEXTS.description} size="3" gap="3">
      {list}
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="1" color="gray">
          {impersonation ? API_KEYS_CARD_TEXTS.impersonating : API_KEYS_CARD_TEXTS.lastUsed}
        </Text>
        <Button type="button" disabled={Boolean(impersonation)} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Flex>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking?.name ?? 'API key'}`}
        description="Requests with this key are refused from now on, on every server. This cannot be undone."
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
        error={revokeError}
      />
    </FormSection>
  );
}
