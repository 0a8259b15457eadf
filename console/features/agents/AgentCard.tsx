import { Link as RouterLink } from 'react-router-dom';
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatPhone } from '../../../shared/format.js';
import type { Agent } from '../../../shared/types/agent.js';
import { useCardClick } from '../../components/useCardClick.js';
import { MicIcon, MicOffIcon, PhoneIcon, SpeakIcon, WaitIcon, WrenchIcon } from '../../components/icons.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { AgentIndicator } from './AgentIndicator.js';
import { cardDescription } from './cardDescription.js';

export interface AgentCardProps {
  agent: Agent;
}

export function agentPath(agentId: string): string {
  return `/agents/${encodeURIComponent(agentId)}`;
}

/**
 * One agent in the list (spec part 1 §2). The name is the link (Tab + Enter); a click anywhere
 * else on the card opens the agent too. The status icons stay focusable for their tooltips,
 * which is why the whole card is not one big link.
 */
export function AgentCard({ agent }: AgentCardProps) {
  const toolCount = agent.tools?.length ?? 0;
  const description = cardDescription(agent);
  const open = useCardClick(agentPath(agent.id));
  return (
    <Card size="2" className="sb-link-card" onClick={open} data-testid="agent-card">
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="start" gap="2">
          <Heading as="h2" size="4">
            <RouterLink to={agentPath(agent.id)} className="sb-link-card-name">
              {agent.name}
            </RouterLink>
          </Heading>
          <Badge variant="soft" aria-label={`Voice: ${agent.voice}`}>
            {agent.voice}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray" className="sb-link-card-description">
          {description}
        </Text>
        <Flex justify="between" align="center" gap="3" mt="auto" wrap="wrap">
          {agent.phoneNumber ? (
            <Flex align="center" gap="1">
              <PhoneIcon aria-label="Phone number" role="img" aria-hidden={undefined} />
              <Text size="2">{formatPhone(agent.phoneNumber)}</Text>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              No phone number
            </Text>
          )}
          <Flex align="center" gap="3">
            <AgentIndicator label={AGENT_TEXTS.toolsEnabled(toolCount)} on={toolCount > 0}>
              <WrenchIcon />
              <Text size="2">{toolCount}</Text>
            </AgentIndicator>
            <AgentIndicator label={AGENT_TEXTS.speakFirst(agent.speakFirst)} on={agent.speakFirst}>
              {agent.speakFirst ? <SpeakIcon /> : <WaitIcon />}
            </AgentIndicator>
            <AgentIndicator label={AGENT_TEXTS.transcription(agent.transcription)} on={agent.transcription}>
              {agent.transcription ? <MicIcon /> : <MicOffIcon />}
            </AgentIndicator>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
