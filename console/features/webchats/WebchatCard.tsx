import { Badge, Flex, Text } from '@radix-ui/themes';
import { formatDate } from '../../../shared/format.js';
import type { Webchat } from '../../../shared/types/webchat.js';
import { LinkCard } from '../../components/LinkCard.js';
import { FeedbackCounts } from './FeedbackCounts.js';
import { FEEDBACK_TEXTS } from './feedbackTexts.js';
import { webchatPath } from './useWebchatEditor.js';

export interface WebchatCardProps {
  bot: Webchat;
}

/**
 * One bot in the list (spec part 2 §2): name, ACTIVE/INACTIVE, description, model, active
 * conversations ('{n} active', kept live by useWebchatActivity), visitors' thumbs of the last 30
 * days when there are any (issue 25) and the Created or Modified date.
 * The name is the link; a click elsewhere opens it too.
 */
export function WebchatCard({ bot }: WebchatCardProps) {
  const enabled = bot.enabled !== false;
  const modified = bot.updated_at > bot.created_at;
  const feedback = bot.recent_feedback;
  return (
    <LinkCard
      path={webchatPath(bot.id)}
      name={bot.name}
      testId="webchat-card"
      badge={
        <Badge color={enabled ? 'green' : 'gray'} variant="soft">
          {enabled ? 'ACTIVE' : 'INACTIVE'}
        </Badge>
      }
      description={bot.description}
      footer={
        <>
          <Flex gap="3" align="center">
            <Badge variant="outline" color="gray" aria-label={`Model: ${bot.model}`}>
              {bot.model}
            </Badge>
            <Text size="2">{bot.active_conversations ?? 0} active</Text>
            {feedback && feedback.up + feedback.down > 0 ? (
              <FeedbackCounts counts={feedback} span={FEEDBACK_TEXTS.cardSpan} />
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            {modified ? `Modified ${formatDate(bot.updated_at)}` : `Created ${formatDate(bot.created_at)}`}
          </Text>
        </>
      }
    />
  );
}
