import { Badge, Button, Callout, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.js';
import type { McpServer } from '../../../shared/types/mcp.js';
import { AlertIcon } from '../../components/icons.js';
import { prettyJson } from '../../components/prettyJson.js';
import { MCP_TEXTS } from './mcpApi.js';

export interface McpServerCardProps {
  server: McpServer;
  onRefresh: (server: McpServer) => Promise<void>;
  onEdit: (server: McpServer) => void;
  onDelete: (server: McpServer) => void;
}

/**
 * One MCP server: its name and URL, whether a token is set, when its tools were listed and the
 * last refresh's error, then each tool with its description and (behind a disclosure, keyboard
 * operable as native details/summary) its input schema.
 */
export function McpServerCard({ server, onRefresh, onEdit, onDelete }: McpServerCardProps) {
  const [refreshing, setRefreshing] = useState(false);
  const headingId = `mcp-server-${server.id}`;
  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh(server);
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" minWidth="0" className="sb-mcp-server-title">
              <Heading as="h3" size="3" id={headingId}>
                {server.name}
              </Heading>
              <Text size="2" color="gray" className="sb-mcp-url">
                {server.url}
              </Text>
              <Flex gap="2" align="center" wrap="wrap">
                {server.has_bearer_token ? (
                  <Badge variant="soft" color="green">
                    {MCP_TEXTS.tokenSet}
                  </Badge>
                ) : null}
                {server.listed_at ? (
                  <Text size="1" color="gray">
                    Tools listed {formatDateTime(server.listed_at)}
                  </Text>
                ) : null}
              </Flex>
            </Flex>
            <Flex gap="2" wrap="wrap">
              <Button
                variant="soft"
                onClick={() => void refresh()}
                disabled={refreshing}
                aria-label={`${MCP_TEXTS.refresh}: ${server.name}`}
              >
                {refreshing ? MCP_TEXTS.refreshing : MCP_TEXTS.refresh}
              </Button>
              <Button variant="soft" color="gray" onClick={() => onEdit(server)} aria-label={`Edit ${server.name}`}>
                Edit
              </Button>
              <Button variant="soft" color="red" onClick={() => onDelete(server)} aria-label={`Delete ${server.name}`}>
                Delete
              </Button>
            </Flex>
          </Flex>
          {server.last_error ? (
            <Callout.Root color="red" size="1" role="alert">
              <Callout.Icon>
                <AlertIcon />
              </Callout.Icon>
              <Callout.Text>
                {MCP_TEXTS.lastError}: {server.last_error}
              </Callout.Text>
            </Callout.Root>
          ) : null}
          {server.tools.length === 0 ? (
            <Text size="2" color="gray">
              {MCP_TEXTS.noTools}
            </Text>
          ) : (
            <ul className="sb-mcp-tools" aria-label={`Tools of ${server.name}`}>
              {server.tools.map((tool) => (
                <li key={tool.id}>
                  <Text as="div" size="2" weight="medium">
                    <Code variant="ghost">{tool.name}</Code>
                  </Text>
                  {tool.description ? (
                    <Text as="p" size="2" color="gray">
                      {tool.description}
                    </Text>
                  ) : null}
                  <details className="sb-mcp-schema">
                    <summary>
                      <Text size="1">Input schema</Text>
                    </summary>
                    <pre>{prettyJson(tool.input_schema)}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      </section>
    </Card>
  );
}
