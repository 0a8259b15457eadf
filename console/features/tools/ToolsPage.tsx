import { Box, Button, Flex, IconButton, Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { PlusIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useCustomValues, useTools } from './api.js';
import { CustomValuesTab } from './CustomValuesTab.js';
import { McpServersTab } from './McpServersTab.js';
import { MCP_TEXTS, useMcpServers } from './mcpApi.js';
import { ToolList } from './ToolList.js';
import './tools.css';

type Tab = 'tools' | 'values' | 'mcp';

const asTab = (value: string | null): Tab => (value === 'values' || value === 'mcp' ? value : 'tools');

/** The tab lives in the address (`?tab=values`, `?tab=mcp`) so a reload or a shared link keeps it. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = asTab(params.get('tab'));
  const select = (next: Tab) => setParams(next === 'tools' ? {} : { tab: next }, { replace: true });
  return [tab, select];
}

const TITLES: Record<Tab, string> = { tools: 'Tools', values: 'Custom Values', mcp: MCP_TEXTS.tab };
const ADD_LABELS: Record<Tab, string> = { tools: 'Create Tool', values: 'Add Value', mcp: MCP_TEXTS.add };

/** 'Tools & Integrations' (/tools, spec part 2 §2): the Tools and Custom Values tabs, and MCP Servers (issue 22). */
export function ToolsPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useTab();
  useDocumentTitle(TITLES[tab]);
  const [adding, setAdding] = useState(false);
  const [addingServer, setAddingServer] = useState(false);
  const tools = useTools();
  const values = useCustomValues();
  const servers = useMcpServers();

  const current = { tools, values, mcp: servers }[tab];
  const refreshing = current.isValidating;
  const refresh = () => void current.mutate();
  const add =
    tab === 'tools'
      ? () => navigate('/tools/new')
      : tab === 'values'
        ? () => setAdding(true)
        : () => setAddingServer(true);
  const addLabel = ADD_LABELS[tab];

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title="Tools & Integrations"
        intro="Functions your agents and bots can call, and the values they use."
        refresh={{ label: 'Refresh', busy: refreshing, onClick: refresh }}
        actions={
          <Button className="sb-tools-wide-only" onClick={add}>
            <PlusIcon /> {addLabel}
          </Button>
        }
      />
      <Tabs.Root value={tab} onValueChange={(next) => setTab(asTab(next))}>
        <Tabs.List>
          <Tabs.Trigger value="tools">Tools</Tabs.Trigger>
          <Tabs.Trigger value="values">Custom Values</Tabs.Trigger>
          <Tabs.Trigger value="mcp">{MCP_TEXTS.tab}</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="tools">
            <ToolList />
          </Tabs.Content>
          <Tabs.Content value="values">
            <CustomValuesTab adding={adding} onAddingChange={setAdding} />
          </Tabs.Content>
          <Tabs.Content value="mcp">
            <McpServersTab adding={addingServer} onAddingChange={setAddingServer} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <IconButton className="sb-tools-fab" size="4" radius="full" aria-label={addLabel} onClick={add}>
        <PlusIcon width="22" height="22" />
      </IconButton>
    </Flex>
  );
}
