import { useParams } from 'react-router-dom';
import { Flex } from '@radix-ui/themes';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useAuth } from '../auth/useAuth.js';
import { AgentEditor } from './AgentEditor.js';
import { BackToAgents } from './AgentPageHeader.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { AgentLoadError, useAgent } from './api.js';
import './agents.css';

/** Agent detail and edit (/agents/{id}, spec part 1 §2 "Agent detail"). */
export function AgentPage() {
  const { id } = useParams();
  const { effectiveUser } = useAuth();
  const agent = useAgent(id);

  if (!agent.data) {
    if (!agent.error) return <LoadingState label="Loading agent..." />;
    const message = agent.error instanceof AgentLoadError ? agent.error.message : AGENT_TEXTS.detailFailed;
    return (
      <Flex direction="column" gap="4" align="start">
        <BackToAgents />
        <ErrorCallout>{message}</ErrorCallout>
      </Flex>
    );
  }
  // A fresh editor per agent and per effective user: impersonation never carries edits across.
  return <AgentEditor key={`${effectiveUser?.id ?? ''}:${agent.data.id}`} agent={agent.data} />;
}
