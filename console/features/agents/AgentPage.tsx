import { Flex } from '@radix-ui/themes';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { NotFoundState } from '../../components/NotFoundState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { isNotFoundLoad } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { AgentEditor } from './AgentEditor.js';
import { BACK_TO_AGENTS } from './AgentPageHeader.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgent } from './api.js';
import './agents.css';

/** Agent detail and edit (/agents/{id}, spec part 1 §2 "Agent detail"). */
export function AgentPage() {
  const { id } = useParams();
  const userId = useEffectiveUserId();
  const agent = useAgent(id);
  const notFound = isNotFoundLoad(agent.error);
  useDocumentTitle(agent.data?.name ?? (notFound ? AGENT_TEXTS.notFound : 'Agent'));

  if (!agent.data) {
    if (!agent.error) return <LoadingState label="Loading agent..." />;
    if (notFound)
      return (
        <NotFoundState title={AGENT_TEXTS.notFound} description={AGENT_TEXTS.notFoundHint} back={BACK_TO_AGENTS} />
      );
    return (
      <Flex direction="column" gap="4">
        <PageHeader title="Agent" back={BACK_TO_AGENTS} />
        <ErrorCallout>{AGENT_TEXTS.detailFailed}</ErrorCallout>
      </Flex>
    );
  }
  // A fresh editor per agent and per effective user: impersonation never carries edits across.
  return <AgentEditor key={`${userId ?? ''}:${agent.data.id}`} agent={agent.data} />;
}
