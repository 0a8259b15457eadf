import { Flex, Text } from '@radix-ui/themes';
import { formatCount, formatMs, formatUsd, NOT_MEASURED } from '../../../../shared/format.js';
import type { AnswerFigures } from '../../../../shared/types/history.js';
import { ANSWER_FIGURES_TEXTS as T } from './conversationTexts.js';

/**
 * Under a bot answer: its time to first token, tokens and cost (issue 21). An answer from before
 * they were kept reads "—" for each; the model is named when known, as the cost is priced by it.
 */
export function AnswerFiguresLine({ figures }: { figures: AnswerFigures | null }) {
  const tokens =
    figures && figures.inputTokens !== null
      ? T.tokenCounts(
          formatCount(figures.inputTokens),
          formatCount(figures.cachedTokens),
          formatCount(figures.outputTokens),
        )
      : NOT_MEASURED;
  return (
    <Flex asChild gap="3" wrap="wrap" mt="2">
      <dl className="sb-answer-figures">
        <Figure label={T.firstToken} value={formatMs(figures?.ttftMs)} />
        <Figure label={T.tokens} value={tokens} />
        <Figure label={T.cost} value={formatUsd(figures?.costUsd)} />
        {figures ? <Figure label={T.model} value={figures.model} /> : null}
      </dl>
    </Flex>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text as="div" size="1" color="gray">
      <dt>{label}</dt> <dd>{value}</dd>
    </Text>
  );
}
