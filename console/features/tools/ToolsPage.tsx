import { Box, Button, Flex, IconButton, Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { PlusIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useCustomValues, useTools } from './api.js';
import { CustomValuesTab } from './CustomValuesTab.js';
import { ToolList } from './ToolList.js';
import './tools.css';

type Tab = 'tools' | 'values';

/** The tab lives in the address (`?tab=values`) so a reload or a shared link keeps it. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'values' ? 'values' : 'tools';
  const select = (next: Tab) => setParams(next === 'values' ? { tab: 'values' } : {}, { replace: true });
  return [tab, select];
}

/** 'Tools & Integrations' (/tools, spec part 2 §2): the Tools and Custom Values tabs. */
export function ToolsPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useTab();
  useDocumentTitle(tab === 'tools' ? 'Tools' : 'Custom Values');
  const [adding, setAdding] = useState(false);
  const tools = useTools();
  const values = useCustomValues();

  const refreshing = tab === 'tools' ? tools.isValidating : values.isValidating;
  const refresh = () => void (tab === 'tools' ? tools.mutate() : values.mutate());
  const add = tab === 'tools' ? () => navigate('/tools/new') : () => setAdding(true);
  const addLabel = tab === 'tools' ? 'Create Tool' : 'Add Value';

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
      <Tabs.Root value={tab} onValueChange={(next) => setTab(next === 'values' ? 'values' : 'tools')}>
        <Tabs.List>
          <Tabs.Trigger value="tools">Tools</Tabs.Trigger>
          <Tabs.Trigger value="values">Custom Values</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="tools">
            <ToolList />
          </Tabs.Content>
          <Tabs.Content value="values">
            <CustomValuesTab adding={adding} onAddingChange={setAdding} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <IconButton className="sb-tools-fab" size="4" radius="full" aria-label={addLabel} onClick={add}>
        <PlusIcon width="22" height="22" />
      </IconButton>
    </Flex>
  );
}
