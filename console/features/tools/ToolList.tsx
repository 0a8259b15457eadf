import { Grid } from '@radix-ui/themes';
import { UI_TIMING } from '../../../shared/defaults.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { errorText } from '../../lib/errors.js';
import { TOOL_TEXTS, useTools } from './api.js';
import { ToolCard } from './ToolCard.js';
import { useFailureToast } from './useFailureToast.js';

/** The Tools tab: loading, error, empty or a responsive card grid. */
export function ToolList() {
  const tools = useTools();
  const message = tools.error ? errorText(tools.error, TOOL_TEXTS.listFailed) : '';
  useFailureToast(tools.error, tools.data !== undefined, message, UI_TIMING.shortToastMs, 'tools-list');

  if (!tools.data) {
    if (tools.error) return <ErrorCallout>{message}</ErrorCallout>;
    return <LoadingState label="Loading tools..." />;
  }
  if (tools.data.length === 0) {
    return (
      <EmptyState
        title="No tools found"
        description="Tools are JavaScript functions your agents and bots can call. Create one to get started."
      />
    );
  }
  return (
    <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="3">
      {tools.data.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </Grid>
  );
}
