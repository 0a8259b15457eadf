import { Flex, Text } from '@radix-ui/themes';
import type { AnswerFeedback } from '../../../../shared/types/history.js';
import { ThumbDownIcon, ThumbUpIcon } from '../../../components/icons.js';
import { FEEDBACK_TEXTS } from '../feedbackTexts.js';

/** The visitor's rating of an answer under it (issue 25), with their comment when they gave one. */
export function AnswerFeedbackLine({ feedback }: { feedback: AnswerFeedback | undefined }) {
  if (!feedback) return null;
  const good = feedback.rating === 'up';
  return (
    <Flex direction="column" gap="1" mt="2" className="sb-answer-feedback" data-rating={feedback.rating}>
      <Flex gap="1" align="center">
        <Text size="1" color={good ? 'green' : 'red'} asChild>
          <Flex align="center">{good ? <ThumbUpIcon /> : <ThumbDownIcon />}</Flex>
        </Text>
        <Text size="1" color={good ? 'green' : 'red'} weight="medium">
          {good ? FEEDBACK_TEXTS.good : FEEDBACK_TEXTS.bad}
        </Text>
      </Flex>
      {feedback.comment ? (
        <Text as="p" size="1" className="sb-answer-feedback-comment">
          <Text weight="medium">{FEEDBACK_TEXTS.comment}: </Text>
          {feedback.comment}
        </Text>
      ) : null}
    </Flex>
  );
}
