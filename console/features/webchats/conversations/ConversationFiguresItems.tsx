import { formatCount, formatMs, formatUsd } from '../../../../shared/format.js';
import type { ConversationFigures } from '../../../../shared/types/history.js';
import { DataRow } from '../../../components/DataRow.js';
import { ANSWER_FIGURES_TEXTS as T } from './conversationTexts.js';

const VALUE = 'sb-figure-value';

/**
 * The conversation header's totals over its kept answers (issue 21), as items of its data list:
 * "—" each when no kept answer has figures (answers from before they were kept).
 */
export function ConversationFiguresItems({ figures }: { figures: ConversationFigures | null }) {
  const tokens = [figures?.inputTokens, figures?.cachedTokens, figures?.outputTokens].map(formatCount).join(' / ');
  return (
    <>
      <DataRow label={T.totalTokens} value={tokens} valueClassName={VALUE} />
      <DataRow label={T.totalCost} value={formatUsd(figures?.costUsd)} valueClassName={VALUE} />
      <DataRow label={T.medianFirstToken} value={formatMs(figures?.ttftP50Ms)} valueClassName={VALUE} />
      <DataRow label={T.measuredAnswers} value={formatCount(figures?.answers)} valueClassName={VALUE} />
    </>
  );
}
