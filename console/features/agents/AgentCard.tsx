import { Badge, Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { formatPhone } from '../../../shared/format.js';
import type { Agent } from '../../../shared/types/agent.js';
import { MicIcon, MicOffIcon, PhoneIcon, SpeakIcon, WaitIcon, WrenchIcon } from '../../components/icons.js';
import { LinkCard } from '../../components/LinkCard.js';
import { AgentIndicator } from './AgentIndicator.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { cardDescription } from './cardDescription.js';

export interface AgentCardProps {
  agent: Agent;
}

export function agentPath(agentId: string): string {
  return `/agents/${encodeURIComponent(agentId)}`;
}

/**
 * One agent in the list (spec part 1 §2). The name is the link and the card's only tab stop
 * (Tab + Enter); a click anywhere else on the card opens the agent too. The link's description
 * reads the card out: voice, description, number and the three status icons, whose tooltips
 * show on hover (issue 7, finding 11).
 */
export function AgentCard({ agent }: AgentCardProps) {
  const toolCount = agent.tools?.length ?? 0;
  const description = cardDescription(agent);
  const id = useId();
  const part = (name: string) => `${id}-${name}`;
  const describedBy = ['voice', 'description', 'phone', 'tools', 'speak', 'transcription'].map(part).join(' ');
  return (
    <LinkCard
      path={agentPath(agent.id)}
      name={agent.name}
      testId="agent-card"
      describedBy={describedBy}
      badge={
        <Badge id={part('voice')} variant="soft" aria-label={`Voice: ${agent.voice}`}>
          {agent.voice}
        </Badge>
      }
      description={description}
      descriptionId={part('description')}
      footer={
        <>
          {agent.phoneNumber ? (
            <Flex id={part('phone')} align="center" gap="1">
              <PhoneIcon aria-label="Phone number" role="img" aria-hidden={undefined} />
              <Text size="2">{formatPhone(agent.phoneNumber)}</Text>
            </Flex>
          ) : (
            <Text id={part('phone')} size="2" color="gray">
              No phone number
            </Text>
          )}
          <Flex align="center" gap="3">
            <AgentIndicator id={part('tools')} label={AGENT_TEXTS.toolsEnabled(toolCount)} on={toolCount > 0}>
              <WrenchIcon />
              <Text size="2">{toolCount}</Text>
            </AgentIndicator>
            <AgentIndicator id={part('speak')} label={AGENT_TEXTS.speakFirst(agent.speakFirst)} on={agent.speakFirst}>
              {agent.speakFirst ? <SpeakIcon /> : <WaitIcon />}
            </AgentIndicator>
            <AgentIndicator
              id={part('transcription')}
              label={AGENT_TEXTS.transcription(agent.transcription)}
              on={agent.transcription}
            >
              {agent.transcription ? <MicIcon /> : <MicOffIcon />}
            </AgentIndicator>
          </Flex>
        </>
      }
    />
  );
}
