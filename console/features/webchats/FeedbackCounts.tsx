import { Flex, Text } from '@radix-ui/themes';
import type { FeedbackCounts as Counts } from '../../../shared/types/history.js';
import { ThumbDownIcon, ThumbUpIcon } from '../../components/icons.js';
import { FEEDBACK_TEXTS } from './feedbackTexts.js';

export interface FeedbackCountsProps {
  counts: Counts;
  /** Said to screen readers after the counts, e.g. 'in the last 30 days'. */
  span?: string;
}

/** Thumbs up and down as two small counts (issue 25), read out as one sentence. */
export function FeedbackCounts({ counts, span }: FeedbackCountsProps) {
  const label = FEEDBACK_TEXTS.counts(counts.up, counts.down, span);
  return (
    <Flex gap="2" align="center" role="img" aria-label={label} title={label} className="sb-feedback-counts">
      <Flex gap="1" align="center">
        <ThumbUpIcon />
        <Text size="2">{counts.up}</Text>
      </Flex>
      <Flex gap="1" align="center" data-down={counts.down > 0 || undefined}>
        <ThumbDownIcon />
        <Text size="2">{counts.down}</Text>
      </Flex>
    </Flex>
  );
}
