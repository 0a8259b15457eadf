import { Flex, Text, VisuallyHidden } from '@radix-ui/themes';
import type { FeedbackCounts as Counts } from '../../../shared/types/history.js';
import { ThumbDownIcon, ThumbUpIcon } from '../../components/icons.js';
import { FEEDBACK_TEXTS } from './feedbackTexts.js';

export interface FeedbackCountsProps {
  counts: Counts;
  /** Said after the counts, e.g. 'in the last 30 days'. */
  span?: string;
}

/** Thumbs up and down as two small counts (issue 25); screen readers get them as one sentence. */
export function FeedbackCounts({ counts, span }: FeedbackCountsProps) {
  const label = FEEDBACK_TEXTS.counts(counts.up, counts.down, span);
  return (
    <Flex gap="2" align="center" title={label} className="sb-feedback-counts">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Flex gap="1" align="center" aria-hidden>
        <ThumbUpIcon />
        <Text size="2">{counts.up}</Text>
      </Flex>
      <Flex gap="1" align="center" aria-hidden>
        <ThumbDownIcon />
        <Text size="2">{counts.down}</Text>
      </Flex>
    </Flex>
  );
}
