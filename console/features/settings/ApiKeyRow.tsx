import { Badge, Button, Code, Flex, Text } from '@radix-ui/themes';
import { formatDate, formatDateTime } from '../../../shared/format.js';
import type { ApiKey } from '../../../shared/types/apiKey.js';

export interface ApiKeyRowProps {
  apiKey: ApiKey;
  onRevoke: (apiKey: ApiKey) => void;
}

export const SCOPE_LABELS = { read: 'Read-only', full: 'Full access' } as const;

/** One key of the list: what tells it apart (name, scope, prefix), its dates and Revoke. */
export function ApiKeyRow({ apiKey, onRevoke }: ApiKeyRowProps) {
  return (
    <Flex asChild justify="between" align="center" gap="3" wrap="wrap" py="2" className="sb-api-key-row">
      <li>
        <Flex direction="column" gap="1" minWidth="0">
          <Flex align="center" gap="2" wrap="wrap">
            <Text weight="bold" className="sb-settings-check">
              {apiKey.name}
            </Text>
            <Badge color={apiKey.scope === 'full' ? 'orange' : 'gray'} variant="soft">
              {SCOPE_LABELS[apiKey.scope]}
            </Badge>
            <Code variant="ghost" aria-label={`Starts with ${apiKey.prefix}`}>
              {apiKey.prefix}…
            </Code>
          </Flex>
          <Text size="1" color="gray">
            Created {formatDate(apiKey.createdAt)} · Expires{' '}
            {apiKey.expiresAt === null ? 'never' : formatDate(apiKey.expiresAt)} · Last used{' '}
            {apiKey.lastUsedAt === null ? 'never' : formatDateTime(apiKey.lastUsedAt)}
          </Text>
        </Flex>
        <Button
          type="button"
          color="red"
          variant="soft"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => onRevoke(apiKey)}
        >
          Revoke
        </Button>
      </li>
    </Flex>
  );
}
