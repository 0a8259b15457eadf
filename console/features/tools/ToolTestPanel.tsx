import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { ToolTestResult } from '../../../shared/types/tool.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlayIcon } from '../../components/icons.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { toolErrorText, useToolActions } from './api.js';
import { sampleArguments } from './sampleArguments.js';
import { ToolTestResultView } from './ToolTestResultView.js';
import { parseParameters } from './toolForm.js';

export interface ToolTestPanelProps {
  /** The saved tool's id; null for a tool that is not created yet. */
  toolId: string | null;
  /** The saved parameter schema: the arguments start from it. */
  savedParameters: Record<string, unknown> | undefined;
  /** The schema text in the editor, for 'Reset arguments' after editing it. */
  draftParameters: string;
  /** The form differs from the saved tool. */
  dirty: boolean;
  /** Saves the form; true when it was saved (false: invalid or failed, already reported). */
  onSave: () => Promise<boolean>;
  /** A save is running elsewhere on the page. */
  saving: boolean;
}

export const INVALID_ARGUMENTS = 'Invalid JSON in arguments field';

function argumentsText(schema: unknown): string {
  return JSON.stringify(sampleArguments(schema), null, 2);
}

/**
 * Runs the saved tool on the server with test arguments (our addition to the spec). The server
 * runs what is saved, so with unsaved edits the button saves first and says so.
 */
export function ToolTestPanel(props: ToolTestPanelProps) {
  const { test } = useToolActions();
  const [args, setArgs] = useState(() => argumentsText(props.savedParameters));
  const [argsError, setArgsError] = useState<string | undefined>();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ToolTestResult | null>(null);
  const [callError, setCallError] = useState<string | null>(null);

  if (!props.toolId) {
    return (
      <Card size="2">
        <Heading as="h2" size="4" mb="2">
          Test
        </Heading>
        <Text as="p" color="gray" size="2">
          Save the tool to test it
        </Text>
      </Card>
    );
  }
  const toolId = props.toolId;

  const run = async () => {
    // A result on screen belongs to the arguments it ran with: it goes as soon as anything else
    // happens, so it is never mistaken for the answer to this run (issue 7, finding 14).
    setResult(null);
    setCallError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch {
      setArgsError(INVALID_ARGUMENTS);
      return;
    }
    setRunning(true);
    try {
      if (props.dirty && !(await props.onSave())) return;
      setResult(await test(toolId, parsed));
    } catch (error) {
      setCallError(toolErrorText(error));
    } finally {
      setRunning(false);
    }
  };

  const busy = running || props.saving;
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Test
        </Heading>
        {props.dirty ? (
          <Callout.Root color="amber" size="1">
            <Callout.Text>
              You have unsaved changes. The test runs the saved tool, so Save and Run saves your changes first.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <TextAreaField
          label="Arguments"
          value={args}
          onChange={(value) => {
            setArgs(value);
            setArgsError(undefined);
          }}
          rows={6}
          code
          spellCheck={false}
          error={argsError}
          hint="JSON object passed to the handler as args"
        />
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => void run()} disabled={busy}>
            {running ? <Spinner /> : <PlayIcon />}
            {running ? 'Running...' : props.dirty ? 'Save and Run' : 'Run'}
          </Button>
          <Button
            variant="soft"
            color="gray"
            disabled={busy}
            onClick={() => {
              setArgs(argumentsText(parseParameters(props.draftParameters) ?? props.savedParameters));
              setArgsError(undefined);
            }}
          >
            Reset arguments
          </Button>
        </Flex>
        {callError ? <ErrorCallout>{callError}</ErrorCallout> : null}
        {result ? <ToolTestResultView result={result} /> : null}
      </Flex>
    </Card>
  );
}
