import { Button, Flex, IconButton } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { lazyComponent } from '../../app/lazyComponent.js';
import { MountWhenOpened } from '../../app/MountWhenOpened.js';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlusIcon } from '../../components/icons.js';
import { LoadingState } from '../../components/LoadingState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { AgentCard } from './AgentCard.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgents } from './api.js';
import '../../components/cardList.css';
import './agents.css';

// The dialog and Radix's dialog machinery (about 9 KiB gzip) are not needed to show the list
// (issue 12): fetched when a New Agent button is pointed at, focused or pressed.
const CreateAgentDialog = lazyComponent(() => import('./CreateAgentDialog.js').then((m) => m.CreateAgentDialog));

/** The agents list (/agents, spec part 1 §2 "Agents list screen"). */
export function AgentsPage() {
  useDocumentTitle('Agents');
  const agents = useAgents();
  const [creating, setCreating] = useState(false);
  const loading = agents.isLoading || agents.isValidating;

  let body: ReactNode;
  if (agents.error) body = <ErrorCallout>{AGENT_TEXTS.fetchFailed}</ErrorCallout>;
  else if (!agents.data) body = <LoadingState label={AGENT_TEXTS.loadingList} />;
  else if (agents.data.length === 0)
    body = <EmptyState title={AGENT_TEXTS.emptyTitle} description={AGENT_TEXTS.emptyText} />;
  else
    body = (
      <ul className="sb-card-grid" aria-label="Agents">
        {agents.data.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} />
          </li>
        ))}
      </ul>
    );

  return (
    <Flex direction="column" gap="5" className="sb-card-page">
      <PageHeader
        title={AGENT_TEXTS.listHeading}
        intro={AGENT_TEXTS.listIntro}
        refresh={{ label: AGENT_TEXTS.refresh, busy: loading, onClick: () => void agents.mutate() }}
        actions={
          <Button className="sb-card-page-add" {...CreateAgentDialog.opener} onClick={() => setCreating(true)}>
            <PlusIcon /> {AGENT_TEXTS.newAgent}
          </Button>
        }
      />
      {body}
      <IconButton
        size="4"
        radius="full"
        className="sb-card-page-fab"
        aria-label={AGENT_TEXTS.addNewAgent}
        {...CreateAgentDialog.opener}
        onClick={() => setCreating(true)}
      >
        <PlusIcon width="22" height="22" />
      </IconButton>
      <MountWhenOpened open={creating}>
        <CreateAgentDialog.Component open={creating} onOpenChange={setCreating} />
      </MountWhenOpened>
    </Flex>
  );
}
