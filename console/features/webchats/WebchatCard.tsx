import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../shared/format.js';
import type { Webchat } from '../../../shared/types/webchat.js';
import { useCardClick } from '../../components/useCardClick.js';
import { webchatPath } from './useWebchatEditor.js';

export interface WebchatCardProps {
  bot: Webchat;
}

/**
 * One bot in the list (spec part 2 §2): name, ACTIVE/INACTIVE, description, model, active
 * conversations ('{n} active', kept live by useWebchatActivity) and the Created or Modified date.
 * The name is the link; a click elsewhere opens it too.
 */
export function WebchatCard({ bot }: WebchatCardProps) {
  const enabled = bot.enabled !== false;
  const modified = bot.updated_at > bot.created_at;
  const open = useCardClick(webchatPath(bot.id));
  return (
    <Card size="2" className="sb-link-card" onClick={open} data-testid="webchat-card">
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="start" gap="2">
          <Heading as="h2" size="4">
            <RouterLink to={webchatPath(bot.id)} className="sb-link-card-name">
              {bot.name}
            </RouterLink>
          </Heading>
          <Badge color={enabled ? 'green' : 'gray'} variant="soft">
            {enabled ? 'ACTIVE' : 'INACTIVE'}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray" className="sb-link-card-description">
          {bot.description}
        </Text>
        <Flex justify="between" align="center" gap="3" mt="auto" wrap="wrap">
          <Flex gap="3" align="center">
            <Badge variant="outline" color="gray" aria-label={`Model: ${bot.model}`}>
              {bot.model}
            </Badge>
            <Text size="2">{bot.active_conversations ?? 0} active</Text>
          </Flex>
          <Text size="1" color="gray">
            {modified ? `Modified ${formatDate(bot.updated_at)}` : `Created ${formatDate(bot.created_at)}`}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}
