import { Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { McpServer } from '../../../shared/types/mcp.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useToast } from '../../components/ToastProvider.js';
import { errorText } from '../../lib/errors.js';
import { McpServerCard } from './McpServerCard.js';
import { McpServerDialog } from './McpServerDialog.js';
import { MCP_TEXTS, useMcpServerActions, useMcpServers } from './mcpApi.js';

export interface McpServersTabProps {
  /** The page's add buttons open the dialog through this. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

/** The MCP Servers tab of Tools & Integrations (issue 22): the servers with their tools, add/edit, refresh, delete. */
export function McpServersTab({ adding, onAddingChange }: McpServersTabProps) {
  const servers = useMcpServers();
  const actions = useMcpServerActions();
  const toast = useToast();
  const [editing, setEditing] = useState<McpServer | null>(null);
  const [deleting, setDeleting] = useState<McpServer | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const refresh = async (server: McpServer) => {
    try {
      const after = await actions.refresh(server.id);
      if (after.last_error) toast.error(`${MCP_TEXTS.lastError}: ${after.last_error}`);
      else toast.success(MCP_TEXTS.refreshed(after.tools.length), UI_TIMING.shortToastMs);
    } catch (error) {
      toast.error(errorText(error, MCP_TEXTS.refreshFailed));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await actions.remove(deleting.id);
      toast.success(MCP_TEXTS.deleted(deleting.name), UI_TIMING.shortToastMs);
      setDeleting(null);
    } catch (error) {
      setDeleteError(errorText(error, MCP_TEXTS.deleteFailed));
    }
  };

  let body: ReactNode;
  if (!servers.data) {
    body = servers.error ? (
      <ErrorCallout>{errorText(servers.error, MCP_TEXTS.listFailed)}</ErrorCallout>
    ) : (
      <LoadingState label={MCP_TEXTS.loading} />
    );
  } else if (servers.data.length === 0) {
    body = <EmptyState title={MCP_TEXTS.emptyTitle} description={MCP_TEXTS.emptyDescription} />;
  } else {
    body = (
      <Flex asChild direction="column" gap="3">
        <ul aria-label={MCP_TEXTS.listLabel} className="sb-mcp-servers">
          {servers.data.map((server) => (
            <li key={server.id}>
              <McpServerCard
                server={server}
                onRefresh={refresh}
                onEdit={setEditing}
                onDelete={(next) => {
                  setDeleteError(null);
                  setDeleting(next);
                }}
              />
            </li>
          ))}
        </ul>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray">
        {MCP_TEXTS.intro}
      </Text>
      {body}
      <McpServerDialog
        open={adding || editing !== null}
        editing={editing}
        onClose={() => {
          onAddingChange(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={MCP_TEXTS.deleteTitle}
        description={deleting ? MCP_TEXTS.deleteDescription(deleting.name) : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        error={deleteError}
      />
    </Flex>
  );
}
