import { useState } from 'react';
import { Box, Button, Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlusIcon, RefreshIcon } from '../../components/icons.js';
import { LoadingState } from '../../components/LoadingState.js';
import { AgentCard } from './AgentCard.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgents } from './api.js';
import { CreateAgentDialog } from './CreateAgentDialog.js';
import './agents.css';

/** The agents list (/agents, spec part 1 §2 "Agents list screen"). */
export function AgentsPage() {
  const agents = useAgents();
  const [creating, setCreating] = useState(false);
  const loading = agents.isLoading || agents.isValidating;

  let body;
  if (agents.error) body = <ErrorCallout>{AGENT_TEXTS.fetchFailed}</ErrorCallout>;
  else if (!agents.data) body = <LoadingState label={AGENT_TEXTS.loadingList} />;
  else if (agents.data.length === 0) body = <EmptyState title={AGENT_TEXTS.emptyTitle} description={AGENT_TEXTS.emptyText} />;
  else
    body = (
      <ul className="sb-agents-grid" aria-label="Agents">
        {agents.data.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} />
          </li>
        ))}
      </ul>
    );

  return (
    <Flex direction="column" gap="5" className="sb-agents-page">
      <Flex justify="between" align="start" gap="3">
        <Box>
          <Heading as="h1" size="7">
            {AGENT_TEXTS.listHeading}
          </Heading>
          <Text as="p" color="gray" mt="1">
            {AGENT_TEXTS.listIntro}
          </Text>
        </Box>
        <Flex gap="2" align="center" flexShrink="0">
          <Tooltip content={AGENT_TEXTS.refresh}>
            <IconButton
              variant="soft"
              color="gray"
              size="3"
              aria-label={AGENT_TEXTS.refresh}
              disabled={loading}
              onClick={() => void agents.mutate()}
            >
              <RefreshIcon width="18" height="18" />
            </IconButton>
          </Tooltip>
          <Button size="3" className="sb-agents-new-button" onClick={() => setCreating(true)}>
            <PlusIcon /> {AGENT_TEXTS.newAgent}
          </Button>
        </Flex>
      </Flex>
      {body}
      <IconButton
        size="4"
        radius="full"
        className="sb-agents-fab"
        aria-label={AGENT_TEXTS.addNewAgent}
        onClick={() => setCreating(true)}
      >
        <PlusIcon width="22" height="22" />
      </IconButton>
      <CreateAgentDialog open={creating} onOpenChange={setCreating} />
    </Flex>
  );
}
