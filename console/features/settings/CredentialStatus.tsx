import { Callout } from '@radix-ui/themes';
import type { CredentialCheck } from '../../../shared/types/settings.js';
import { AlertIcon, CheckCircleIcon } from '../../components/icons.js';

const COLORS = { connected: 'green', rejected: 'red', unchecked: 'amber' } as const;

/**
 * What the provider said about a card's credentials when Save checked them (issue 18):
 * 'Connected: {account}', its refusal, or why it could not be asked. Kept in a live region that is
 * always there, so the result is announced when it arrives.
 */
export function CredentialStatus({ check }: { check: CredentialCheck | undefined }) {
  return (
    <div role="status">
      {check ? (
        <Callout.Root color={COLORS[check.state]} size="1">
          <Callout.Icon>{check.state === 'connected' ? <CheckCircleIcon /> : <AlertIcon />}</Callout.Icon>
          <Callout.Text className="sb-settings-check">{check.message}</Callout.Text>
        </Callout.Root>
      ) : null}
    </div>
  );
}
