import { useState } from 'react';
import { lazyComponent } from '../../app/lazyComponent.js';
import { MountWhenOpened } from '../../app/MountWhenOpened.js';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { CardListPage } from '../../components/CardListPage.js';
import { AgentCard } from './AgentCard.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgents } from './api.js';
import './agents.css';

// The dialog and Radix's dialog machinery (about 9 KiB gzip) are not needed to show the list
// (issue 12): fetched when a New Agent button is pointed at, focused or pressed.
const CreateAgentDialog = lazyComponent(() => import('./CreateAgentDialog.js').then((m) => m.CreateAgentDialog));

/** The agents list (/agents, spec part 1 §2 "Agents list screen"). */
export function AgentsPage() {
  useDocumentTitle('Agents');
  const agents = useAgents();
  const [creating, setCreating] = useState(false);

  return (
    <CardListPage
      title={AGENT_TEXTS.listHeading}
      intro={AGENT_TEXTS.listIntro}
      refreshLabel={AGENT_TEXTS.refresh}
      add={{ ...CreateAgentDialog.opener, onClick: () => setCreating(true) }}
      addText={AGENT_TEXTS.newAgent}
      addLabel={AGENT_TEXTS.addNewAgent}
      list={agents}
      texts={{ failed: AGENT_TEXTS.fetchFailed, loading: AGENT_TEXTS.loadingList, listLabel: 'Agents' }}
      empty={{ title: AGENT_TEXTS.emptyTitle, description: AGENT_TEXTS.emptyText }}
      card={(agent) => <AgentCard agent={agent} />}
    >
      <MountWhenOpened open={creating}>
        <CreateAgentDialog.Component open={creating} onOpenChange={setCreating} />
      </MountWhenOpened>
    </CardListPage>
  );
}
