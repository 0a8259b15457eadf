/**
 * The tool editor route (/tools/new and /tools/{id}). Loaded lazily (LazyToolPage) so CodeMirror
 * is only downloaded with this page.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Flex } from '@radix-ui/themes';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { errorText } from '../../lib/errors.js';
import { isToolNotFound, TOOL_TEXTS, useTool } from './api.js';
import { newToolTemplate } from './newToolTemplate.js';
import { ToolEditor } from './ToolEditor.js';
import './tools.css';

function LoadFailure({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Flex direction="column" gap="3">
      <ErrorCallout>{message}</ErrorCallout>
      <Box>
        <Button variant="soft" onClick={() => navigate('/tools')}>
          Back to Tools
        </Button>
      </Box>
    </Flex>
  );
}

export function ToolPage() {
  const { id } = useParams();
  const toolId = id && id !== 'new' ? id : null;
  const tool = useTool(toolId);
  const template = useMemo(newToolTemplate, []);

  if (!toolId) return <ToolEditor key="new" tool={null} initial={template} />;
  if (!tool.data) {
    if (isToolNotFound(tool.error)) return <LoadFailure message={TOOL_TEXTS.notFound} />;
    if (tool.error) return <LoadFailure message={errorText(tool.error, TOOL_TEXTS.loadFailed)} />;
    return <LoadingState label="Loading tool..." />;
  }
  // Keyed by id: another tool gets a fresh form instead of this one's unsaved edits.
  return <ToolEditor key={toolId} tool={tool.data} initial={template} />;
}
