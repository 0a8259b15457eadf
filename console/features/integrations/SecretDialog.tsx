import { Box, Button, Code, Dialog, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import { formatDateTime } from '../../../shared/format.js';
import type { WebhookSecretAnswer } from '../../../shared/types/webhook.js';
import { CopyButton } from '../../components/CopyButton.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useToast } from '../../components/ToastProvider.js';
import { useWebhookActions } from './api.js';
import { INTEGRATIONS_TEXTS as TEXTS } from './integrationsTexts.js';

export interface SecretDialogProps {
  endpointId: string | null;
  onClose: () => void;
}

/**
 * An endpoint's signing secret, fetched when the dialog opens (never kept in a cache), with Copy
 * and Rotate. Rotating keeps the old secret signing beside the new one for a day, so receivers
 * switch without missing a delivery; the dialog says until when.
 */
export function SecretDialog({ endpointId, onClose }: SecretDialogProps) {
  const { secret: load, rotate } = useWebhookActions();
  const toast = useToast();
  const [answer, setAnswer] = useState<WebhookSecretAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAnswer(null);
    setError(null);
    setConfirming(false);
    if (!endpointId) return;
    let current = true;
    load(endpointId).then(
      (loaded) => current && setAnswer(loaded),
      (caught: unknown) => current && setError(caught instanceof Error ? caught.message : TEXTS.secretFailed),
    );
    return () => {
      current = false;
    };
  }, [endpointId, load]);

  const doRotate = async () => {
    if (!endpointId) return;
    setBusy(true);
    try {
      setAnswer(await rotate(endpointId));
      setConfirming(false);
      toast.success(TEXTS.rotated, UI_TIMING.shortToastMs);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : TEXTS.rotateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={endpointId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Signing secret</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          Receivers verify the webhook-signature header with this secret.
        </Dialog.Description>
        <Flex direction="column" gap="3" mt="3">
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          {answer ? (
            <>
              <Code className="sb-break-anywhere" size="2">
                {answer.secret}
              </Code>
              <Box>
                <CopyButton text={answer.secret} label="Copy secret" />
              </Box>
              {answer.previousSecretExpiresAt ? (
                <Text size="2" color="gray">
                  The previous secret also signs deliveries until {formatDateTime(answer.previousSecretExpiresAt)}.
                </Text>
              ) : null}
            </>
          ) : error ? null : (
            <LoadingState label="Loading secret..." />
          )}
          {confirming ? (
            <Text as="p" size="2" role="alert">
              Rotate the secret? Deliveries carry both signatures for 24 hours, then only the new one.
            </Text>
          ) : null}
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          {confirming ? (
            <Button color="red" onClick={() => void doRotate()} disabled={busy}>
              {busy ? 'Rotating...' : 'Yes, rotate'}
            </Button>
          ) : (
            <Button variant="soft" onClick={() => setConfirming(true)} disabled={!answer}>
              Rotate secret
            </Button>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
