/**
 * The tool editor route (/tools/new and /tools/{id}). Loaded lazily (LazyToolPage) so CodeMirror
 * is only downloaded with this page.
 */

import { Flex } from '@radix-ui/themes';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { NotFoundState } from '../../components/NotFoundState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { errorText } from '../../lib/errors.js';
import { BACK_TO_TOOLS, isToolNotFound, TOOL_TEXTS, useTool } from './api.js';
import { newToolTemplate } from './newToolTemplate.js';
import { ToolEditor } from './ToolEditor.js';
import './tools.css';

function pageTitle(toolId: string | null, name: string | undefined, notFound: boolean): string {
  if (!toolId) return 'New Tool';
  if (notFound) return TOOL_TEXTS.notFound;
  return name?.trim() || 'Edit Tool';
}

export function ToolPage() {
  const { id } = useParams();
  const toolId = id && id !== 'new' ? id : null;
  const tool = useTool(toolId);
  const template = useMemo(newToolTemplate, []);
  const notFound = isToolNotFound(tool.error);
  useDocumentTitle(pageTitle(toolId, tool.data?.name, notFound));

  if (!toolId) return <ToolEditor key="new" tool={null} initial={template} />;
  if (!tool.data) {
    if (notFound)
      return <NotFoundState title={TOOL_TEXTS.notFound} description={TOOL_TEXTS.notFoundHint} back={BACK_TO_TOOLS} />;
    if (tool.error) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title="Edit Tool" back={BACK_TO_TOOLS} />
          <ErrorCallout>{errorText(tool.error, TOOL_TEXTS.loadFailed)}</ErrorCallout>
        </Flex>
      );
    }
    return <LoadingState label="Loading tool..." />;
  }
  // Keyed by id: another tool gets a fresh form instead of this one's unsaved edits.
  return <ToolEditor key={toolId} tool={tool.data} initial={template} />;
}
