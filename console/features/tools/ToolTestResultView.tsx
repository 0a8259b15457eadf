import { Badge, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ToolTestResult } from '../../../shared/types/tool.js';
import { TOOL_TEXTS } from './api.js';

function pretty(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium">
        {title}
      </Text>
      {children}
    </Flex>
  );
}

/**
 * Output (pretty JSON), Logs, Duration and Error of one test run. A failed run shows its error in
 * place of an output it never had ('Output null' read like a result; issue 7, finding 14).
 */
export function ToolTestResultView({ result }: { result: ToolTestResult }) {
  const logs = Array.isArray(result.logs) ? result.logs : [];
  const error = result.error || (result.success ? null : TOOL_TEXTS.testFailed);
  const showOutput = result.success || (result.output !== null && result.output !== undefined);
  return (
    <Flex direction="column" gap="3" aria-label="Test result" role="region">
      <Flex gap="3" align="center" wrap="wrap">
        <Badge color={result.success ? 'green' : 'red'} variant="soft">
          {result.success ? 'Succeeded' : 'Failed'}
        </Badge>
        <Text size="2" color="gray">
          Duration: <Text weight="medium">{`${Math.round(result.durationMs ?? 0)} ms`}</Text>
        </Text>
      </Flex>
      {error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {showOutput ? (
        <Section title="Output">
          <pre className="sb-code-block" data-testid="tool-test-output">
            {pretty(result.output)}
          </pre>
        </Section>
      ) : null}
      <Section title="Logs">
        {logs.length === 0 ? (
          <Text size="2" color="gray">
            No logs
          </Text>
        ) : (
          <ul className="sb-code-block sb-test-logs" aria-label="Logs">
            {logs.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: log lines are only ever appended and may repeat, so the place is the identity.
              <li key={index}>{line}</li>
            ))}
          </ul>
        )}
      </Section>
    </Flex>
  );
}
